/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Run → Wait For Run through n8n's engine against the simulator: the event stream, review pauses, timeouts, runs that end Failed or Cancelled.
import { PDFDocument } from 'pdf-lib';
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, TOOL_NODE_TYPE } from '../../harness';
import { FIXTURE_KEYS, runAdmin } from '../../simulator';
import {
	IntegrationContext,
	byId,
	failure,
	items,
	useIntegrationContext,
} from '../../integration/support';
import {
	SECOND,
	binaryBytes,
	fast,
	requestsTo,
	startRun,
	startText,
	steps,
	waitFor,
	waitUntil,
	wf,
} from '../support';

const ctx = useIntegrationContext({ runTimeScale: 0.2, sseHeartbeatMs: 200 });

describe('Wait For Run on an agent-entry run', () => {
	it('Start → Wait gives the Completed record and the rendered PDF as binary with the server’s name and type', async () => {
		const result = await ctx.runChain([
			startText(wf.agentSummary),
			{ ...waitFor('={{ $json.runId }}'), ...fast },
		]);
		expect(result.status).toBe('success');
		const [started] = items(result);
		expect(started).toMatchObject({
			runId: expect.any(String),
			status: 'Pending',
			startedAt: expect.any(String),
		});

		const [item] = result.output(SECOND);
		expect(item.json).toMatchObject({
			runId: started.runId,
			status: 'Completed',
			wait: { outcome: 'finished' },
		});
		expect(item.pairedItem).toEqual({ item: 0 });
		const pdf = binaryBytes(item);
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
		const parsed = await PDFDocument.load(pdf);
		expect(parsed.getPageCount()).toBeGreaterThan(0);

		// Name and type are the server's: compare with what the download endpoint itself sends.
		const download = await fetch(
			`${ctx.url}/workflows/runs/${String(started.runId)}/files/${steps.agentSummary.render}/download`,
			{
				headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` },
			},
		);
		const disposition = download.headers.get('content-disposition') ?? '';
		expect(disposition).toContain(item.binary!.data.fileName!);
		expect(item.binary!.data.fileName).toBe('contract-summary.pdf');
		expect(item.binary!.data.mimeType).toBe(download.headers.get('content-type')?.split(';')[0]);
		expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
	});

	it('a waited run costs the event stream, one record read and the file download', async () => {
		const runId = await startRun(ctx, startText(wf.agentSummary));
		ctx.sim.admin.clearRequests();
		const result = await ctx.run({ ...waitFor(runId), ...fast });
		expect(items(result)[0]).toMatchObject({ status: 'Completed' });
		const paths = ctx.sim.admin.requests().map((entry) => `${entry.method} ${entry.path}`);
		expect(paths).toEqual([
			`GET /workflows/runs/${runId}/events`,
			`GET /workflows/runs/${runId}`,
			`GET /workflows/runs/${runId}/files/${steps.agentSummary.render}/download`,
		]);
	});

	it('survives the event stream being dropped twice mid-run and still reports Completed', async () => {
		ctx.sim.admin.addFault({
			kind: 'drop-stream',
			afterFrames: 2,
			path: '^/workflows/runs/[^/]+/events$',
			times: 2,
		});
		const runId = await startRun(ctx, startText(wf.agentSummary));
		const result = await ctx.run({ ...waitFor(runId), downloadFiles: false, ...fast });
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({
			status: 'Completed',
			wait: { outcome: 'finished', streamConnections: 3 },
		});
	});

	it('reads the record when the run has already finished (409 run_terminal)', async () => {
		const runId = await startRun(ctx, startText(wf.agentSummary));
		await ctx.run({ ...waitFor(runId), downloadFiles: false, ...fast });
		ctx.sim.admin.clearRequests();
		const again = await ctx.run({ ...waitFor(runId), downloadFiles: false, ...fast });
		expect(items(again)[0]).toMatchObject({ status: 'Completed', wait: { streamConnections: 0 } });
		expect(ctx.sim.admin.requests().map((entry) => entry.status)).toEqual([409, 200]);
	});

	it('a failing workflow, Fail the Item When the Run Fails off: output as Failed with its error', async () => {
		const runId = await startRun(ctx, startText(wf.failing));
		const result = await ctx.run({ ...waitFor(runId), failWhenRunFails: false, ...fast });
		expect(result.status).toBe('success');
		const [record] = items(result);
		expect(record.status).toBe('Failed');
		expect(String((record.wait as IDataObject).error)).toContain(
			'The clause extractor could not parse the document',
		);
		expect(JSON.stringify(record.error)).toContain('step_failed');
	});

	it('parses CRLF event streams', async () => {
		const crlf = new IntegrationContext();
		await crlf.start({ runTimeScale: 0.2, sseLineEnding: '\r\n' });
		try {
			const result = await crlf.runChain([
				startText(wf.agentSummary),
				{ ...waitFor('={{ $json.runId }}'), downloadFiles: false, ...fast },
			]);
			expect(items(result, SECOND)[0]).toMatchObject({ status: 'Completed' });
		} finally {
			await crlf.stop();
		}
	});
});

describe('Wait For Run: review pauses, timeouts and cancellation', () => {
	it('reports a paused run at once when asked, then reaches Completed after the admin approval', async () => {
		const runId = await startRun(ctx, startText(wf.review));
		const paused = await ctx.run({
			...waitFor(runId),
			waitOptions: { checkInterval: 1, onPause: 'return' },
		});
		expect(items(paused)[0]).toMatchObject({
			status: 'Running',
			wait: { outcome: 'paused', pausedForReview: true },
		});

		runAdmin(ctx.sim).approve(runId);
		const finished = await ctx.run({ ...waitFor(runId), ...fast });
		expect(items(finished)[0]).toMatchObject({
			status: 'Completed',
			wait: { outcome: 'finished' },
		});
		expect(finished.output(ACTION_NODE)[0].binary?.data.fileName).toBe('board-memo.pdf');
	});

	it('keeps waiting through a review pause by default and finishes after the approval', async () => {
		const runId = await startRun(ctx, startText(wf.review));
		const waiting = ctx.run({ ...waitFor(runId), downloadFiles: false, ...fast });
		await waitUntil(() =>
			runAdmin(ctx.sim)
				.runs()
				.some((run) => run.runId === runId && run.condition === 'paused'),
		);
		await new Promise((resolve) => setTimeout(resolve, 1500));
		runAdmin(ctx.sim).approve(runId);
		const result = await waiting;
		expect(items(result)[0]).toMatchObject({
			status: 'Completed',
			wait: { outcome: 'finished', pausedForReview: true },
		});
		// Heartbeats kept the stream alive through the pause, so the record was read once, at the end.
		const recordReads = ctx.sim.admin
			.requests()
			.filter((entry) => entry.method === 'GET' && entry.path === `/workflows/runs/${runId}`);
		expect(recordReads).toHaveLength(1);
	});

	it('stops at the timeout with a clear message, or returns the current record when asked', async () => {
		const runId = await startRun(ctx, startText(wf.review));
		const timedOut = await ctx.run({
			...waitFor(runId),
			waitOptions: { timeout: 2, checkInterval: 1 },
		});
		expect(timedOut.status).toBe('error');
		expect(failure(timedOut).message).toBe(
			`Run ${runId} did not finish within 2 s (status Running, paused at a review step)`,
		);
		expect(failure(timedOut).description).toMatch(/reviewer must approve/);

		const current = await ctx.run({
			...waitFor(runId),
			waitOptions: { timeout: 1, checkInterval: 1, onTimeout: 'returnCurrent' },
		});
		expect(items(current)[0]).toMatchObject({ status: 'Running', wait: { outcome: 'timedOut' } });
	});

	it('stops when the n8n execution is cancelled, closing the stream', async () => {
		const runId = await startRun(ctx, startText(wf.review));
		const result = await ctx.run({ ...waitFor(runId), ...fast }, 'full', { cancelAfterMs: 800 });
		expect(result.status).toBe('canceled');
		await waitUntil(() => ctx.sim.admin.requests().every((entry) => entry.durationMs !== null));
	});
});

describe('Wait For Run on a cancelled run', () => {
	async function cancelledRun(): Promise<string> {
		const runId = await startRun(ctx, startText(wf.review, 'A memo'));
		const cancelled = await ctx.run({ resource: 'run', operation: 'cancel', runId: byId(runId) });
		expect(cancelled.status).toBe('success');
		return runId;
	}

	it('the item fails ("was cancelled"), or is output with the option off; Completed runs pass', async () => {
		const runId = await cancelledRun();
		const wait = { resource: 'run', operation: 'wait', runId: byId(runId), ...fast };
		const failed = await ctx.run(wait);
		expect(failure(failed).message).toBe(`Run ${runId} was cancelled [item 0]`);
		expect(failure(failed).description).toMatch(/^The run ended Cancelled in the service/);
		const off = await ctx.run({ ...wait, failWhenRunFails: false });
		expect(items(off)[0]).toMatchObject({ runId, status: 'Cancelled' });

		const completed = await ctx.run(
			startText(wf.agentSummary, 'A contract', {
				waitForCompletion: true,
				downloadFiles: false,
				...fast,
			}),
		);
		expect(items(completed)[0]).toMatchObject({ status: 'Completed' });
	});
});

describe('Wait For Run as an AI tool', () => {
	it('is bounded by the wait limit, started nothing; Get answers compact too', async () => {
		const runId = await startRun(ctx, startText(wf.review));
		ctx.sim.admin.clearRequests();
		const keepWaiting = { waitOptions: { ...fast.waitOptions, onPause: 'keepWaiting' } };
		const asTool = { nodeType: TOOL_NODE_TYPE };
		const waited = await ctx.run(
			{ ...waitFor(runId), toolWaitLimit: 1, ...keepWaiting },
			'full',
			asTool,
		);
		expect(waited.status).toBe('success');
		expect(items(waited)[0]).toMatchObject({
			runId,
			finished: false,
			note: expect.stringContaining("(this tool's wait limit)"),
		});
		const got = await ctx.run(
			{ resource: 'run', operation: 'get', runId: byId(runId) },
			'full',
			asTool,
		);
		expect(items(got)[0]).toMatchObject({
			runId,
			workflowId: wf.review,
			finished: false,
			files: [],
		});
		expect(requestsTo(ctx, 'POST', '/workflows/runs')).toEqual([]);
	});
});
