// Run → Start with Wait for Completion through n8n's engine against the simulator: the run followed in the same step, its files, Simplify, and a started run never reported as "nothing happened" (timeouts, cancelled executions).
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE } from '../../harness';
import { apiRuns, failure, items, useIntegrationContext } from '../../integration/support';
import {
	SUMMARY,
	binaryBytes,
	fast,
	relayedText,
	startAndWait,
	startNda,
	startText,
	summaryPdf,
	waitUntil,
	wf,
} from '../support';

const ctx = useIntegrationContext({ runTimeScale: 0.2, sseHeartbeatMs: 200 });

describe('Start with Wait for Completion', () => {
	it('Start with "Wait for Completion" follows the run in the same step', async () => {
		const result = await ctx.run(
			startText(wf.agentSummary, 'text', {
				waitForCompletion: true,
				downloadFiles: false,
				...fast,
			}),
		);
		const [item] = result.output(ACTION_NODE);
		expect(item.json).toMatchObject({
			workflowId: wf.agentSummary,
			status: 'Completed',
			wait: { outcome: 'finished' },
		});
		expect(item.binary).toBeUndefined();
	});

	it('relays StepProgress deltas with sendChunk when the execution streams', async () => {
		const result = await ctx.run(
			startText(wf.agentSummary, 'text', {
				waitForCompletion: true,
				downloadFiles: false,
				...fast,
			}),
			'full',
			{
				streaming: true,
			},
		);
		expect(relayedText(result).join('')).toContain('Summary: a two-year supply agreement');
	});

	it('the NDA run renders a DOCX', async () => {
		const result = await ctx.run(
			startNda(
				{ counterparty: 'Initech', effective_date: '2026-03-01' },
				{ waitForCompletion: true, ...fast },
			),
		);
		const [item] = result.output(ACTION_NODE);
		expect(item.binary?.data).toMatchObject({
			fileName: 'nda.docx',
			mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		});
		expect(binaryBytes(item).subarray(0, 2).toString()).toBe('PK');
	});

	it('the full record tells its files in the one shape: size in bytes, absolute link, downloaded or not', async () => {
		const downloaded = (await ctx.run(startAndWait(wf.agentSummary))).output(ACTION_NODE)[0];
		const runId = String(downloaded.json.runId);
		expect(downloaded.json.files).toEqual([summaryPdf(ctx, runId, binaryBytes(downloaded).length)]);
		expect(binaryBytes(downloaded).length).toBeGreaterThan(100);
		// Not downloaded: described all the same, without a binary field.
		const undownloaded = (
			await ctx.run(startAndWait(wf.agentSummary, { downloadFiles: false }))
		).output(ACTION_NODE)[0];
		expect(undownloaded.binary).toBeUndefined();
		expect(undownloaded.json.files).toEqual([
			summaryPdf(
				ctx,
				String(undownloaded.json.runId),
				expect.any(Number) as unknown as number,
				false,
			),
		]);
	});

	it('Simplify: the result text and the one file shape', async () => {
		const item = (await ctx.run(startAndWait(wf.agentSummary, { simplify: true }))).output(
			ACTION_NODE,
		)[0];
		const runId = String(item.json.runId);
		expect(item.json).toEqual({
			runId,
			workflowId: wf.agentSummary,
			workflowName: 'Contract summary',
			status: 'Completed',
			finished: true,
			pausedForReview: false,
			output: SUMMARY,
			files: [summaryPdf(ctx, runId, binaryBytes(item).length)],
		});
	});

	it('Simplify on a run not finished yet: output null, no files', async () => {
		const [item] = items(await ctx.run(startText(wf.agentSummary, 'x', { simplify: true })));
		expect(item).toMatchObject({ status: 'Pending', finished: false, output: null, files: [] });
	});
});

describe('Start with Wait for Completion: a started run is never reported as "nothing happened"', () => {
	const startAndFollow = (workflowId: string, waitOptions: IDataObject) =>
		startText(workflowId, 'Board memo: approve the budget.', {
			waitForCompletion: true,
			downloadFiles: false,
			waitOptions,
		});

	it('a wait that times out throws an error whose own fields carry the run id (context.created)', async () => {
		const result = await ctx.run(startAndFollow(wf.review, { timeout: 2, checkInterval: 1 }));
		expect(result.status).toBe('error');
		const [run] = apiRuns(ctx);
		expect(apiRuns(ctx)).toHaveLength(1);
		for (const error of [result.error, result.nodeError(ACTION_NODE)] as IDataObject[])
			expect((error.context as IDataObject).created).toEqual({
				runId: run.runId,
				workflowId: wf.review,
			});
		expect(failure(result).message).toBe(
			`Run ${run.runId} did not finish within 2 s (status Running, paused at a review step)`,
		);
		expect(failure(result).description).toMatch(
			/^The run goes on in the service: do not start it again\. Follow it with Run → Wait For Run/,
		);
		expect(failure(result).description).toContain(`(run ID ${run.runId})`);
	});

	it('with Continue On Fail the error item carries details.created.runId, on the error output', async () => {
		const result = await ctx.run(
			startAndFollow(wf.review, { timeout: 1, checkInterval: 1 }),
			'full',
			{ onError: 'continueErrorOutput' },
		);
		const [errorItem] = result.output(ACTION_NODE, 1);
		const [run] = apiRuns(ctx);
		expect(errorItem.json).toMatchObject({
			error: expect.stringContaining(run.runId),
			details: { created: { runId: run.runId, workflowId: wf.review } },
		});
		expect(Object.keys(errorItem.json).sort()).toEqual(['details', 'error']);
	});

	it('a run that fails, Fail the Item When the Run Fails off: output (not thrown) with its run id and its error', async () => {
		const result = await ctx.run({
			...startAndFollow(wf.failing, { timeout: 60, checkInterval: 1 }),
			failWhenRunFails: false,
		});
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({
			runId: apiRuns(ctx)[0].runId,
			workflowId: wf.failing,
			status: 'Failed',
			wait: { outcome: 'finished', error: expect.any(String) },
		});
	});

	/** Follows a review run (it never ends by itself), cancelled after `cancelAfterMs`: cancelled, its run recorded. */
	const cancelledWithItsRun = async (cancelAfterMs: number) => {
		const result = await ctx.run(
			startAndFollow(wf.review, { timeout: 60, checkInterval: 1 }),
			'full',
			{ cancelAfterMs },
		);
		expect(result.status).toBe('canceled');
		const [run] = apiRuns(ctx);
		const error = (result.nodeError(ACTION_NODE) ?? result.error) as IDataObject | undefined;
		expect((error?.context as IDataObject | undefined)?.created).toEqual({
			runId: run.runId,
			workflowId: wf.review,
		});
	};

	it('a cancelled execution stops at once and its error still records the run id', async () => {
		await cancelledWithItsRun(800);
		await waitUntil(() => ctx.sim.admin.requests().every((entry) => entry.durationMs !== null));
	});

	it('cancelled while its start is on the way: the start is heard to its answer, and the error records the run it created', async () => {
		// The start answers after 1.5 s, the execution is cancelled after 0.3 s: the service creates the run either way.
		ctx.sim.admin.addFault({
			kind: 'delay',
			ms: 1500,
			phase: 'after',
			method: 'POST',
			path: '/workflows/runs',
		});
		await cancelledWithItsRun(300);
		// Nothing was followed after the cancel.
		expect(ctx.sim.admin.requests().filter((entry) => entry.path.endsWith('/events'))).toHaveLength(
			0,
		);
	});
});
