// The action node as an AI Agent's tool, through n8n's engine: its tool variant (`draftingWorkspaceTool`, the name
// n8n gives a `usableAsTool` node) runs Simplify on by default and waits at most its wait limit, and the node itself
// keeps its output. The real agent (n8n CLI, a scripted model) is in e2e/tests/agent-tool.e2e.test.ts.
import type { IDataObject } from 'n8n-workflow';

import { compactContractSummary } from '../expectations/compactRun';
import { TOOL_NODE_TYPE } from '../harness';
import { FIXTURE_IDS } from '../simulator';
import { IntegrationContext, items } from './support';

const ctx = new IntegrationContext();
const wf = FIXTURE_IDS.workflows;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const asTool = { nodeType: TOOL_NODE_TYPE };
const fast = { waitOptions: { checkInterval: 1, timeout: 60 } };
/** On Pause set to Keep Waiting: a review pause holds the wait, so that only a limit ends it. */
const keepWaiting = { waitOptions: { ...fast.waitOptions, onPause: 'keepWaiting' } };

const startText = (workflowId: string, extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(workflowId),
	inputMode: 'text',
	inputText: 'Supply agreement between Acme and Initech…',
	...extra,
});

function startsSince(seq: number): number {
	return ctx.sim.admin.requests({ since: seq }).filter((entry) => entry.method === 'POST' && entry.path === '/workflows/runs').length;
}

const lastSeq = () => ctx.sim.admin.requests().at(-1)?.seq ?? 0;

beforeAll(async () => ctx.start({ runTimeScale: 0.2, sseHeartbeatMs: 200 }));
afterAll(async () => ctx.stop());

describe('Run → Start with Wait for Completion as an AI tool', () => {
	it('answers the compact run: status, rendered files with names and links; one start', async () => {
		const since = lastSeq();
		const result = await ctx.run(startText(wf.agentSummary, { waitForCompletion: true, ...fast }), 'full', asTool);
		expect(result.status).toBe('success');
		const [answer] = items(result);
		expect(startsSince(since)).toBe(1);
		expect(answer).toEqual(compactContractSummary(ctx.url, String(answer.runId)));
		// The file itself is still on the item (n8n drops binary data from a tool's answer to the agent).
		expect(result.output('Drafting Workspace')[0].binary?.data?.mimeType).toBe('application/pdf');
	});

	it('the node itself keeps the full record by default (Simplify off)', async () => {
		const result = await ctx.run(startText(wf.agentSummary, { waitForCompletion: true, ...fast }));
		const [record] = items(result);
		expect(record).toHaveProperty('steps');
		expect(record).toHaveProperty('wait.outcome', 'finished');
		expect(record).not.toHaveProperty('finished');
	});

	it('Simplify off in the tool gives the full record', async () => {
		const result = await ctx.run(startText(wf.agentSummary, { waitForCompletion: true, simplify: false, ...fast }), 'full', asTool);
		expect(items(result)[0]).toHaveProperty('steps');
	});

	it('a failed run gives its reason, as an answer rather than an error', async () => {
		const result = await ctx.run(startText(wf.failing, { waitForCompletion: true, ...fast }), 'full', asTool);
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({
			status: 'Failed',
			finished: true,
			files: [],
			reason: expect.stringContaining('The clause extractor could not parse the document.'),
		});
	});
});

describe('the bounded wait as an AI tool', () => {
	it('a run that outlasts the wait limit: the compact current state, started once, no error', async () => {
		const since = lastSeq();
		// Board memo with review pauses at its review step until someone approves: it never finishes here. On Pause
		// is set to Keep Waiting, so only the wait limit ends the wait.
		const result = await ctx.run(startText(wf.review, { waitForCompletion: true, toolWaitLimit: 2, ...keepWaiting }), 'full', asTool);
		expect(result.status).toBe('success');
		expect(startsSince(since)).toBe(1);
		const [answer] = items(result);
		expect(answer).toMatchObject({ runId: expect.any(String), status: expect.any(String), finished: false, pausedForReview: true, files: [] });
		expect(answer.note).toContain("It has not finished after 2 s (this tool's wait limit)");
		expect(answer.note).toContain(`call Wait For Run (or Get) later with run ID ${String(answer.runId)}`);
		expect(answer.note).toContain('do not start it again');
		expect(answer.note).toContain('a person must approve it in the workspace');
	});

	it('a review pause answers at once by default (an agent is not kept waiting for a person)', async () => {
		const since = lastSeq();
		const result = await ctx.run(startText(wf.review, { waitForCompletion: true, ...fast }), 'full', asTool);
		expect(result.status).toBe('success');
		expect(startsSince(since)).toBe(1);
		const [answer] = items(result);
		expect(answer).toMatchObject({ finished: false, pausedForReview: true, files: [] });
		expect(answer.note).toContain('a person must approve it in the workspace');
		expect(answer.note).not.toContain('wait limit');
	});

	it('the wait limit beats the Timeout’s “Fail the Item”: the run was started, so it is never a failure', async () => {
		const since = lastSeq();
		const parameters = startText(wf.review, { waitForCompletion: true, toolWaitLimit: 60, waitOptions: { checkInterval: 1, timeout: 1, onTimeout: 'error', onPause: 'keepWaiting' } });
		const result = await ctx.run(parameters, 'full', asTool);
		expect(result.status).toBe('success');
		expect(startsSince(since)).toBe(1);
		expect(items(result)[0]).toMatchObject({ finished: false, note: expect.stringContaining('It has not finished after 1 s;') });
	});

	it('Wait For Run is bounded the same way; Get answers compact too', async () => {
		const runId = String(items(await ctx.run(startText(wf.review)))[0].runId);
		const since = lastSeq();
		const waited = await ctx.run({ resource: 'run', operation: 'wait', runId: byId(runId), toolWaitLimit: 1, ...keepWaiting }, 'full', asTool);
		expect(waited.status).toBe('success');
		expect(items(waited)[0]).toMatchObject({ runId, finished: false, note: expect.stringContaining("(this tool's wait limit)") });
		const got = await ctx.run({ resource: 'run', operation: 'get', runId: byId(runId) }, 'full', asTool);
		expect(items(got)[0]).toMatchObject({ runId, workflowId: wf.review, finished: false, files: [] });
		expect(startsSince(since)).toBe(0);
	});
});

describe('binary-only outputs as an AI tool', () => {
	it('Run → Download File tells each file in JSON: name, MIME type, size, link', async () => {
		const finished = await ctx.run(startText(wf.agentSummary, { waitForCompletion: true, downloadFiles: false, ...fast }));
		const runId = String(items(finished)[0].runId);
		const result = await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId) }, 'full', asTool);
		expect(items(result)[0]).toEqual({
			runId,
			status: 'Completed',
			files: [
				{
					name: 'contract-summary.pdf',
					mimeType: 'application/pdf',
					size: expect.stringMatching(/B$/),
					url: `${ctx.url}/workflows/runs/${runId}/files/${FIXTURE_IDS.steps.agentSummary.render}/download`,
				},
			],
		});
		// The node itself keeps its output.
		const plain = await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId) });
		expect(items(plain)[0].files).toEqual([expect.objectContaining({ binaryProperty: 'data', fileName: 'contract-summary.pdf' })]);
	});
});

it('no API key appears in any output, error or log line of this file', () => {
	expect(ctx.leaks()).toEqual([]);
});
