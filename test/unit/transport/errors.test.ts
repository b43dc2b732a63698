import { NodeOperationError, type IExecuteFunctions, type INode } from 'n8n-workflow';

import { createdOf, withCreated } from '../../../nodes/shared/common/errors';
import {
	explainServiceError,
	parseRetryAfterSeconds,
	parseServiceError,
} from '../../../nodes/shared/transport/errors';

describe("parseServiceError: the contract's three shapes", () => {
	it('shape 1 with the WWW-Authenticate code', () => {
		expect(
			parseServiceError(
				401,
				{ 'www-authenticate': 'Bearer error="invalid_api_key"' },
				{ error: 'invalid_api_key' },
			),
		).toMatchObject({
			shape: 1,
			code: 'invalid_api_key',
		});
		expect(
			parseServiceError(401, { 'WWW-Authenticate': 'Bearer error="no_tenant"' }, ''),
		).toMatchObject({ shape: 1, code: 'no_tenant' });
	});

	it('shape 2 with extra fields', () => {
		const info = parseServiceError(
			400,
			{},
			JSON.stringify({ error: 'fields_missing', message: 'x', unresolvedFields: ['a.b', 'c'] }),
		);
		expect(info).toMatchObject({ shape: 2, code: 'fields_missing', serviceMessage: 'x' });
		expect(explainServiceError(info).message).toContain('a.b; c');
	});

	it('shape 3 nested OpenAI body', () => {
		const info = parseServiceError(
			429,
			{ 'retry-after': '7' },
			{ error: { type: 'quota_exceeded', reset_at: '2026-12-01T00:00:00Z', request_id: 'req_1' } },
		);
		expect(info).toMatchObject({ shape: 3, code: 'quota_exceeded', retryAfterSeconds: 7 });
		expect(explainServiceError(info).message).toContain('resets at 2026-12-01T00:00:00Z');
	});

	it('a proxy page or an empty body still gets a code from its status', () => {
		expect(parseServiceError(404, {}, '<html>nope</html>')).toMatchObject({
			shape: 0,
			code: 'not_found',
		});
		expect(parseServiceError(413, {}, undefined)).toMatchObject({ code: 'payload_too_large' });
		expect(parseServiceError(500, {}, undefined)).toMatchObject({ code: 'http_500' });
	});
});

describe('explainServiceError: every shape-2 code of the contract has a message and a fix', () => {
	const codes = [
		'missing_scope',
		'workflow_not_in_allowlist',
		'workflows_disabled',
		'review_required',
		'run_terminal',
		'document_not_ready',
		'document_field_invalid_format',
		'unsupported_media_type',
		'size_exceeded',
		'too_many_pages',
		'storage_limit_reached',
		'invalid_encoding',
		'input_validation_failed',
		'field_fixed',
		'fields_missing',
		'model_not_allowed',
		'tools_not_supported_yet',
		'structured_output_unsupported',
	];
	it.each(codes)('%s', (code) => {
		const { message, fix } = explainServiceError(
			parseServiceError(400, {}, { error: code, message: 'service words' }),
		);
		expect(message).toContain(code);
		expect(fix.length).toBeGreaterThan(20);
	});

	it('missing_scope names the scope, from the body or the message', () => {
		expect(
			explainServiceError(
				parseServiceError(403, {}, { error: 'missing_scope', message: 'needs workflows:run' }),
			).message,
		).toContain('workflows:run');
		expect(
			explainServiceError(
				parseServiceError(
					403,
					{},
					{ error: 'missing_scope', message: 'no', requiredScope: 'documents:read' },
				),
			).fix,
		).toContain('documents:read');
	});

	it('a code named like a property of every object is an unknown code, not a crash (the code is untrusted)', () => {
		for (const code of ['hasOwnProperty', 'constructor', 'toString', '__proto__'])
			expect(
				explainServiceError(parseServiceError(400, {}, { error: code, message: 'm' })).message,
			).toBe(`The service answered 400 (${code}): m`);
	});

	it('run input refusals list each failing field from details', () => {
		const info = parseServiceError(
			400,
			{},
			{
				error: 'invalid_input',
				message: 'bad',
				details: [{ field: 'counterparty', message: 'is required' }],
			},
		);
		expect(explainServiceError(info).message).toContain('counterparty: is required');
	});
});

describe('parseRetryAfterSeconds', () => {
	it('reads seconds, HTTP dates and the shape-3 field', () => {
		expect(parseRetryAfterSeconds({ 'Retry-After': '3' })).toBe(3);
		expect(
			parseRetryAfterSeconds({ 'retry-after': new Date(10_000).toUTCString() }, undefined, 4_000),
		).toBe(6);
		expect(parseRetryAfterSeconds({}, { retry_after_seconds: 9 })).toBe(9);
		expect(parseRetryAfterSeconds({})).toBeUndefined();
	});
});

describe('withCreated: a failure after a successful POST keeps what was created in the error’s own fields', () => {
	const node = {
		id: 'n1',
		name: 'Drafting Workspace',
		type: 'draftingWorkspace',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	} as INode;
	const context = (aborted = false) =>
		({
			getNode: () => node,
			getExecutionCancelSignal: () => ({ aborted }) as AbortSignal,
		}) as unknown as IExecuteFunctions;
	const created = {
		ids: { runId: 'run_1', workflowId: 'wf_1' },
		summary: 'Run run_1 was started, but following it failed',
		next: 'The run goes on in the service: do not start it again.',
		mentions: ['run_1'],
	};

	it('puts the ids in context.created, says what exists before the message and what to do first in the description', () => {
		const error = withCreated.call(
			context(),
			new NodeOperationError(node, 'The event stream broke', { description: 'Detail.' }),
			2,
			created,
		);
		expect(error.context.created).toEqual({ runId: 'run_1', workflowId: 'wf_1' });
		expect(error.context.itemIndex).toBe(2);
		expect(error.message).toBe(
			'Run run_1 was started, but following it failed: The event stream broke',
		);
		expect(error.description).toBe(
			'The run goes on in the service: do not start it again.\nDetail.',
		);
		expect(createdOf(error)).toEqual({ runId: 'run_1', workflowId: 'wf_1' });
	});

	it('leaves a message that already names the resource as it is; wraps plain errors', () => {
		expect(
			withCreated.call(
				context(),
				new NodeOperationError(node, 'Run run_1 did not finish within 2 s'),
				0,
				created,
			).message,
		).toBe('Run run_1 did not finish within 2 s');
		const wrapped = withCreated.call(context(), new Error('socket hang up'), 0, created);
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('Run run_1 was started, but following it failed: socket hang up');
	});

	it('a cancelled execution keeps its plain message, and still records the ids', () => {
		const error = withCreated.call(
			context(true),
			new NodeOperationError(node, 'The execution was canceled while waiting for the service'),
			0,
			created,
		);
		expect(error.message).toBe('The execution was canceled while waiting for the service');
		expect(error.context.created).toEqual({ runId: 'run_1', workflowId: 'wf_1' });
	});

	it('mentions default to the string ids', () => {
		const error = withCreated.call(
			context(),
			new NodeOperationError(node, 'Document tdoc_1: 500'),
			0,
			{
				ids: { documentId: 'tdoc_1', links: {} },
				summary: 'Document tdoc_1 was produced',
				next: 'Do not produce it again.',
			},
		);
		expect(error.message).toBe('Document tdoc_1: 500');
		expect(createdOf(new Error('x'))).toBeUndefined();
	});
});
