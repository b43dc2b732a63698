// Run → Start + Wait on a workflow whose run fails, through n8n's engine against the simulator: Fail the Item When the Run Fails, Continue On Fail, a batch, the AI tool.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, TOOL_NODE_TYPE } from '../../harness';
import { apiRuns, failure, items, useIntegrationContext } from '../../integration/support';
import { startAndWait, wf } from '../support';

const ctx = useIntegrationContext({ runTimeScale: 0.2, sseHeartbeatMs: 200 });
const REASON = 'The clause extractor could not parse the document. step_failed';
const MESSAGE = new RegExp(`^Run (run_\\S+) failed: ${REASON} \\[item 0\\]$`);

describe('Start + Wait on a workflow whose run fails', () => {
	it('the item fails, naming the run, its reason and the item; the error carries the run and what was created', async () => {
		const result = await ctx.run(startAndWait(wf.failing, { downloadFiles: false }));
		expect(result.status).toBe('error');
		const { message, description } = failure(result);
		expect(message).toMatch(MESSAGE);
		const runId = MESSAGE.exec(message)?.[1];
		expect(description).toMatch(
			/^The run was started once and has ended in the service\. Read it with Run → Get \(run ID run_\S+\)\.\nThe run ended Failed in the service/,
		);
		expect(description).toContain('turn off Fail the Item When the Run Fails');
		const context = (result.nodeError(ACTION_NODE) as IDataObject).context as IDataObject;
		expect(context.created).toEqual({ runId, workflowId: wf.failing });
		expect(context.run).toMatchObject({ runId, status: 'Failed', wait: { outcome: 'finished' } });
		expect(apiRuns(ctx)).toHaveLength(1);
	});

	it('with the option off: a green item with status "Failed", its reason and no files', async () => {
		const result = await ctx.run(
			startAndWait(wf.failing, { downloadFiles: false, failWhenRunFails: false }),
		);
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({
			status: 'Failed',
			wait: { outcome: 'finished', error: REASON },
			files: [],
		});
	});

	it('Continue On Fail: an error item carrying the run (and the created ids); the error output too', async () => {
		const regular = await ctx.run(
			startAndWait(wf.failing, { downloadFiles: false, simplify: true }),
			'full',
			{ onError: 'continueRegularOutput' },
		);
		const [item] = items(regular);
		expect(item.error).toMatch(MESSAGE);
		expect(item.created).toEqual({
			runId: (item.run as IDataObject).runId,
			workflowId: wf.failing,
		});
		expect(item.run).toMatchObject({
			status: 'Failed',
			finished: true,
			reason: REASON,
			output: 'Reading. ',
		});

		const errorOutput = await ctx.run(startAndWait(wf.failing, { downloadFiles: false }), 'full', {
			onError: 'continueErrorOutput',
		});
		expect(errorOutput.output(ACTION_NODE, 0)).toEqual([]);
		const [routed] = errorOutput.output(ACTION_NODE, 1);
		expect(routed.json).toMatchObject({
			error: expect.stringMatching(MESSAGE),
			details: { run: { status: 'Failed' }, created: { workflowId: wf.failing } },
		});
	});

	it('in a batch without Continue On Fail: the failing run stops the node, and createdInBatch lists every run started', async () => {
		const batch = [{ json: { wf: wf.agentSummary } }, { json: { wf: wf.failing } }];
		const result = await ctx.run(
			startAndWait('={{ $json.wf }}', { downloadFiles: false }),
			'full',
			{ items: batch },
		);
		expect(result.status).toBe('error');
		expect(failure(result).message).toMatch(/^Run run_\S+ failed: .* \[item 1\]$/);
		const created = ((result.nodeError(ACTION_NODE) as IDataObject).context as IDataObject)
			.createdInBatch as IDataObject[];
		expect(created.map((entry) => [entry.itemIndex, entry.workflowId])).toEqual([
			[0, wf.agentSummary],
			[1, wf.failing],
		]);
		expect(apiRuns(ctx)).toHaveLength(2);
	});

	it('as an AI agent’s tool the option is off by default: the agent gets the run with its reason', async () => {
		const result = await ctx.run(startAndWait(wf.failing, { downloadFiles: false }), 'full', {
			nodeType: TOOL_NODE_TYPE,
		});
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({ status: 'Failed', finished: true, reason: REASON });
	});
});
