// Run → Start with Wait for Completion as an AI agent's tool, through n8n's engine against the simulator: the compact answer, and the bounded wait.
import type { IDataObject } from 'n8n-workflow';

import { TOOL_NODE_TYPE } from '../../harness';
import { compactContractSummary } from '../../expectations/compactRun';
import { apiRuns, items, useIntegrationContext } from '../../integration/support';
import { fast, startText, wf } from '../support';

const ctx = useIntegrationContext({ runTimeScale: 0.2, sseHeartbeatMs: 200 });
const asTool = { nodeType: TOOL_NODE_TYPE };

/** Runs Start as the agent's tool and gives its answer, after the checks every bounded wait shares: no error, one start. */
async function toolAnswerOfOneStart(parameters: IDataObject): Promise<IDataObject> {
	const result = await ctx.run(parameters, 'full', asTool);
	expect(result.status).toBe('success');
	expect(apiRuns(ctx)).toHaveLength(1);
	return items(result)[0];
}

describe('Start with Wait for Completion as an AI tool', () => {
	it('answers the compact run: status, rendered files with names and links; one start', async () => {
		const result = await ctx.run(
			startText(wf.agentSummary, undefined, { waitForCompletion: true, ...fast }),
			'full',
			asTool,
		);
		expect(result.status).toBe('success');
		const [answer] = items(result);
		expect(apiRuns(ctx)).toHaveLength(1);
		expect(answer).toEqual(compactContractSummary(ctx.url, String(answer.runId)));
		// The file itself is still on the item (n8n drops binary data from a tool's answer to the agent).
		expect(result.output('Drafting Workspace')[0].binary?.data?.mimeType).toBe('application/pdf');
	});

	it('the node itself keeps the full record by default (Simplify off)', async () => {
		const result = await ctx.run(
			startText(wf.agentSummary, undefined, { waitForCompletion: true, ...fast }),
		);
		const [record] = items(result);
		expect(record).toHaveProperty('steps');
		expect(record).toHaveProperty('wait.outcome', 'finished');
		expect(record).not.toHaveProperty('finished');
	});

	it('Simplify off in the tool gives the full record', async () => {
		const result = await ctx.run(
			startText(wf.agentSummary, undefined, { waitForCompletion: true, simplify: false, ...fast }),
			'full',
			asTool,
		);
		expect(items(result)[0]).toHaveProperty('steps');
	});

	it('a failed run gives its reason, as an answer rather than an error', async () => {
		const result = await ctx.run(
			startText(wf.failing, undefined, { waitForCompletion: true, ...fast }),
			'full',
			asTool,
		);
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({
			status: 'Failed',
			finished: true,
			files: [],
			reason: expect.stringContaining('The clause extractor could not parse the document.'),
		});
	});
});

describe('the bounded wait of the AI tool', () => {
	it('a run that outlasts the wait limit: the compact current state, started once, no error', async () => {
		// Board memo with review pauses at its review step until someone approves: it never finishes here. On Pause
		// is set to Keep Waiting, so only the wait limit ends the wait.
		const answer = await toolAnswerOfOneStart(
			startText(wf.review, undefined, {
				waitForCompletion: true,
				toolWaitLimit: 2,
				waitOptions: { ...fast.waitOptions, onPause: 'keepWaiting' },
			}),
		);
		expect(answer).toMatchObject({
			runId: expect.any(String),
			status: expect.any(String),
			finished: false,
			pausedForReview: true,
			files: [],
		});
		expect(answer.note).toContain("It has not finished after 2 s (this tool's wait limit)");
		expect(answer.note).toContain(
			`call Wait For Run (or Get) later with run ID ${String(answer.runId)}`,
		);
		expect(answer.note).toContain('do not start it again');
		expect(answer.note).toContain('a person must approve it in the workspace');
	});

	it('a review pause answers at once by default (an agent is not kept waiting for a person)', async () => {
		const answer = await toolAnswerOfOneStart(
			startText(wf.review, undefined, { waitForCompletion: true, ...fast }),
		);
		expect(answer).toMatchObject({ finished: false, pausedForReview: true, files: [] });
		expect(answer.note).toContain('a person must approve it in the workspace');
		expect(answer.note).not.toContain('wait limit');
	});

	it('the wait limit beats the Timeout’s “Fail the Item”: the run was started, so it is never a failure', async () => {
		const parameters = startText(wf.review, undefined, {
			waitForCompletion: true,
			toolWaitLimit: 60,
			waitOptions: { checkInterval: 1, timeout: 1, onTimeout: 'error', onPause: 'keepWaiting' },
		});
		expect(await toolAnswerOfOneStart(parameters)).toMatchObject({
			finished: false,
			note: expect.stringContaining('It has not finished after 1 s;'),
		});
	});
});
