import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { describeAnswer } from '../../nodes/shared/transport/answer';
import { NOT_OBJECTS, notObject } from '../expectations/untrusted';
import { FIXTURE_IDS, TEMPLATE_IDS } from '../simulator';
import { byId, useIntegrationContext } from './support';
import { CONTINUE_ON_FAIL, completedRun, failureOf } from './untrusted-support';

/**
 * answers of the wrong shape: every operation, every reader of a JSON answer, with the answer replaced by
 * the simulator (`answer` faults) by null, a list, a text, a number…, with Continue On Fail off and on. Each run
 * ends with a NodeApiError naming the request and what came back (or its error item), never a crash; a POST's
 * error says that what it asked for may exist all the same, and how to check.
 */

const ctx = useIntegrationContext({ runTimeScale: 0.1, sseHeartbeatMs: 200 });
const wf = FIXTURE_IDS.workflows;
const mapper = (value: IDataObject) => ({
	mappingMode: 'defineBelow',
	value,
	matchingColumns: [],
	schema: [],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});
const note = {
	base64: Buffer.from('# Terms\n').toString('base64'),
	fileName: 'terms.md',
	mimeType: 'text/markdown',
};

interface ShapeCase {
	name: string;
	method: 'GET' | 'POST';
	/** The request whose answer is replaced (its exact path); `after`: the service handles it first (a POST takes effect). */
	path: (runId: string) => string;
	parameters: (runId: string) => IDataObject;
	list?: boolean;
	/** Headers set over the service's own (an empty Location: the upload's fallback to its status link is gone too). */
	headers?: Record<string, string>;
	items?: Array<{ json: IDataObject; binary?: Record<string, typeof note> }>;
}

const start = {
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.agentSummary),
	inputMode: 'text',
	inputText: 'Summarise the supply agreement.',
};
const CASES: ShapeCase[] = [
	{
		name: 'Run → Get',
		method: 'GET',
		path: (runId) => `/workflows/runs/${runId}`,
		parameters: (runId) => ({ resource: 'run', operation: 'get', runId: byId(runId) }),
	},
	{
		name: 'Run → Get (Simplify)',
		method: 'GET',
		path: (runId) => `/workflows/runs/${runId}`,
		parameters: (runId) => ({
			resource: 'run',
			operation: 'get',
			runId: byId(runId),
			simplify: true,
		}),
	},
	{
		name: 'Run → Wait For Run',
		method: 'GET',
		path: (runId) => `/workflows/runs/${runId}`,
		parameters: (runId) => ({
			resource: 'run',
			operation: 'wait',
			runId: byId(runId),
			waitOptions: { checkInterval: 1, timeout: 30 },
		}),
	},
	{
		name: 'Run → Download File',
		method: 'GET',
		path: (runId) => `/workflows/runs/${runId}`,
		parameters: (runId) => ({ resource: 'run', operation: 'downloadFile', runId: byId(runId) }),
	},
	{
		name: 'Run → Get Many',
		method: 'GET',
		list: true,
		path: () => '/workflows/runs',
		parameters: () => ({ resource: 'run', operation: 'getAll', limit: 10 }),
	},
	{ name: 'Run → Start', method: 'POST', path: () => '/workflows/runs', parameters: () => start },
	{
		name: 'Run → Start (Wait for Completion)',
		method: 'POST',
		path: () => '/workflows/runs',
		parameters: () => ({
			...start,
			waitForCompletion: true,
			waitOptions: { checkInterval: 1, timeout: 30 },
		}),
	},
	{
		name: 'Run → Start (Map Fields: the workflow read)',
		method: 'GET',
		path: () => `/workflows/${wf.inputNda}`,
		parameters: () => ({
			...start,
			workflowId: byId(wf.inputNda),
			inputMode: 'fields',
			inputFields: mapper({ counterparty: 'Initech', effective_date: '2026-03-01' }),
		}),
	},
	{
		name: 'Run → Cancel',
		method: 'POST',
		path: (runId) => `/workflows/runs/${runId}/cancel`,
		parameters: (runId) => ({ resource: 'run', operation: 'cancel', runId: byId(runId) }),
	},
	{
		name: 'Workflow → Get',
		method: 'GET',
		path: () => `/workflows/${wf.agentSummary}`,
		parameters: () => ({
			resource: 'workflow',
			operation: 'get',
			workflowId: byId(wf.agentSummary),
		}),
	},
	{
		name: 'Workflow → Get Many',
		method: 'GET',
		list: true,
		path: () => '/workflows',
		parameters: () => ({ resource: 'workflow', operation: 'getAll', returnAll: true }),
	},
	{
		name: 'Template → Get',
		method: 'GET',
		path: () => `/document-templates/${TEMPLATE_IDS.offerLetter}`,
		parameters: () => ({
			resource: 'template',
			operation: 'get',
			templateId: byId(TEMPLATE_IDS.offerLetter),
		}),
	},
	{
		name: 'Template → Get Many',
		method: 'GET',
		list: true,
		path: () => '/document-templates',
		parameters: () => ({ resource: 'template', operation: 'getAll', returnAll: true }),
	},
	{
		name: 'Document → Produce (the template read)',
		method: 'GET',
		path: () => `/document-templates/${TEMPLATE_IDS.offerLetter}`,
		parameters: () => ({
			resource: 'document',
			operation: 'produce',
			templateId: byId(TEMPLATE_IDS.offerLetter),
			answers: mapper({}),
		}),
	},
	{
		name: 'Document → Produce',
		method: 'POST',
		path: () => `/document-templates/${TEMPLATE_IDS.offerLetter}/documents`,
		parameters: () => ({
			resource: 'document',
			operation: 'produce',
			templateId: byId(TEMPLATE_IDS.offerLetter),
			answers: mapper({}),
		}),
	},
	{
		name: 'Input Document → Upload',
		method: 'POST',
		path: () => '/workflow-inputs/documents',
		headers: { location: '' },
		items: [{ json: {}, binary: { data: note } }],
		parameters: () => ({ resource: 'inputDocument', operation: 'upload', waitUntilReady: false }),
	},
	{
		name: 'Input Document → Get Status',
		method: 'GET',
		path: () => '/workflow-inputs/documents/doc_1',
		parameters: () => ({ resource: 'inputDocument', operation: 'get', documentId: 'doc_1' }),
	},
	{
		name: 'Chat → List Models',
		method: 'GET',
		list: true,
		path: () => '/v1/models',
		parameters: () => ({ resource: 'chat', operation: 'listModels' }),
	},
];

/** Lists that are not lists of objects (a list of objects is a valid list answer). */
const NOT_LISTS: Array<{ label: string; body: unknown }> = [
	...NOT_OBJECTS.filter(({ body }) => !Array.isArray(body)),
	{ label: 'an object without the list', body: { total: 0 } },
	{ label: 'a list holding null', body: [null] },
	{ label: 'a list of texts', body: ['run_1', 'run_2'] },
	{ label: 'a list of lists', body: [[{ id: 'x' }]] },
];
/** Answers to a POST that are objects, but without the id of what was created. */
const WITHOUT_ID: Record<string, unknown> = {
	'Run → Start': { status: 'Pending', startedAt: '2026-01-15T12:00:00Z' },
	'Run → Start (Wait for Completion)': { runId: '', status: 'Pending' },
	'Input Document → Upload': { status: 'processing', filename: 'terms.md' },
};

function bodiesOf(shapeCase: ShapeCase): Array<{ label: string; body: unknown }> {
	const base = shapeCase.list ? NOT_LISTS : NOT_OBJECTS;
	return shapeCase.name in WITHOUT_ID
		? [...base, { label: 'an object without its id', body: WITHOUT_ID[shapeCase.name] }]
		: base;
}

async function runWithAnswer(
	shapeCase: ShapeCase,
	body: unknown,
	onError: (typeof CONTINUE_ON_FAIL)[number]['onError'],
) {
	const runId = completedRun(ctx.sim);
	// A POST is answered after the service handled it (a run is created); a GET before (nothing else happens).
	const phase = shapeCase.method === 'POST' ? 'after' : 'before';
	ctx.sim.admin.addFault({
		kind: 'answer',
		phase,
		body,
		headers: shapeCase.headers,
		method: shapeCase.method,
		path: shapeCase.path(runId),
	});
	const result = await ctx.run(shapeCase.parameters(runId), 'full', {
		onError,
		items: shapeCase.items,
	});
	return { result, runId, outcome: failureOf(result, onError) };
}

describe.each(CONTINUE_ON_FAIL)('an answer of the wrong shape, $label', ({ onError }) => {
	describe.each(CASES.map((shapeCase) => [shapeCase.name, shapeCase]))('%s', (_name, shapeCase) => {
		it.each(bodiesOf(shapeCase).map(({ label, body }) => [label, body]))(
			'answered with %s: a NodeApiError naming the request and the answer, no crash',
			async (_label, body) => {
				const { outcome, runId } = await runWithAnswer(shapeCase, body, onError);
				const label = `${shapeCase.method} ${shapeCase.path(runId)}`;
				expect(outcome.message).toContain(`The service answered ${label} with `);
				if (
					!shapeCase.list &&
					!(
						shapeCase.name in WITHOUT_ID &&
						typeof body === 'object' &&
						body !== null &&
						!Array.isArray(body)
					)
				)
					expect(outcome.message).toContain(describeAnswer(body));
				expect(outcome.httpCode).toMatch(/^2\d\d$/);
				if (shapeCase.method === 'GET')
					expect(outcome.description).toContain('Nothing was changed in the service');
				else expect(outcome.description).toContain('so it may have taken effect');
			},
		);
	});

	it('a start answered without a run ID: the run may exist (it does), how to check, and the error records it', async () => {
		for (const body of [null, 'accepted', { status: 'Pending' }]) {
			ctx.sim.admin.reset();
			const { outcome } = await runWithAnswer(
				CASES.find((shapeCase) => shapeCase.name === 'Run → Start')!,
				body,
				onError,
			);
			expect(outcome.message).toMatch(
				/^A run of workflow wf_contract_summary may have started, but its ID is not known: The service answered POST \/workflows\/runs/,
			);
			expect(outcome.description).toMatch(
				/Do not run the item again before checking whether the run exists[\s\S]*Run → Get Many \(Filters: Workflow wf_contract_summary, Started From \d{4}-/,
			);
			expect(outcome.created).toEqual({ workflowId: wf.agentSummary, runId: null });
			expect(ctx.sim.admin.counters().runsStarted?.[FIXTURE_IDS.keys.full]).toBe(1);
		}
	});

	it('generated answers that are not objects, to Run → Get and Run → Start: each a NodeApiError, no crash', async () => {
		const [get, post] = [CASES[0], CASES[5]];
		await fc.assert(
			fc.asyncProperty(notObject, fc.boolean(), async (body, toStart) => {
				ctx.sim.admin.reset();
				const { outcome } = await runWithAnswer(toStart ? post : get, body, onError);
				expect(outcome.message).toContain(describeAnswer(body));
			}),
			{ numRuns: 25 },
		);
	});
});
