import type { IDataObject, INodeCredentialTestResult } from 'n8n-workflow';

import { redactUserinfo } from './baseUrl';
import { catalogueEntry } from './errorCatalogue';
import { headerValue, parseServiceError } from './errors';
import type { NetworkFailure } from './networkFailure';

/**
 * What the credential dialog says after the test request (GET /v1/models with the key). Pure: the answer or the
 * network failure in, n8n's result out. A valid key passes whatever its scopes (a 403 names a scope or a feature,
 * so the key was recognised). Every failure says what is wrong in the user's terms and what to change; none ever
 * carries the key (the Base URL it names is one `parseBaseUrl` accepted, so it has no user information).
 */

/** The probe: its answer is always one JSON object for a key the service recognises. */
export const CREDENTIAL_TEST_PATH = '/v1/models';

/** How long the test waits for an answer: the dialog is a person waiting. */
export const CREDENTIAL_TEST_TIMEOUT_MS = 15_000;

export type CredentialTestOutcome =
	| { answer: { statusCode: number; headers?: IDataObject; body: unknown } }
	| { failure: NetworkFailure };

const CONNECTION_OK: INodeCredentialTestResult = { status: 'OK', message: 'Connection successful!' };

const error = (message: string): INodeCredentialTestResult => ({ status: 'Error', message });

/** Advice where the catalogue's (written for a node's run) does not fit the credential dialog. */
const DIALOG_FIXES: Record<string, string> = {
	invalid_api_key: 'Create a new key in the workspace and paste it here in full: revoked and expired keys cannot be restored.',
	tenant_locked: 'This passes by itself: test again in a minute.',
};

/** The key is empty or carries characters no key has (a line break pasted with it): said before anything is sent. */
export function apiKeyProblem(apiKey: string): string | undefined {
	if (apiKey.trim() === '') return 'The API key is empty: paste the key shown once when it was created in the workspace.';
	if (/\s/.test(apiKey)) return 'The API key contains spaces or line breaks: paste it again, without them.';
	return undefined;
}

/** `host:port`, the port always written (the default one of the scheme when the Base URL has none). */
function hostAndPort(base: URL): string {
	return `${base.hostname}:${base.port || (base.protocol === 'https:' ? '443' : '80')}`;
}

/** A network failure in the words of the Base URL: which part of it to check. */
export function judgeNetworkFailure(baseUrl: string, failure: NetworkFailure): INodeCredentialTestResult {
	const base = new URL(baseUrl);
	const at = hostAndPort(base);
	const text = `${failure.code ?? ''} ${failure.message}`;
	if (failure.code === 'ECONNREFUSED')
		return error(`Nothing answers at ${at}: check the Base URL's host and port, and that the service is running.`);
	if (failure.code === 'ENOTFOUND')
		return error(`The host ${base.hostname} was not found (ENOTFOUND): check the Base URL's host name.`);
	if (failure.code === 'EAI_AGAIN')
		return error(`The host ${base.hostname} could not be looked up right now (EAI_AGAIN): check n8n's network, then test again.`);
	if (/ETIMEDOUT|ECONNABORTED|ESOCKETTIMEDOUT|timeout/i.test(text))
		return error(`${at} did not answer within ${CREDENTIAL_TEST_TIMEOUT_MS / 1000} s: check the Base URL, and that n8n can reach the service (a firewall or proxy may be in the way).`);
	if (/CERT|self[- ]signed|ERR_TLS/i.test(text))
		return error(`n8n does not trust the certificate of ${base.hostname} (${failure.code ?? 'TLS'}): check the Base URL's host name, or have n8n trust the service's certificate authority (NODE_EXTRA_CA_CERTS).`);
	if (base.protocol === 'https:' && /EPROTO|wrong version number|SSL/i.test(text))
		return error(`${at} does not answer HTTPS (${failure.code ?? 'TLS'}): if the service has no TLS, start the Base URL with http://.`);
	if (base.protocol === 'http:' && /ECONNRESET|socket hang up/i.test(text))
		return error(`${at} closed the connection without answering (${failure.code ?? 'reset'}): if the service uses TLS, start the Base URL with https://.`);
	return error(`Could not reach ${at} (${failure.code ?? failure.message}): check the Base URL, and that n8n can reach the service.`);
}

/** An HTTP answer to the probe, judged. */
export function judgeAnswer(baseUrl: string, answer: { statusCode: number; headers?: IDataObject; body: unknown }): INodeCredentialTestResult {
	const { statusCode: status, headers, body } = answer;
	const json = jsonObject(body);
	const request = `GET ${new URL(baseUrl).pathname.replace(/\/$/, '')}${CREDENTIAL_TEST_PATH}`;
	if (status >= 200 && status < 300)
		return json
			? CONNECTION_OK
			: error(`The Base URL answers, but not as the Drafting Workspace API (${request} gave ${describeBody(body)}, not JSON): enter the API's address, shown next to your API keys in the workspace.`);
	if (status >= 300 && status < 400) return judgeRedirect(status, headerValue(headers, 'location'));
	if (status === 404) return judgeNotFound(baseUrl, request);
	const info = parseServiceError(status, headers, body);
	const known = catalogueEntry(info.code);
	// The refusals of the key itself (shape 1): the service recognised the request and refused the key or the workspace.
	if (known && [401, 423, 503].includes(status)) {
		const { message, fix } = known.explain(info.body);
		return error(`${message}. ${DIALOG_FIXES[info.code] ?? fix}`);
	}
	if (status === 401)
		return error(`The service refused the API key (401${info.code.startsWith('http_') ? '' : ` ${info.code}`}): paste the whole key, as shown once at its creation; a revoked or expired key needs a new one.`);
	// A 403 of the API names a scope or a feature the key lacks: the key itself is valid.
	if (status === 403 && json) return CONNECTION_OK;
	if (status === 403)
		return error(`Something in front of the service refused the request (403 with ${describeBody(body)}, not an answer of the API): check the Base URL, or ask whoever runs the service whether n8n may reach it.`);
	if (status === 429)
		return error(`The service is limiting this key's requests right now (429), so the key was not checked: test again${info.retryAfterSeconds === undefined ? ' in a minute' : ` in ${info.retryAfterSeconds} s`}.`);
	if (status >= 500) return error(`The service answered ${status} (${info.code}): it has a problem right now, so the key was not checked; test again later.`);
	return error(`The Base URL answered ${status} for ${request}, not as the Drafting Workspace API: enter the API's address, shown next to your API keys in the workspace.`);
}

/** The Base URL has a path the API is not under: the root of the service is suggested; at the root, its host and port. */
function judgeNotFound(baseUrl: string, request: string): INodeCredentialTestResult {
	const base = new URL(baseUrl);
	const where =
		base.pathname === '/'
			? "check its host and port, or enter the API's address as shown next to your API keys"
			: `enter the root of the service's API as shown next to your API keys, e.g. ${base.origin}`;
	return error(`The Base URL does not point at the Drafting Workspace API (404 for ${request}): ${where} (with or without /v1).`);
}

function judgeRedirect(status: number, location: string | undefined): INodeCredentialTestResult {
	if (!location) return error(`The Base URL answers with a redirect (${status}) that names no address: enter the API's address, shown next to your API keys.`);
	// The address the service moved to, as a Base URL: without the probe's path (http → https is the usual case).
	const target = redactUserinfo(location).replace(/\/v1\/models\/?(\?.*)?$/, '');
	return error(`The Base URL redirects (${status}) to ${target}: enter that address as the Base URL (the key is not sent to a redirect).`);
}

function jsonObject(body: unknown): IDataObject | undefined {
	let value = body;
	if (typeof body === 'string') {
		try {
			value = JSON.parse(body);
		} catch {
			return undefined;
		}
	}
	return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;
}

function describeBody(body: unknown): string {
	const text = typeof body === 'string' ? body.trim() : '';
	if (text === '') return 'an empty answer';
	return /^<(!doctype|html)/i.test(text) ? 'a web page' : 'an answer';
}
