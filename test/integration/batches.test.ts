/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, type HarnessRun } from '../harness';
import { FIXTURE_IDS, runAdmin } from '../simulator';
import { apiRuns, byId, items, mostOpenAtOnce, useIntegrationContext } from './support';

/**
 * Batches: operations that create then wait send their POSTs in item order, one at a time, and then
 * follow everything they created side by side (at most Follow at Most at once). Through n8n's engine against
 * the simulator. Nothing here is timed: order comes from the simulator's request log (`seq`), overlap from the
 * log's open and close instants.
 * Uploads over a batch: batches-uploads.test.ts.
 */
const ctx = useIntegrationContext({ runTimeScale: 2, sseHeartbeatMs: 200, ingestionMs: 300 });
const wf = FIXTURE_IDS.workflows;
const EVENTS = '^/workflows/runs/[^/]+/events$';

const startEach = (extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId('={{ $json.workflowId }}'),
	inputMode: 'text',
	inputText: '={{ $json.text }}',
	waitForCompletion: true,
	downloadFiles: false,
	...extra,
	waitOptions: {
		checkInterval: 1,
		timeout: 60,
		...((extra.waitOptions as IDataObject | undefined) ?? {}),
	},
});
const textItems = (count: number, workflowFor: (index: number) => string = () => wf.agentSummary) =>
	Array.from({ length: count }, (_, index) => ({
		json: { text: `Contract ${index}: summarise it.`, workflowId: workflowFor(index) },
	}));

const requests = (method: string, path: RegExp) =>
	ctx.sim.admin.requests().filter((entry) => entry.method === method && path.test(entry.path));
const startPosts = () => requests('POST', /^\/workflows\/runs$/);
const eventStreams = () => requests('GET', /^\/workflows\/runs\/[^/]+\/events$/);
const runOfText = (text: string) => apiRuns(ctx).find((run) => run.input === text);

function thrownError(result: HarnessRun): IDataObject {
	return (result.nodeError(ACTION_NODE) ?? result.error ?? {}) as IDataObject;
}

async function allRequestsClosed(): Promise<void> {
	for (
		let tries = 0;
		tries < 500 && ctx.sim.admin.requests().some((entry) => entry.durationMs === null);
		tries++
	)
		await new Promise((resolve) => setTimeout(resolve, 20));
	expect(ctx.sim.admin.requests().filter((entry) => entry.durationMs === null)).toEqual([]);
}

describe('Start Run with Wait for Completion over a batch', () => {
	it('Batch Size 1: starts the runs in item order, one POST at a time, before following any; follows them side by side (at most Follow at Most); output keeps item order and pairing', async () => {
		const result = await ctx.run(
			startEach({ waitOptions: { followAtMost: 3 }, batching: { batchSize: 1 } }),
			'full',
			{ items: textItems(6) },
		);
		expect(result.status).toBe('success');
		const posts = startPosts();
		expect(posts.map((entry) => (entry.requestBody as IDataObject).input)).toEqual(
			textItems(6).map((item) => item.json.text),
		);
		const streams = eventStreams();
		expect(Math.max(...posts.map((entry) => entry.seq))).toBeLessThan(
			Math.min(...streams.map((entry) => entry.seq)),
		);
		const open = mostOpenAtOnce(streams);
		expect(open).toBeGreaterThanOrEqual(2);
		expect(open).toBeLessThanOrEqual(3);

		const out = result.output(ACTION_NODE);
		expect(out).toHaveLength(6);
		out.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json).toMatchObject({
				runId: runOfText(`Contract ${index}: summarise it.`)?.runId,
				status: 'Completed',
				wait: { outcome: 'finished' },
			});
		});
		expect(apiRuns(ctx)).toHaveLength(6);
	});

	it('Continue On Fail isolates a failed start and a failed wait among 20 items; the others keep their own runs', async () => {
		const run = await ctx.run(startEach(), 'full', {
			items: textItems(20, (index) => (index === 7 ? 'wf_does_not_exist' : wf.agentSummary)),
			onError: 'continueRegularOutput',
		});
		expect(run.status).toBe('success');
		const out = run.output(ACTION_NODE);
		expect(out).toHaveLength(20);
		out.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			if (index === 7) expect(item.json).toMatchObject({ error: expect.any(String), itemIndex: 7 });
			else
				expect(item.json).toMatchObject({
					runId: runOfText(`Contract ${index}: summarise it.`)?.runId,
					status: 'Completed',
				});
		});
		expect(apiRuns(ctx)).toHaveLength(19);

		// Wait For Run over the same 19 runs and one unknown id: the unknown one fails alone.
		const runIds = out.map((item, index) =>
			index === 12 ? 'run_unknown' : String(item.json.runId ?? 'run_missing'),
		);
		const waited = await ctx.run(
			{
				resource: 'run',
				operation: 'wait',
				runId: byId('={{ $json.runId }}'),
				downloadFiles: false,
			},
			'full',
			{
				items: runIds.map((runId) => ({ json: { runId } })),
				onError: 'continueRegularOutput',
			},
		);
		const again = waited.output(ACTION_NODE);
		expect(again).toHaveLength(20);
		again.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			if (index === 7 || index === 12) expect(item.json.error).toEqual(expect.any(String));
			else expect(item.json).toMatchObject({ runId: runIds[index], status: 'Completed' });
		});
	});

	it('without Continue On Fail, a failed wait stops the batch and the thrown error lists every started run (createdInBatch)', async () => {
		ctx.sim.admin.addFault({ kind: 'status', status: 500, method: 'GET', path: EVENTS, times: 1 });
		const result = await ctx.run(startEach(), 'full', { items: textItems(5) });
		expect(result.status).toBe('error');
		const runs = apiRuns(ctx);
		expect(runs).toHaveLength(5);
		const context = thrownError(result).context as IDataObject;
		const listed = (context.createdInBatch as IDataObject[]).map((entry) => [
			entry.itemIndex,
			entry.runId,
		]);
		expect(listed).toEqual(
			textItems(5).map((item, index) => [index, runOfText(String(item.json.text))?.runId]),
		);
		expect(String(thrownError(result).description)).toContain('createdInBatch');
		await allRequestsClosed();
	});

	it('Batch Size 1, without Continue On Fail: a failed start stops the batch: later items are never sent, earlier runs are listed', async () => {
		const result = await ctx.run(startEach({ batching: { batchSize: 1 } }), 'full', {
			items: textItems(5, (index) => (index === 2 ? 'wf_does_not_exist' : wf.agentSummary)),
		});
		expect(result.status).toBe('error');
		expect(startPosts()).toHaveLength(3);
		expect(apiRuns(ctx)).toHaveLength(2);
		const context = thrownError(result).context as IDataObject;
		expect((context.createdInBatch as IDataObject[]).map((entry) => entry.itemIndex)).toEqual([
			0, 1,
		]);
		expect(context.itemIndex).toBe(2);
		await allRequestsClosed();
	});

	it('Batch Size 3, without Continue On Fail: a failed start stops the batch; starts in flight finish and every run that exists is in createdInBatch, none started twice; nothing is sent after the failure came back', async () => {
		// Each start takes 150 ms, so three are in flight at once and the failure of item 4 comes back while 5 and 6 are on their way.
		ctx.sim.admin.addFault({
			kind: 'delay',
			ms: 150,
			method: 'POST',
			path: '/workflows/runs',
			times: 1_000,
		});
		const result = await ctx.run(startEach({ batching: { batchSize: 3 } }), 'full', {
			items: textItems(12, (index) => (index === 4 ? 'wf_does_not_exist' : wf.agentSummary)),
		});
		expect(result.status).toBe('error');
		const context = thrownError(result).context as IDataObject;
		expect(context.itemIndex).toBe(4);
		const runs = apiRuns(ctx);
		const listed = (context.createdInBatch as IDataObject[]).map((entry) => entry.runId);
		expect([...listed].sort()).toEqual(runs.map((run) => run.runId).sort());
		expect(new Set(runs.map((run) => run.input)).size).toBe(runs.length);
		expect(mostOpenAtOnce(startPosts())).toBe(3);
		const failedAt = startPosts().find((entry) => entry.status >= 400)!;
		const answeredAt = Date.parse(failedAt.at) + (failedAt.durationMs ?? 0);
		// Counted, not timed: the other two places may each have a start on its way when the failure comes back,
		// which a loaded machine delivers late; a batch that went on would send the remaining six.
		expect(
			startPosts().filter((entry) => Date.parse(entry.at) > answeredAt).length,
		).toBeLessThanOrEqual(2);
		expect(startPosts().length).toBeLessThan(12);
		await allRequestsClosed();
	});

	it("the execution's cancel signal stops every wait at once; every run is still in the error", async () => {
		const result = await ctx.run(startEach(), 'full', {
			items: textItems(4, () => wf.review),
			cancelAfterMs: 1500,
		});
		expect(result.status).toBe('canceled');
		expect(apiRuns(ctx)).toHaveLength(4);
		const listed = (
			(thrownError(result).context as IDataObject).createdInBatch as IDataObject[]
		).map((entry) => entry.runId);
		expect(listed.sort()).toEqual(
			apiRuns(ctx)
				.map((run) => run.runId)
				.sort(),
		);
		await allRequestsClosed();
		expect(eventStreams().length).toBeGreaterThanOrEqual(1);
	});

	it('a run whose turn comes late is read first: one read when it has ended (no stream), its stream when it is still going', async () => {
		// Follow at Most 1: item 0 (a review run) holds the only slot until the test approves it, once items 1 and 3
		// have finished; item 2 (another review run) is still paused when its turn comes, and is approved only
		// once its stream is open. Nothing here depends on timing: each approval waits for what it needs.
		const kinds = [wf.review, wf.agentSummary, wf.review, wf.agentSummary];
		const text = (index: number) => `Contract ${index}: summarise it.`;
		const approved = new Set<string>();
		const approver = setInterval(() => {
			const run = (index: number) => runOfText(text(index));
			const [r0, r1, r2, r3] = [0, 1, 2, 3].map(run);
			const streamOpen = (runId: string) =>
				eventStreams().some((entry) => entry.path === `/workflows/runs/${runId}/events`);
			const approve = (candidate: typeof r0) => {
				if (candidate && candidate.condition === 'paused' && !approved.has(candidate.runId)) {
					approved.add(candidate.runId);
					runAdmin(ctx.sim).approve(candidate.runId);
				}
			};
			if (r1?.status === 'Completed' && r3?.status === 'Completed') approve(r0);
			if (r2 && streamOpen(r2.runId)) approve(r2);
		}, 20);
		try {
			const result = await ctx.run(startEach({ waitOptions: { followAtMost: 1 } }), 'full', {
				items: textItems(4, (index) => kinds[index]),
			});
			expect(result.status).toBe('success');
			const out = items(result);
			const runIds = [0, 1, 2, 3].map((index) => runOfText(text(index))?.runId);
			out.forEach((item, index) =>
				expect(item).toMatchObject({
					runId: runIds[index],
					status: 'Completed',
					wait: { outcome: 'finished' },
				}),
			);
			expect(out.map((item) => (item.wait as IDataObject).pausedForReview)).toEqual([
				true,
				false,
				true,
				false,
			]);
			const streamsOf = (runId?: string) =>
				eventStreams().filter((entry) => entry.path === `/workflows/runs/${runId}/events`);
			const readsOf = (runId?: string) =>
				requests('GET', /^\/workflows\/runs\/[^/]+$/).filter(
					(entry) => entry.path === `/workflows/runs/${runId}`,
				);
			// Ended before their turn: one read each, no stream (no refused 409 either).
			for (const index of [1, 3]) {
				expect(streamsOf(runIds[index])).toHaveLength(0);
				expect(readsOf(runIds[index])).toHaveLength(1);
				expect((out[index].wait as IDataObject).streamConnections).toBe(0);
			}
			expect(eventStreams().filter((entry) => entry.status === 409)).toEqual([]);
			// Still going at its turn: read first, then followed by its stream to the end.
			const firstStream = Math.min(...streamsOf(runIds[2]).map((entry) => entry.seq));
			expect(readsOf(runIds[2]).filter((entry) => entry.seq < firstStream)).toHaveLength(1);
			expect(
				readsOf(runIds[2]).filter((entry) => entry.seq > firstStream).length,
			).toBeGreaterThanOrEqual(1);
			// Whichever way a run was followed, its output has the same shape.
			expect(Object.keys(out[1]).sort()).toEqual(Object.keys(out[0]).sort());
			expect(Object.keys(out[3]).sort()).toEqual(Object.keys(out[2]).sort());
		} finally {
			clearInterval(approver);
		}
	});

	it('429s during both phases are waited out: each run started exactly once and followed to its end', async () => {
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 429,
			method: 'POST',
			path: '/workflows/runs',
			retryAfterSeconds: 1,
			times: 3,
		});
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 429,
			method: 'GET',
			path: EVENTS,
			retryAfterSeconds: 1,
			times: 3,
		});
		const result = await ctx.run(startEach(), 'full', { items: textItems(6) });
		expect(result.status).toBe('success');
		expect(startPosts().filter((entry) => entry.status === 429)).toHaveLength(3);
		expect(apiRuns(ctx)).toHaveLength(6);
		const out = items(result);
		expect(new Set(out.map((item) => item.runId)).size).toBe(6);
		out.forEach((item, index) =>
			expect(item).toMatchObject({
				runId: runOfText(`Contract ${index}: summarise it.`)?.runId,
				status: 'Completed',
			}),
		);
	});
});
