/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE } from '../harness';
import { PollHarness } from '../harness/poll';
import { FIXTURE_IDS, FIXTURE_KEYS, TEMPLATE_IDS, runAdmin } from '../simulator';
import { byId, items, useIntegrationContext } from './support';
import { CONTINUE_ON_FAIL, completedRun, expectNoCrash, failureOf } from './untrusted-support';

/**
 * What the contract leaves open ("not shown") stays optional. Minimal answers of every kind still work,
 * with Continue On Fail off and on; a batch keeps listing what exists (createdInBatch) when a start is answered
 * without a run ID; the trigger fails a poll plainly on an unusable answer and loses nothing.
 */

const ctx = useIntegrationContext({ runTimeScale: 0.1, sseHeartbeatMs: 200 });
const wf = FIXTURE_IDS.workflows;
const start = {
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.agentSummary),
	inputMode: 'text',
	inputText: '={{ $json.text }}',
};

describe.each(CONTINUE_ON_FAIL)('a minimal answer still works, $label', ({ onError }) => {
	const cases: Array<
		[
			string,
			string,
			(runId: string) => string,
			unknown,
			(runId: string) => IDataObject,
			IDataObject[],
		]
	> = [
		[
			'Run → Get, an empty record',
			'GET',
			(runId) => `/workflows/runs/${runId}`,
			{},
			(runId) => ({ resource: 'run', operation: 'get', runId: byId(runId) }),
			[{}],
		],
		[
			'Run → Get with Simplify, a record of its id',
			'GET',
			(runId) => `/workflows/runs/${runId}`,
			{ runId: 'run_min' },
			(runId) => ({ resource: 'run', operation: 'get', runId: byId(runId), simplify: true }),
			[
				{
					runId: 'run_min',
					finished: false,
					pausedForReview: false,
					files: [],
					note: expect.stringContaining('do not start it again'),
				},
			],
		],
		[
			'Run → Wait For Run, a record of its status',
			'GET',
			(runId) => `/workflows/runs/${runId}`,
			{ status: 'Completed' },
			(runId) => ({
				resource: 'run',
				operation: 'wait',
				runId: byId(runId),
				waitOptions: { checkInterval: 1, timeout: 30 },
			}),
			[{ status: 'Completed', wait: expect.objectContaining({ outcome: 'finished' }) }],
		],
		[
			'Run → Start, an answer of its run ID',
			'POST',
			() => '/workflows/runs',
			{ runId: 'run_min' },
			() => ({ ...start, inputText: 'Summarise.' }),
			[{ runId: 'run_min', workflowId: wf.agentSummary }],
		],
		[
			'Run → Cancel, an empty answer',
			'POST',
			(runId) => `/workflows/runs/${runId}/cancel`,
			{},
			(runId) => ({ resource: 'run', operation: 'cancel', runId: byId(runId) }),
			[{ requested: true, alreadyTerminal: false }],
		],
		[
			'Run → Get Many, entries of nothing',
			'GET',
			() => '/workflows/runs',
			[{}, {}],
			() => ({ resource: 'run', operation: 'getAll', limit: 5 }),
			[{}, {}],
		],
		[
			'Workflow → Get, an empty workflow',
			'GET',
			() => `/workflows/${wf.agentSummary}`,
			{},
			() => ({ resource: 'workflow', operation: 'get', workflowId: byId(wf.agentSummary) }),
			[{}],
		],
		[
			'Template → Get Many, wrapped',
			'GET',
			() => '/document-templates',
			{ data: [{ id: 't1' }] },
			() => ({ resource: 'template', operation: 'getAll', returnAll: true }),
			[{ id: 't1' }],
		],
		[
			'Chat → List Models, entries without ids',
			'GET',
			() => '/v1/models',
			{ data: [{ object: 'model' }] },
			() => ({ resource: 'chat', operation: 'listModels' }),
			[{ object: 'model' }],
		],
	];
	it.each(cases)('%s', async (_name, method, path, body, parameters, expected) => {
		const runId = completedRun(ctx.sim);
		ctx.sim.admin.addFault({
			kind: 'answer',
			phase: method === 'POST' ? 'after' : 'before',
			body,
			method,
			path: path(runId),
		});
		const result = await ctx.run(parameters(runId), 'full', { onError });
		expectNoCrash(result);
		expect(result.status).toBe('success');
		expect(items(result)).toEqual(expected.map((json) => expect.objectContaining(json)));
	});

	it('Run → Download File of a record without files says so, plainly', async () => {
		const runId = completedRun(ctx.sim);
		ctx.sim.admin.addFault({
			kind: 'answer',
			body: { status: 'Completed' },
			method: 'GET',
			path: `/workflows/runs/${runId}`,
		});
		const outcome = failureOf(
			await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId) }, 'full', {
				onError,
			}),
			onError,
		);
		expect(outcome.message).toBe(`Run ${runId} has no rendered files (status Completed)`);
	});

	it('Document → Produce, an answer without links or id: output as it came, nothing to download said plainly', async () => {
		const answers = {
			mappingMode: 'defineBelow',
			value: {},
			matchingColumns: [],
			schema: [],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		};
		ctx.sim.admin.addFault({
			kind: 'answer',
			phase: 'after',
			body: { status: 'assembled' },
			method: 'POST',
			path: `/document-templates/${TEMPLATE_IDS.offerLetter}/documents`,
		});
		const result = await ctx.run(
			{
				resource: 'document',
				operation: 'produce',
				templateId: byId(TEMPLATE_IDS.offerLetter),
				answers,
			},
			'full',
			{ onError },
		);
		expect(items(result)).toEqual([{ status: 'assembled' }]);
	});
});

describe.each(CONTINUE_ON_FAIL)(
	'a batch whose second start is answered with null, $label',
	({ onError }) => {
		it('the other runs go on or are listed; the unconfirmed one is listed with runId null; three runs exist', async () => {
			let starts = 0;
			ctx.sim.admin.addFault({
				kind: 'answer',
				phase: 'after',
				times: 3,
				method: 'POST',
				path: '/workflows/runs',
				transform: (body) => (++starts === 2 ? null : body),
			});
			const texts = [0, 1, 2].map((index) => ({ json: { text: `Contract ${index}` } }));
			const result = await ctx.run(start, 'full', { onError, items: texts });
			expectNoCrash(result);
			if (onError) {
				const output = items(result);
				expect(output.map((json) => typeof json.runId)).toEqual(['string', 'undefined', 'string']);
				expect(output[1]).toMatchObject({
					error: expect.stringContaining('may have started'),
					created: { workflowId: wf.agentSummary, runId: null },
				});
				expect(
					runAdmin(ctx.sim)
						.runs()
						.filter((run) => run.keyId !== null),
				).toHaveLength(3);
			} else {
				const error = (result.nodeError(ACTION_NODE) ?? {}) as IDataObject;
				const listed = ((error.context as IDataObject).createdInBatch as IDataObject[]).map(
					(entry) => [entry.itemIndex, entry.runId === null ? null : typeof entry.runId],
				);
				// The batch (Batch Size 10) started all three before the node stopped: every one is listed.
				expect(listed).toEqual([
					[0, 'string'],
					[1, null],
					[2, 'string'],
				]);
				expect(
					runAdmin(ctx.sim)
						.runs()
						.filter((run) => run.keyId !== null),
				).toHaveLength(3);
			}
		});
	},
);

describe('the trigger: an unusable answer fails the poll plainly, and the next poll loses nothing', () => {
	it.each([
		['the run list', null, '/workflows/runs'],
		['the run list', 'maintenance', '/workflows/runs'],
		['the run list', [null], '/workflows/runs'],
		['a run record', null, 'record'],
		['a run record', ['x'], 'record'],
	])('%s answered with %j', async (_what, body, path) => {
		const harness = await PollHarness.create(
			{ events: ['Completed'] },
			{ baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full },
		);
		expect((await harness.poll()).error).toBeUndefined();
		await new Promise((resolve) => setTimeout(resolve, 20));
		// Finished after the activation: the next poll that works emits it.
		const [runId] = runAdmin(ctx.sim).seedRuns([
			{
				workflowId: wf.agentSummary,
				keyId: FIXTURE_IDS.keys.full,
				status: 'Completed',
				startedAt: new Date().toISOString(),
			},
		]);
		const saved = harness.savedStaticData();
		ctx.sim.admin.addFault({
			kind: 'answer',
			body,
			method: 'GET',
			path: path === 'record' ? `/workflows/runs/${runId}` : path,
		});
		const failed = await harness.poll();
		expect((failed.error as Error).message).toMatch(
			/^The service answered GET \/workflows\/runs\S* with .+, not (a list of runs|a run record)$/,
		);
		expect(harness.savedStaticData()).toEqual(saved);
		const next = await harness.poll();
		expect(next.error).toBeUndefined();
		expect(next.items?.map((item) => item.json.runId)).toEqual([runId]);
	});
});
