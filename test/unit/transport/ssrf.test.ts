import { UserError, type INode } from 'n8n-workflow';

import { networkError, networkFailureOf } from '../../../nodes/shared/transport/networkFailure';
import {
	classifyNetworkError,
	decideRetryForNetworkError,
	DEFAULT_RETRY_POLICY,
} from '../../../nodes/shared/transport/retry';

/**
 * n8n's SSRF protection refuses a request before it is sent. The errors below are built as n8n 2.41 builds them
 * (`@n8n/backend-network`, ssrf-blocked-ip.error.js and ssrf-blocked-hostname.error.js: a UserError with this
 * message, this description and the address on the error), then wrapped as the request helper wraps a failure.
 */
const node = {
	id: 'n1',
	name: 'Drafting Workspace',
	type: 'draftingWorkspace',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as INode;

function blockedIpError(ip: string): Error {
	const error = new UserError(
		'The request was blocked because it resolves to a restricted IP address',
		{
			description:
				`The target ${ip} is not allowed. This is a security measure to prevent Server-Side Request Forgery (SSRF). ` +
				'If you need to access internal resources, ask your n8n administrator to allowlist the hostname or IP range in the environment configuration.',
			extra: { ip },
		},
	);
	error.name = 'SsrfBlockedIpError';
	return Object.assign(error, { ip });
}

function blockedHostNameError(hostname: string): Error {
	const error = new UserError(
		'The request was blocked because the destination hostname is restricted',
		{ extra: { hostname } },
	);
	error.name = 'SsrfBlockedHostnameError';
	return Object.assign(error, { hostname });
}

function refusal(cause: Error) {
	const failure = networkFailureOf(new Error('Request failed', { cause }));
	const decision = decideRetryForNetworkError(classifyNetworkError(failure.code, failure.message), {
		method: 'GET',
		attempt: 1,
		elapsedMs: 0,
		policy: DEFAULT_RETRY_POLICY,
	});
	return { decision, error: networkError(node, failure, { label: 'GET /v1/models', decision }) };
}

describe("n8n's SSRF protection", () => {
	it('a blocked address: says so, names both settings that allow the service, is not retried, and is the configuration', () => {
		const { decision, error } = refusal(blockedIpError('127.0.0.1'));
		expect(decision.retry).toBe(false);
		expect(error.message).toBe(
			"n8n's SSRF protection blocked the request: the service's address (127.0.0.1) is private or local",
		);
		expect(error.description).toContain('N8N_SSRF_ALLOWED_HOSTNAMES');
		expect(error.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES');
		expect(error.description).toContain('Request: GET /v1/models.');
		expect(error.description).toContain('resolves to a restricted IP address');
		expect(error.failure).toEqual({ cause: 'configuration-invalid' });
	});

	it('a blocked host name: names the deny-list and the allow-list', () => {
		const { error } = refusal(blockedHostNameError('workspace.internal'));
		expect(error.message).toBe(
			"n8n's SSRF protection blocked the request: the service's host name is on its deny-list",
		);
		expect(error.description).toContain('N8N_SSRF_BLOCKED_HOSTNAMES');
		expect(error.description).toContain('N8N_SSRF_ALLOWED_HOSTNAMES');
		expect(error.failure).toEqual({ cause: 'configuration-invalid' });
	});

	it('any other failure keeps its own words', () => {
		const { error } = refusal(
			Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
		);
		expect(error.message).toBe('Could not reach the service (ECONNREFUSED)');
		expect(error.description).not.toContain('N8N_SSRF');
	});
});
