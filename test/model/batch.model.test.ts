/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Batches: each item's run starts once and each output is its own item's run, under random batches.
/**
 * Batches, attacked by random batches (fast-check) through n8n's engine against the simulator:
 * Start Run with Wait for Completion over 1–10 items, each naming a workflow that finishes at once, one that
 * pauses at a review step (approved by the test once the run's event stream is open), or one that does not
 * exist; Batch Size Auto (its window changing size while starts are in flight, narrowed by the 429s and 423s)
 * or fixed at 1–4; with 429s (Retry-After) on the starts, on the event streams and on the record reads, Follow at Most
 * 1–4 (so later runs wait for a slot, are read first, and are either over by then or still paused), with and
 * without Continue On Fail, and sometimes a cancelled execution (then nothing is approved). The oracle reads
 * the simulator's ground truth:
 * - each run was started at most once, and no POST was accepted twice;
 * - with Continue On Fail (or no failing item): every item has one output, paired with it; a good item's output
 *   is its own run, finished (a review run after its pause); a failing item's output is its error;
 * - without it: the thrown error is the first failing item's, no new start was sent after its refusal came back
 *   (an item beside it may have begun while it waited out a 429; each of the other Batch Size − 1 places may
 *   have had one start on its way, which reaches the service after the refusal), and createdInBatch
 *   lists exactly the runs that were started, each with its own item;
 * - a cancelled execution ends (every wait stops), and its error lists every run that was started.
 * `sleep` is instant (Retry-After costs nothing); runs play at once (runTimeScale 0).
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE } from '../harness';
import { FIXTURE_IDS, runAdmin } from '../simulator';
import { expectOneItemPerInput, IntegrationContext } from '../integration/support';
import { runsOf } from '../support/depth';
import { byId } from '../harness';

jest.mock('n8n-workflow', () => {
	const actual = jest.requireActual<typeof import('n8n-workflow')>('n8n-workflow');
	return {
		...actual,
		// One turn of the event loop, no time: Auto's wake-ups (batching.ts) then let I/O run between them.
		sleep: async (_ms: number, signal?: AbortSignal) => {
			if (signal?.aborted) throw signal.reason;
			await new Promise((resolve) => setImmediate(resolve));
		},
	};
});

const ctx = new IntegrationContext();
beforeAll(async () =>
	ctx.start({ runTimeScale: 0, sseHeartbeatMs: 200, defaultRateLimitPerMinute: 1_000_000 }),
);
afterAll(async () => ctx.stop());

type Kind = 'good' | 'review' | 'failing';
let round = 0;

const batch = fc.record({
	kinds: fc.array(fc.constantFrom<Kind>('good', 'good', 'review', 'failing'), {
		minLength: 1,
		maxLength: 10,
	}),
	startFaults: fc.integer({ min: 0, max: 4 }),
	startFaultStatus: fc.constantFrom<429 | 423>(429, 423),
	// A connection reset after the service took the start: the run exists, the node cannot know it did.
	startResets: fc.integer({ min: 0, max: 2 }),
	streamFaults: fc.integer({ min: 0, max: 4 }),
	readFaults: fc.integer({ min: 0, max: 4 }),
	followAtMost: fc.integer({ min: 1, max: 4 }),
	// 0: Auto (the default), whose window changes size while items are in flight; else a fixed Batch Size.
	batchSize: fc.integer({ min: 0, max: 4 }),
	continueOnFail: fc.boolean(),
	cancel: fc.boolean(),
});

const WORKFLOW_OF: Record<Kind, string> = {
	good: FIXTURE_IDS.workflows.agentSummary,
	review: FIXTURE_IDS.workflows.review,
	failing: 'wf_missing',
};

/** Approves every paused review run once its event stream has been opened (a run read first while paused, too). */
function approveOpenReviews(): () => void {
	const approved = new Set<string>();
	const timer = setInterval(() => {
		const streamed = new Set(
			ctx.sim.admin
				.requests()
				.filter((entry) => /\/events$/.test(entry.path) && entry.status === 200)
				.map((entry) => entry.path.split('/')[3]),
		);
		for (const run of runAdmin(ctx.sim).runs())
			if (
				run.keyId !== null &&
				run.condition === 'paused' &&
				streamed.has(run.runId) &&
				!approved.has(run.runId)
			) {
				approved.add(run.runId);
				runAdmin(ctx.sim).approve(run.runId);
			}
	}, 10);
	return () => clearInterval(timer);
}

it('each item’s run starts at most once, each output item is its own item’s run, and a cancel ends every wait', async () => {
	await fc.assert(
		fc.asyncProperty(
			batch,
			async ({
				kinds,
				startFaults,
				startFaultStatus,
				startResets,
				streamFaults,
				readFaults,
				followAtMost,
				batchSize,
				continueOnFail,
				cancel,
			}) => {
				ctx.sim.admin.reset();
				if (startFaults)
					ctx.sim.admin.addFault({
						kind: 'status',
						status: startFaultStatus,
						method: 'POST',
						path: '/workflows/runs',
						retryAfterSeconds: 1,
						times: startFaults,
					});
				if (startResets)
					ctx.sim.admin.addFault({
						kind: 'reset',
						phase: 'after',
						method: 'POST',
						path: '/workflows/runs',
						times: startResets,
					});
				if (streamFaults)
					ctx.sim.admin.addFault({
						kind: 'status',
						status: 429,
						method: 'GET',
						path: '^/workflows/runs/[^/]+/events$',
						retryAfterSeconds: 1,
						times: streamFaults,
					});
				if (readFaults)
					ctx.sim.admin.addFault({
						kind: 'status',
						status: 429,
						method: 'GET',
						path: '^/workflows/runs/[^/]+$',
						retryAfterSeconds: 1,
						times: readFaults,
					});
				// Texts of this round only: a request of an earlier round's cancelled execution may reach the simulator after
				// its reset (it once took this round's faults, and the oracle took it for this round's item 0).
				round += 1;
				const texts = kinds.map((_, index) => `Batch ${round} item ${index}`);
				const ours = (input: unknown) => texts.includes(String(input));
				const stopApproving = cancel ? () => undefined : approveOpenReviews();
				const result = await ctx
					.run(
						{
							resource: 'run',
							operation: 'start',
							workflowId: byId('={{ $json.workflowId }}'),
							inputMode: 'text',
							inputText: '={{ $json.text }}',
							waitForCompletion: true,
							downloadFiles: false,
							waitOptions: { checkInterval: 1, timeout: 60, followAtMost },
							batching: batchSize ? { batchSize } : {},
						},
						'full',
						{
							items: texts.map((text, index) => ({
								json: { text, workflowId: WORKFLOW_OF[kinds[index]] },
							})),
							...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
							...(cancel ? { cancelAfterMs: 300 } : {}),
						},
					)
					.finally(stopApproving);
				const runs = runAdmin(ctx.sim)
					.runs()
					.filter((run) => run.keyId !== null && ours(run.input));
				const runOf = new Map<string, string>();
				for (const run of runs) {
					expect(runOf.has(String(run.input))).toBe(false); // never started twice
					runOf.set(String(run.input), run.runId);
				}
				// The items whose start the service took but whose answer was cut: they fail, their run exists unlisted.
				const resetEntries = ctx.sim.admin
					.requests()
					.filter(
						(entry) =>
							entry.method === 'POST' &&
							entry.path === '/workflows/runs' &&
							ours((entry.requestBody as IDataObject).input) &&
							entry.faults.some((fault) => fault.includes('reset')),
					);
				const reset = new Set(
					resetEntries.map((entry) => String((entry.requestBody as IDataObject).input)),
				);
				// A reset that met a 429 or 423 first cut an answer that started nothing.
				const resetStartedNothing = new Set(
					resetEntries
						.filter((entry) => !(entry.note as IDataObject | undefined)?.runId)
						.map((entry) => String((entry.requestBody as IDataObject).input)),
				);
				const fails = (index: number) => kinds[index] === 'failing' || reset.has(texts[index]);
				const error = (result.nodeError(ACTION_NODE) ?? result.error) as IDataObject | undefined;
				const listed = () =>
					(
						((error?.context as IDataObject | undefined)?.createdInBatch as
							| IDataObject[]
							| undefined) ?? []
					).map((entry) => [entry.itemIndex, entry.runId]);
				if (result.status === 'canceled') {
					expect(cancel).toBe(true);
					// Every run started is in the error, with its own item (but those whose answer the node never got).
					expect(listed()).toEqual(
						texts.flatMap((text, index) =>
							runOf.has(text) && !reset.has(text) ? [[index, runOf.get(text)]] : [],
						),
					);
					return;
				}
				// Without approvals a review run never ends: only a cancel, or a failing item without Continue On Fail, ends
				// such a batch. A failing item fails at its start, and every start is sent before any run is followed, so
				// wherever it stands it stops the batch (unless the cancel came first, the branch above).
				const firstFailing = kinds.findIndex((_, index) => fails(index));
				const waitsOnReview = kinds.some(
					(kind, index) => kind === 'review' && !reset.has(texts[index]),
				);
				if (cancel && waitsOnReview && (continueOnFail || firstFailing < 0))
					throw new Error(
						`expected the cancelled execution, got ${result.status}: ${String(error?.message)} (${JSON.stringify(error?.context ?? {})})`,
					);
				if (continueOnFail || firstFailing < 0) {
					expect(result.status).toBe('success');
					expect(runs).toHaveLength(
						kinds.filter(
							(kind, index) => kind !== 'failing' && !resetStartedNothing.has(texts[index]),
						).length,
					);
					expectOneItemPerInput(result, texts.length, fails, (index) => ({
						runId: runOf.get(texts[index]),
						status: 'Completed',
						wait: { outcome: 'finished', pausedForReview: kinds[index] === 'review' },
					}));
				} else {
					expect(result.status).toBe('error');
					// Items before the first failing one were started. Starts go out in item order, at most Batch Size at
					// once, and no new one after the failing item's refusal came back. (Later items may have begun before it:
					// while the failing item waited out a 429, the items beside it finished and freed their places.)
					const started = texts.flatMap((text, index) => (runOf.has(text) ? [index] : []));
					for (let index = 0; index < firstFailing; index++) expect(started).toContain(index);
					const posts = ctx.sim.admin
						.requests()
						.filter(
							(entry) =>
								entry.method === 'POST' &&
								entry.path === '/workflows/runs' &&
								ours((entry.requestBody as IDataObject).input),
						);
					const inputOf = (entry: (typeof posts)[number]) =>
						String((entry.requestBody as IDataObject).input);
					const refusedAt = Math.max(
						...posts
							.filter((entry) => inputOf(entry) === texts[firstFailing])
							.map((entry) => Date.parse(entry.at) + (entry.durationMs ?? 0)),
					);
					// Counted, not timed: a start sent before the node saw the refusal reaches the service when a loaded machine
					// lets it (once 150 ms after it, in CI). Only the other places' starts can be on their way then, one each; a
					// node that went on starting would send every remaining item.
					const firstPosts = texts.flatMap((text) =>
						posts.filter((entry) => inputOf(entry) === text).slice(0, 1),
					);
					// Auto's window may have grown to every item by then.
					expect(
						firstPosts.filter((entry) => Date.parse(entry.at) > refusedAt).length,
					).toBeLessThanOrEqual((batchSize || texts.length) - 1);
					const context = error?.context as IDataObject;
					expect(context.itemIndex).toBe(firstFailing);
					// Every run that exists is in the error, with its own item (but those whose answer the node never got).
					expect(listed()).toEqual(
						started
							.filter((index) => !reset.has(texts[index]))
							.map((index) => [index, runOf.get(texts[index])]),
					);
				}
			},
		),
		{
			// The sample runs every example below and a few random rounds.
			numRuns: runsOf(200, 20),
			// Replayed first on every run: the first was once judged wrongly by the oracle (it expected a cancel where the
			// failing item's start stops the batch first).
			examples: [
				// Once failed in CI under the timed oracle: one start, sent while the reset was coming back, reached the service more than 150 ms after it.
				[
					{
						kinds: ['review', 'good', 'review', 'good', 'good', 'failing', 'review', 'failing'],
						startFaults: 0,
						startFaultStatus: 429,
						startResets: 1,
						streamFaults: 1,
						readFaults: 2,
						followAtMost: 1,
						batchSize: 2,
						continueOnFail: false,
						cancel: false,
					},
				],
				[
					{
						kinds: ['review', 'failing'],
						startFaults: 0,
						startFaultStatus: 429,
						startResets: 0,
						streamFaults: 0,
						readFaults: 0,
						followAtMost: 1,
						batchSize: 1,
						continueOnFail: false,
						cancel: true,
					},
				],
				// Once judged wrongly too: item 0 waited out a 429 while item 1 finished, so item 2 began before item 0's
				// refusal came back (the oracle had bounded the started items by the failing one's index + Batch Size).
				[
					{
						kinds: ['failing', 'good', 'good'],
						startFaults: 1,
						startFaultStatus: 429,
						startResets: 0,
						streamFaults: 0,
						readFaults: 0,
						followAtMost: 1,
						batchSize: 2,
						continueOnFail: false,
						cancel: false,
					},
				],
				// Once failed in CI: under Auto, item 0's start was refused (429) and waited to go again when item 1 failed;
				// the stop dropped item 0's retry while item 2's start went through.
				[
					{
						kinds: ['good', 'failing', 'good'],
						startFaults: 1,
						startFaultStatus: 429,
						startResets: 0,
						streamFaults: 0,
						readFaults: 0,
						followAtMost: 1,
						batchSize: 0,
						continueOnFail: false,
						cancel: false,
					},
				],
				// Then: item 0 went again behind the review run's follow; cancelled, the batch named item 0's refused turn, not the cancel.
				[
					{
						kinds: ['good', 'review', 'good', 'good'],
						startFaults: 1,
						startFaultStatus: 429,
						startResets: 0,
						streamFaults: 0,
						readFaults: 0,
						followAtMost: 1,
						batchSize: 0,
						continueOnFail: false,
						cancel: true,
					},
				],
				// Once failed in CI (as timing allowed): with Continue On Fail, a failing item's refusal came back after the
				// cancel and named the cancelled execution, which n8n then showed as failed.
				[
					{
						kinds: [
							'good',
							'failing',
							'failing',
							'failing',
							'good',
							'review',
							'failing',
							'review',
							'review',
						],
						startFaults: 1,
						startFaultStatus: 423,
						startResets: 1,
						streamFaults: 3,
						readFaults: 2,
						followAtMost: 2,
						batchSize: 1,
						continueOnFail: true,
						cancel: true,
					},
				],
				// Once failed in CI's deep runs (as timing allowed): a start on its way when the execution was cancelled was cut
				// off, so its run existed and the error did not list it.
				[
					{
						kinds: ['good', 'good', 'review', 'good', 'review', 'failing', 'review'],
						startFaults: 0,
						startFaultStatus: 429,
						startResets: 2,
						streamFaults: 3,
						readFaults: 1,
						followAtMost: 2,
						batchSize: 4,
						continueOnFail: true,
						cancel: true,
					},
				],
				[
					{
						kinds: ['review', 'good', 'review', 'good', 'good', 'good'],
						startFaults: 4,
						startFaultStatus: 429,
						startResets: 0,
						streamFaults: 3,
						readFaults: 1,
						followAtMost: 2,
						batchSize: 0,
						continueOnFail: true,
						cancel: true,
					},
				],
			],
		},
	);
}, 300_000);
