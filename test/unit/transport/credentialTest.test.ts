import fc from 'fast-check';

import { apiKeyProblem, judgeAnswer, judgeNetworkFailure } from '../../../nodes/shared/transport/credentialTest';

const BASE = 'https://ws.example.com';

describe('judgeNetworkFailure: which part of the Base URL to check', () => {
	it.each([
		[BASE, { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 10.0.0.1:443' }, "Nothing answers at ws.example.com:443: check the Base URL's host and port, and that the service is running."],
		['http://127.0.0.1:4010', { code: 'ECONNREFUSED', message: 'x' }, "Nothing answers at 127.0.0.1:4010: check the Base URL's host and port, and that the service is running."],
		['http://ws.example.com/api', { code: 'ECONNREFUSED', message: 'x' }, "Nothing answers at ws.example.com:80: check the Base URL's host and port, and that the service is running."],
		[BASE, { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND ws.example.com' }, "The host ws.example.com was not found (ENOTFOUND): check the Base URL's host name."],
		[BASE, { code: 'EAI_AGAIN', message: 'x' }, "The host ws.example.com could not be looked up right now (EAI_AGAIN): check n8n's network, then test again."],
		[BASE, { code: 'ECONNABORTED', message: 'timeout of 15000ms exceeded' }, 'ws.example.com:443 did not answer within 15 s: check the Base URL, and that n8n can reach the service (a firewall or proxy may be in the way).'],
		[BASE, { code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self-signed certificate' }, "n8n does not trust the certificate of ws.example.com (DEPTH_ZERO_SELF_SIGNED_CERT): check the Base URL's host name, or have n8n trust the service's certificate authority (NODE_EXTRA_CA_CERTS)."],
		[BASE, { code: 'EPROTO', message: 'SSL routines:ssl3_get_record:wrong version number' }, 'ws.example.com:443 does not answer HTTPS (EPROTO): if the service has no TLS, start the Base URL with http://.'],
		['http://ws.example.com:8443', { code: 'ECONNRESET', message: 'socket hang up' }, 'ws.example.com:8443 closed the connection without answering (ECONNRESET): if the service uses TLS, start the Base URL with https://.'],
		[BASE, { code: 'ECONNRESET', message: 'socket hang up' }, 'Could not reach ws.example.com:443 (ECONNRESET): check the Base URL, and that n8n can reach the service.'],
		[BASE, { message: 'something odd' }, 'Could not reach ws.example.com:443 (something odd): check the Base URL, and that n8n can reach the service.'],
	])('%s, %j', (base, failure, message) => expect(judgeNetworkFailure(base, failure)).toEqual({ status: 'Error', message }));
});

describe('apiKeyProblem', () => {
	it.each([
		['', 'The API key is empty: paste the key shown once when it was created in the workspace.'],
		['   ', 'The API key is empty: paste the key shown once when it was created in the workspace.'],
		['dwk_abc\n', 'The API key contains spaces or line breaks: paste it again, without them.'],
		['dwk_a bc', 'The API key contains spaces or line breaks: paste it again, without them.'],
		['dwk_abc', undefined],
	])('%j', (key, problem) => expect(apiKeyProblem(key)).toBe(problem));
});

describe('judgeAnswer: any answer the probe may get', () => {
	const json = fc.oneof(fc.object(), fc.constant({ object: 'list', data: [] }), fc.constant({ error: 'missing_scope', message: 'needs chat:completions' }));
	const body = fc.oneof(
		json.map((value) => JSON.stringify(value)),
		fc.constant('<!doctype html><html></html>'),
		fc.constant(''),
		fc.string(),
		fc.jsonValue().map((value) => JSON.stringify(value)),
	);
	const headers = fc.record({ location: fc.option(fc.webUrl(), { nil: undefined }), 'retry-after': fc.option(fc.constantFrom('7', 'soon'), { nil: undefined }), 'www-authenticate': fc.option(fc.constant('Bearer error="invalid_api_key"'), { nil: undefined }) }, { requiredKeys: [] });
	const base = fc.constantFrom(BASE, 'http://127.0.0.1:4010', 'https://ws.example.com/api');

	it('property: OK exactly for a JSON object answered 2xx or 403 (a scope the key lacks); every refusal is one sentence that names what to do', () => {
		fc.assert(
			fc.property(base, fc.integer({ min: 200, max: 599 }), headers, body, (baseUrl, statusCode, answerHeaders, answerBody) => {
				const result = judgeAnswer(baseUrl, { statusCode, headers: answerHeaders, body: answerBody });
				let parsed: unknown;
				try {
					parsed = JSON.parse(answerBody);
				} catch {
					parsed = undefined;
				}
				const isObject = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
				const shouldPass = isObject && ((statusCode >= 200 && statusCode < 300) || statusCode === 403);
				expect(result.status).toBe(shouldPass ? 'OK' : 'Error');
				if (result.status === 'Error') {
					expect(result.message).toMatch(/^[A-Z0-9].*[.!]$/s);
					expect(result.message).not.toMatch(/\n/);
					expect(result.message).toMatch(/: /);
				}
			}),
			{ numRuns: 2000 },
		);
	});

	it('shape-1 refusals use the error catalogue (one wording for the node and the dialog), with advice for the dialog', () => {
		expect(judgeAnswer(BASE, { statusCode: 423, body: '{"error":"tenant_locked"}' })).toEqual({
			status: 'Error',
			message: 'The workspace is momentarily locked (tenant_locked): its encryption key is not available right now. This passes by itself: test again in a minute.',
		});
		expect(judgeAnswer(BASE, { statusCode: 401, headers: { 'WWW-Authenticate': 'Bearer error="no_tenant"' }, body: '' }).message).toMatch(/^The user who issued this API key no longer belongs to a workspace \(no_tenant\)\./);
	});

	it('a redirect names where to, without the probe path or any user information', () => {
		expect(judgeAnswer('http://ws.example.com', { statusCode: 308, headers: { Location: 'https://user:pw@ws.example.com/v1/models' }, body: '' }).message).toBe(
			'The Base URL redirects (308) to https://***@ws.example.com: enter that address as the Base URL (the key is not sent to a redirect).',
		);
	});
});
