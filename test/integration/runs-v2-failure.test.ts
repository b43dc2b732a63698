// Issue 26, item 9, through n8n's engine against the simulator: in node version 2 a run that ends Failed or
// Cancelled fails its item ("Fail the Item When the Run Fails", on by default; off in the AI tool), naming the run,
// its reason and the item, and carrying the run; version 1 (and the option off) outputs it as an item.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, TOOL_NODE_TYPE } from '../harness';
import { FIXTURE_IDS, runAdmin } from '../simulator';
import { IntegrationContext, failure, items } from './support';

const ctx = new IntegrationContext();
const wf = FIXTURE_IDS.workflows;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const fast = { waitOptions: { checkInterval: 1, timeout: 60 } };
const REASON = 'The clause extractor could not parse the document. step_failed';
const MESSAGE = new RegExp(`^Run (run_\\S+) failed: ${REASON} \\[item 0\\]$`);

const startAndWait = (workflowId: string | object = byId(wf.failing), extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId,
	inputMode: 'text',
	inputText: 'A contract to extract clauses from',
	waitForCompletion: true,
	downloadFiles: false,
	...fast,
	...extra,
});

function runsStarted(): number {
	return runAdmin(ctx.sim).runs().filter((run) => !String(run.runId).startsWith('run_app_')).length;
}

beforeAll(async () => ctx.start({ runTimeScale: 0.2, sseHeartbeatMs: 200 }));
afterAll(async () => ctx.stop());
beforeEach(() => ctx.sim.admin.reset());
afterEach(() => expect(ctx.leaks()).toEqual([]));

describe('Start + Wait on a workflow whose run fails', () => {
	it('version 1: a green item with status "Failed" (unchanged)', async () => {
		const result = await ctx.run(startAndWait(), 'full', { typeVersion: 1 });
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({ status: 'Failed', wait: { outcome: 'finished', error: REASON } });
	});

	it('version 2: the item fails, naming the run, its reason and the item; the error carries the run and what was created', async () => {
		const result = await ctx.run(startAndWait(), 'full', { typeVersion: 2 });
		expect(result.status).toBe('error');
		const { message, description } = failure(result);
		expect(message).toMatch(MESSAGE);
		const runId = MESSAGE.exec(message)?.[1];
		expect(description).toMatch(/^The run was started once and has ended in the service\. Read it with Run → Get \(run ID run_\S+\)\.\nThe run ended Failed in the service/);
		expect(description).toContain('turn off Fail the Item When the Run Fails');
		const context = (result.nodeError(ACTION_NODE) as IDataObject).context as IDataObject;
		expect(context.created).toEqual({ runId, workflowId: wf.failing });
		expect(context.run).toMatchObject({ runId, status: 'Failed', wait: { outcome: 'finished' } });
		expect(runsStarted()).toBe(1);
	});

	it('version 2 with the option off: the item as version 1 outputs it', async () => {
		const v1 = items(await ctx.run(startAndWait(), 'full', { typeVersion: 1 }))[0];
		const off = items(await ctx.run(startAndWait(byId(wf.failing), { failWhenRunFails: false }), 'full', { typeVersion: 2 }))[0];
		expect(off).toMatchObject({ status: 'Failed', wait: { outcome: 'finished', error: REASON }, files: [] });
		expect(Object.keys(off).filter((key) => key !== 'files').sort()).toEqual(Object.keys(v1).sort());
	});

	it('Continue On Fail: an error item carrying the run (and the created ids); the error output too', async () => {
		const regular = await ctx.run(startAndWait(byId(wf.failing), { simplify: true }), 'full', { typeVersion: 2, onError: 'continueRegularOutput' });
		const [item] = items(regular);
		expect(item.error).toMatch(MESSAGE);
		expect(item.created).toEqual({ runId: (item.run as IDataObject).runId, workflowId: wf.failing });
		expect(item.run).toMatchObject({ status: 'Failed', finished: true, reason: REASON, output: 'Reading. ' });

		const errorOutput = await ctx.run(startAndWait(), 'full', { typeVersion: 2, onError: 'continueErrorOutput' });
		expect(errorOutput.output(ACTION_NODE, 0)).toEqual([]);
		const [routed] = errorOutput.output(ACTION_NODE, 1);
		expect(routed.json).toMatchObject({ error: expect.stringMatching(MESSAGE), details: { run: { status: 'Failed' }, created: { workflowId: wf.failing } } });
	});

	it('in a batch without Continue On Fail: the failing run stops the node, and createdInBatch lists every run started', async () => {
		const batch = [{ json: { wf: wf.agentSummary } }, { json: { wf: wf.failing } }];
		const result = await ctx.run(startAndWait(byId('={{ $json.wf }}')), 'full', { typeVersion: 2, items: batch });
		expect(result.status).toBe('error');
		expect(failure(result).message).toMatch(/^Run run_\S+ failed: .* \[item 1\]$/);
		const created = ((result.nodeError(ACTION_NODE) as IDataObject).context as IDataObject).createdInBatch as IDataObject[];
		expect(created.map((entry) => [entry.itemIndex, entry.workflowId])).toEqual([
			[0, wf.agentSummary],
			[1, wf.failing],
		]);
		expect(runsStarted()).toBe(2);
	});

	it('as an AI agent’s tool the option is off by default: the agent gets the run with its reason', async () => {
		const result = await ctx.run(startAndWait(), 'full', { typeVersion: 2, nodeType: TOOL_NODE_TYPE });
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({ status: 'Failed', finished: true, reason: REASON });
	});
});

describe('Wait For Run on a cancelled run', () => {
	async function cancelledRun(): Promise<string> {
		const started = await ctx.run({ resource: 'run', operation: 'start', workflowId: byId(wf.review), inputMode: 'text', inputText: 'A memo' }, 'full', { typeVersion: 1 });
		const runId = String(items(started)[0].runId);
		const cancelled = await ctx.run({ resource: 'run', operation: 'cancel', runId: byId(runId) });
		expect(cancelled.status).toBe('success');
		return runId;
	}

	it('version 1 outputs it; version 2 fails the item ("was cancelled"); Completed runs pass in both', async () => {
		const runId = await cancelledRun();
		const wait = { resource: 'run', operation: 'wait', runId: byId(runId), ...fast };
		const v1 = await ctx.run(wait, 'full', { typeVersion: 1 });
		expect(items(v1)[0]).toMatchObject({ runId, status: 'Cancelled' });
		const v2 = await ctx.run(wait, 'full', { typeVersion: 2 });
		expect(failure(v2).message).toBe(`Run ${runId} was cancelled [item 0]`);
		expect(failure(v2).description).toMatch(/^The run ended Cancelled in the service/);

		const completed = await ctx.run(startAndWait(byId(wf.agentSummary)), 'full', { typeVersion: 2 });
		expect(items(completed)[0]).toMatchObject({ status: 'Completed' });
	});
});
