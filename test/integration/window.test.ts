import type { IDataObject } from 'n8n-workflow';

import { AUTO_PACE } from '../../nodes/DraftingWorkspace/pace/pace';
import { ACTION_NODE, type HarnessRun } from '../harness';
import { FIXTURE_IDS, runAdmin } from '../simulator';
import { byId, mostOpenAtOnce, produceOfferPerItem, useIntegrationContext } from './support';

/**
 * Batch Size: operations without a batch plan (Produce From Template, Chat Completion, Cancel, the
 * downloads) run a window of Batch Size items at once, their POSTs in item order. Through n8n's engine against
 * the simulator; every service answer takes 150 ms here, so overlap shows in the request log (arrival instants
 * and durations), never in a timed assertion.
 */
const ctx = useIntegrationContext({ runTimeScale: 0, chatChunkDelayMs: 0 });
const DELAY_MS = 400;
/** A busy machine can log an answer's end well after the client read it: an end counts this much early. */
const SLACK_MS = 150;

const logOf = (method: string, path: RegExp) =>
	ctx.sim.admin.requests().filter((entry) => entry.method === method && path.test(entry.path));
const PRODUCE = /^\/document-templates\/[^/]+\/documents$/;
const slow = (method: string, path: string) =>
	ctx.sim.admin.addFault({ kind: 'delay', ms: DELAY_MS, method, path, times: 10_000 });

const produce = produceOfferPerItem;
const people = (count: number, missingAt = -1) =>
	Array.from({ length: count }, (_, index) => ({
		json: { title: `Offer ${index}`, name: index === missingAt ? '' : `Person ${index}` },
	}));
const thrown = (result: HarnessRun) =>
	(result.nodeError(ACTION_NODE) ?? result.error ?? {}) as IDataObject;

describe('Produce From Template', () => {
	it.each([1, 4])(
		'Batch Size %i: that many POSTs in flight at once, one per item, output in item order and paired',
		async (batchSize) => {
			slow('POST', '/document-templates/*');
			const result = await ctx.run(produce({ batching: { batchSize } }), 'full', {
				items: people(12),
			});
			expect(result.status).toBe('success');
			const posts = logOf('POST', PRODUCE);
			expect(posts).toHaveLength(12);
			expect(mostOpenAtOnce(posts, SLACK_MS)).toBe(batchSize);
			const out = result.output(ACTION_NODE);
			expect(out.map((item) => [item.pairedItem, item.json.title])).toEqual(
				people(12).map((item, index) => [{ item: index }, item.json.title]),
			);
		},
	);

	it(`Batch Size Auto, the default: ${AUTO_PACE.start} in flight before any answer, every item once, in item order and paired; Pace Fixed gives the same output`, async () => {
		slow('POST', '/document-templates/*');
		const count = AUTO_PACE.start + 5;
		const result = await ctx.run(produce(), 'full', { items: people(count) });
		expect(result.status).toBe('success');
		const posts = logOf('POST', PRODUCE);
		expect(posts.map((entry) => (entry.requestBody as IDataObject).title)).toEqual(
			people(count).map((item) => item.json.title),
		);
		expect(mostOpenAtOnce(posts, SLACK_MS)).toBeGreaterThanOrEqual(AUTO_PACE.start);
		const shape = (run: HarnessRun) =>
			run.output(ACTION_NODE).map((item) => ({
				pairedItem: item.pairedItem,
				keys: Object.keys(item.json).sort(),
				title: item.json.title,
				status: item.json.status,
			}));
		ctx.sim.admin.reset();
		const fixed = await ctx.run(produce({ batching: { pace: 'fixed', batchSize: 2 } }), 'full', {
			items: people(count),
		});
		expect(mostOpenAtOnce(logOf('POST', PRODUCE), SLACK_MS)).toBeLessThanOrEqual(2);
		expect(shape(fixed)).toEqual(shape(result));
	});

	it('Auto against a service that serves 3 at once and refuses the next with a 429: nothing lost, each document produced once, in item order', async () => {
		ctx.sim.admin.setLatency({ produceDocumentMs: 300, capacity: 3 });
		const count = 12;
		const result = await ctx.run(produce(), 'full', { items: people(count) });
		expect(result.status).toBe('success');
		const posts = logOf('POST', PRODUCE);
		const made = posts.filter((entry) => entry.status === 201);
		// Auto opens with 8 at once: the service refuses what it cannot take, and the node sends those again after the rest.
		expect(posts.some((entry) => entry.status === 429)).toBe(true);
		expect(made.map((entry) => (entry.requestBody as IDataObject).title).sort()).toEqual(
			people(count)
				.map((item) => item.json.title)
				.sort(),
		);
		expect(result.output(ACTION_NODE).map((item) => [item.pairedItem, item.json.title])).toEqual(
			people(count).map((item, index) => [{ item: index }, item.json.title]),
		);
		expect(ctx.sim.latency.peakInService).toBeLessThanOrEqual(3);
	});

	it('Continue On Fail over 20 items: the item the service refuses gets its error item, the 19 others their documents', async () => {
		const result = await ctx.run(produce(), 'full', {
			items: people(20, 7),
			onError: 'continueRegularOutput',
		});
		expect(result.status).toBe('success');
		const out = result.output(ACTION_NODE);
		expect(out.map((item) => item.pairedItem)).toEqual(
			people(20).map((_, index) => ({ item: index })),
		);
		out.forEach((item, index) => {
			if (index === 7)
				expect(item.json).toMatchObject({ error: expect.any(String), code: 'fields_missing' });
			else expect(item.json).toMatchObject({ status: 'assembled', title: `Offer ${index}` });
		});
		expect(logOf('POST', PRODUCE).filter((entry) => entry.status === 201)).toHaveLength(19);
	});

	it('without Continue On Fail, item 7 refused: what is in flight finishes, nothing is sent after the refusal, and every document produced is in createdInBatch', async () => {
		slow('POST', '/document-templates/*');
		const result = await ctx.run(produce(), 'full', { items: people(20, 7) });
		expect(result.status).toBe('error');
		const error = thrown(result);
		expect((error.context as IDataObject).itemIndex).toBe(7);
		const made = logOf('POST', PRODUCE).filter((entry) => entry.status === 201);
		const listed = ((error.context as IDataObject).createdInBatch as IDataObject[]) ?? [];
		expect(listed.map((entry) => entry.itemIndex)).toEqual(
			expect.arrayContaining([0, 1, 2, 3, 4, 5, 6]),
		);
		expect(listed).toHaveLength(made.length);
		expect(new Set(listed.map((entry) => entry.documentId)).size).toBe(made.length);
		// What was sent after item 7 was sent before its refusal came back: each item once, none sent again.
		const sentItems = logOf('POST', PRODUCE).map((entry) =>
			Number(String((entry.requestBody as IDataObject).title).replace('Offer ', '')),
		);
		expect(new Set(sentItems).size).toBe(sentItems.length);
		expect(String(error.description)).toContain('createdInBatch');
	});
});

describe('every other operation without a batch plan runs Batch Size items at once', () => {
	const seededRuns = (count: number) =>
		runAdmin(ctx.sim).seedRuns(
			Array.from({ length: count }, () => ({
				workflowId: FIXTURE_IDS.workflows.agentSummary,
				keyId: FIXTURE_IDS.keys.full,
				status: 'Running' as const,
				startedAt: new Date(Date.now() - 60_000).toISOString(),
			})),
		);

	it.each([
		[
			'Chat → Chat Completion',
			'POST',
			'/v1/chat/completions',
			/^\/v1\/chat\/completions$/,
			() => ({
				parameters: {
					resource: 'chat',
					operation: 'complete',
					model: 'dw-standard',
					messages: { values: [{ role: 'user', content: '={{ "Question " + $itemIndex }}' }] },
				},
				items: Array.from({ length: 10 }, () => ({ json: {} })),
			}),
		],
		[
			'Run → Cancel',
			'POST',
			'/workflows/runs/*',
			/^\/workflows\/runs\/[^/]+\/cancel$/,
			() => ({
				parameters: { resource: 'run', operation: 'cancel', runId: byId('={{ $json.runId }}') },
				items: seededRuns(10).map((runId) => ({ json: { runId } })),
			}),
		],
	] as const)(
		'%s: Batch Size 3 keeps 3 in flight; Batch Size 1 one at a time; every item once, in order',
		async (_name, method, faultPath, path, make) => {
			for (const batchSize of [3, 1]) {
				ctx.sim.admin.reset();
				slow(method, faultPath);
				const { parameters, items } = make();
				const result = await ctx.run({ ...parameters, batching: { batchSize } }, 'full', { items });
				expect(result.status).toBe('success');
				const sent = logOf(method, path);
				expect(sent).toHaveLength(10);
				expect(mostOpenAtOnce(sent, SLACK_MS)).toBe(batchSize);
				expect(result.output(ACTION_NODE).map((item) => item.pairedItem)).toEqual(
					items.map((_, index) => ({ item: index })),
				);
			}
		},
	);

	it('Run → Download File: Batch Size 3 keeps 3 downloads in flight; every run its own PDF, in order', async () => {
		const started = await ctx.run(
			{
				resource: 'run',
				operation: 'start',
				workflowId: byId(FIXTURE_IDS.workflows.agentSummary),
				inputMode: 'text',
				inputText: '={{ "Contract " + $itemIndex }}',
				waitForCompletion: true,
				downloadFiles: false,
				waitOptions: { checkInterval: 1, timeout: 60 },
			},
			'full',
			{ items: Array.from({ length: 8 }, () => ({ json: {} })) },
		);
		const runIds = started.output(ACTION_NODE).map((item) => String(item.json.runId));
		ctx.sim.admin.addFault({
			kind: 'delay',
			ms: DELAY_MS,
			method: 'GET',
			path: '^/workflows/runs/[^/]+/files/',
			times: 10_000,
		});
		const result = await ctx.run(
			{
				resource: 'run',
				operation: 'downloadFile',
				runId: byId('={{ $json.runId }}'),
				batching: { batchSize: 3 },
			},
			'full',
			{
				items: runIds.map((runId) => ({ json: { runId } })),
			},
		);
		expect(result.status).toBe('success');
		const downloads = logOf('GET', /^\/workflows\/runs\/[^/]+\/files\//);
		expect(downloads).toHaveLength(8);
		expect(mostOpenAtOnce(downloads, SLACK_MS)).toBe(3);
		expect(result.output(ACTION_NODE).map((item) => [item.pairedItem, item.json.runId])).toEqual(
			runIds.map((runId, index) => [{ item: index }, runId]),
		);
	});

	it("the execution's cancel stops the window: nothing is sent after it, and the execution ends canceled", async () => {
		slow('POST', '/v1/chat/completions');
		const cancelAfterMs = 400;
		const started = Date.now();
		const result = await ctx.run(
			{
				resource: 'chat',
				operation: 'complete',
				model: 'dw-standard',
				messages: { values: [{ role: 'user', content: '={{ "Question " + $itemIndex }}' }] },
				batching: { batchSize: 2 },
			},
			'full',
			{ items: Array.from({ length: 20 }, () => ({ json: {} })), cancelAfterMs },
		);
		expect(result.status).toBe('canceled');
		const sent = logOf('POST', /^\/v1\/chat\/completions$/);
		expect(sent.length).toBeLessThan(20);
		// Two at a time, 150 ms each: a cancel at 400 ms leaves at most a few begun; none is sent well after it.
		expect(sent.filter((entry) => Date.parse(entry.at) > started + cancelAfterMs + 200)).toEqual(
			[],
		);
	});
});
