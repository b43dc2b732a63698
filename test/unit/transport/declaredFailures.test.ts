import { NodeApiError, NodeOperationError, type INode } from 'n8n-workflow';

import { ensureNodeError } from '../../../nodes/shared/common/errors';
import { cancellationError } from '../../../nodes/shared/transport/cancel';
import { networkError } from '../../../nodes/shared/transport/networkFailure';
import { resolveOrRefuse } from '../../../nodes/shared/transport/origin';
import { redirectError } from '../../../nodes/shared/transport/redirect';
import { withFailure } from '../../../nodes/shared/transport/failure';

/** The errors the node raises without a service code: each declares a cause where one is true, none where not. */
const node = {
	id: 'n1',
	name: 'Drafting Workspace',
	type: 'draftingWorkspace',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as INode;

const network = (code: string | undefined, message: string, retry = false) =>
	networkError(
		node,
		{ code, message },
		{
			label: 'GET /workflows',
			decision: retry ? { retry: true, delayMs: 1, reason: 'r' } : { retry: false, reason: 'r' },
		},
	).failure;

describe('a failure without an HTTP answer', () => {
	it.each([
		['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'],
		['EAI_AGAIN', 'getaddrinfo EAI_AGAIN workspace.example.com'],
		['ECONNRESET', 'socket hang up'],
		['ETIMEDOUT', 'connect ETIMEDOUT'],
		['ECONNABORTED', 'timeout of 60000ms exceeded'],
		['EHOSTUNREACH', 'connect EHOSTUNREACH'],
		['ENETUNREACH', 'connect ENETUNREACH'],
		[undefined, 'socket hang up'],
	])('%s (%s): the service is down or slow for now', (code, message) => {
		expect(network(code, message)).toEqual({ cause: 'temporarily-unavailable' });
	});

	it.each([
		['ENOTFOUND', 'getaddrinfo ENOTFOUND workspace.exmaple.com'],
		[undefined, 'certificate has expired'],
		[undefined, 'self-signed certificate in certificate chain'],
		['ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"],
	])(
		'%s (%s): waiting does not help, the Base URL or the certificate must be fixed',
		(code, message) => {
			expect(network(code, message)).toEqual({ cause: 'configuration-invalid' });
		},
	);

	it('an unknown failure without a code says nothing it does not know', () => {
		expect(network(undefined, 'something else')).toBeUndefined();
		expect(network('EMFILE', 'too many open files')).toBeUndefined();
	});
});

describe('refusals of the node itself', () => {
	it('a redirect and a link outside the service: the Base URL must change', () => {
		expect(redirectError(node, 302, 'GET /workflows').failure).toEqual({
			cause: 'configuration-invalid',
		});
		let refused: unknown;
		try {
			resolveOrRefuse(
				node,
				'https://workspace.example.com',
				'https://elsewhere.example.com/file.pdf',
			);
		} catch (error) {
			refused = error;
		}
		expect(refused).toBeInstanceOf(NodeOperationError);
		expect((refused as NodeOperationError).failure).toEqual({ cause: 'configuration-invalid' });
	});

	it('a cancelled execution declares nothing: nothing failed, the user stopped it', () => {
		expect(cancellationError(node, 0).failure).toBeUndefined();
	});

	it('a bug (TypeError, ReferenceError, RangeError) is a node defect; another plain error declares nothing', () => {
		expect(
			ensureNodeError(node, new TypeError("Cannot read properties of undefined (reading 'id')"))
				.failure,
		).toEqual({ cause: 'node-defect' });
		expect(ensureNodeError(node, new RangeError('Invalid time value')).failure).toEqual({
			cause: 'node-defect',
		});
		expect(ensureNodeError(node, new ReferenceError('x is not defined')).failure).toEqual({
			cause: 'node-defect',
		});
		expect(ensureNodeError(node, new Error('disk full')).failure).toBeUndefined();
		expect(ensureNodeError(node, 'text').failure).toBeUndefined();
	});

	it('a node error passes through with the failure it declared', () => {
		const declared = withFailure(new NodeApiError(node, { status: 401 }, { httpCode: '401' }), {
			cause: 'credential-invalid',
		});
		expect(ensureNodeError(node, declared, 3)).toBe(declared);
		expect(declared.failure).toEqual({ cause: 'credential-invalid' });
		// Wrapping keeps it too (n8n's NodeError copies it from the wrapped error).
		expect(new NodeOperationError(node, declared).failure).toEqual({ cause: 'credential-invalid' });
	});
});
