import type { ICredentialsDecrypted, ICredentialTestFunctions, IDataObject, INodeCredentialTestResult } from 'n8n-workflow';

import { parseBaseUrl } from './baseUrl';
import { networkFailureOf } from './networkFailure';

/**
 * The credential dialog's Test, run by each node that uses the credential (`testedBy`). A declarative test could
 * only show a network failure as its bare code (ECONNREFUSED, ERR_INVALID_URL): this one says what it means.
 * It probes GET /v1/models, whose answer is one JSON object, and passes for any valid key whatever its scopes: a
 * 403 (missing_scope, chat_disabled) still proves the key valid, so only the refusal codes fail it.
 */

/** The service's refusal codes (shape 1) in the dialog's words. */
const REFUSALS: Record<string, string> = {
	invalid_api_key:
		'invalid_api_key: the service refused this API key (wrong, revoked or expired). Create a new key in the workspace and paste it here in full.',
	no_tenant:
		'no_tenant: the user who issued this key no longer belongs to a workspace. Ask a workspace admin for a key issued by an active member.',
	tenant_locked:
		'tenant_locked: the workspace is momentarily locked (its encryption key is unavailable). This is transient: test again in a minute.',
	feature_disabled:
		'feature_disabled: API keys are disabled on this deployment. Ask the service administrator to enable API access (Automation plan).',
};

const NOT_THE_API =
	"The Base URL does not point at the Drafting Workspace API (404 for GET /v1/models): enter the root of the service's API as shown next to your API keys, e.g. https://workspace.example.com (with or without /v1).";

/** What a network failure without an answer means, in words, for the address tested. */
export function unreachableWording(code: string | undefined, address: string): string {
	switch (code) {
		case 'ECONNREFUSED':
			return `Nothing answers at ${address} (ECONNREFUSED): check the host and the port of the Base URL, and that the service is running there.`;
		case 'ENOTFOUND':
			return `The host of ${address} was not found (ENOTFOUND): check the Base URL for typos.`;
		case 'ETIMEDOUT':
		case 'ECONNABORTED':
		case 'ESOCKETTIMEDOUT':
			return `${address} did not answer in time (${code}): check the host and the port, and that no firewall drops the connection.`;
		case 'ECONNRESET':
			return `${address} closed the connection before answering (ECONNRESET): check the port, and whether the address needs https:// rather than http://.`;
		default:
			return `Could not reach the service at ${address}${code ? ` (${code})` : ''}: check the host and the port of the Base URL.`;
	}
}

function errorCodeOf(body: unknown): string | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const error = (body as IDataObject).error;
	return typeof error === 'string' ? error : undefined;
}

export async function testDraftingWorkspaceApi(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = (credential.data ?? {}) as IDataObject;
	const parsed = parseBaseUrl(String(data.baseUrl ?? ''));
	if (!parsed.ok) return { status: 'Error', message: parsed.problem };
	const address = new URL(parsed.url).host;
	let response: { statusCode: number; body: unknown };
	try {
		response = (await this.helpers.request({
			uri: `${parsed.url}/v1/models`,
			method: 'GET',
			headers: { Accept: 'application/json', Authorization: `Bearer ${String(data.apiKey ?? '')}` },
			json: true,
			resolveWithFullResponse: true,
			simple: false,
			followRedirect: false,
		})) as { statusCode: number; body: unknown };
	} catch (error) {
		const failure = networkFailureOf(error);
		if (/certificate|self[- ]signed|ERR_TLS|CERT_/i.test(`${failure.code ?? ''} ${failure.message}`))
			return { status: 'Error', message: `The certificate of ${address} is not trusted by n8n: use the service's address with a valid certificate, or have n8n trust its authority.` };
		return { status: 'Error', message: unreachableWording(failure.code, address) };
	}
	const { statusCode, body } = response;
	const code = errorCodeOf(body);
	if (code && REFUSALS[code]) return { status: 'Error', message: REFUSALS[code] };
	if (statusCode === 404) return { status: 'Error', message: NOT_THE_API };
	if (statusCode === 401) return { status: 'Error', message: `The service refused this API key (401${code ? `, ${code}` : ''}). Create a new key in the workspace and paste it here in full.` };
	if (statusCode >= 300 && statusCode < 400)
		return { status: 'Error', message: `The Base URL redirects (${statusCode} for GET /v1/models): enter the address it redirects to, as shown next to your API keys.` };
	if (statusCode >= 500) return { status: 'Error', message: `The service answered ${statusCode} for GET /v1/models: test again later, or check the Base URL.` };
	return { status: 'OK', message: 'Connection successful!' };
}
