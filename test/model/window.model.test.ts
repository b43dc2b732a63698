/**
 * The window, attacked by random batches (fast-check) through n8n's engine against the simulator, in
 * real time: Produce From Template over 1–10 items at Batch Size 1–4, each item good or refused by the service
 * (a required answer empty), with 429s (Retry-After 1 s) and 423s on the POSTs, connection resets after the
 * service took a POST (the document exists, the node cannot know it), every answer slowed by 40 ms so several
 * are in flight, with and without Continue On Fail. The oracle reads the simulator's request log:
 * - every item's POST produced at most one document, and no item was sent again after one was produced;
 * - nothing is sent during a pause: after a 429 came back, no request with the key reaches the service until its
 *   Retry-After has passed (bar those already on their way when the 429 came back, one per other place);
 * - with Continue On Fail: one output per item, paired, in order; a good item's output is its own document;
 * - without it: the error is the earliest failing item's, no new item was sent after its failure came back (bar one
 *   on its way per other place), and
 *   createdInBatch lists every document whose answer the node got.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE } from '../harness';
import type { RequestLogEntry } from '../simulator';
import {
	expectOneItemPerInput,
	IntegrationContext,
	produceOfferPerItem,
} from '../integration/support';

const ctx = new IntegrationContext();
beforeAll(async () => ctx.start({ defaultRateLimitPerMinute: 1_000_000 }));
afterAll(async () => ctx.stop());

const PRODUCE = /^\/document-templates\/[^/]+\/documents$/;
const RETRY_AFTER_MS = 1000;
/**
 * Counted, not timed: a request sent before the node saw a 429 or a failure reaches the service when a loaded machine
 * lets it (once more than 150 ms after, in CI). Only the other places' requests can be on their way then, one each.
 */
const onTheirWay = (batchSize: number) => batchSize - 1;

type Kind = 'good' | 'refused';

const batch = fc.record({
	kinds: fc.array(fc.constantFrom<Kind>('good', 'good', 'good', 'refused'), {
		minLength: 1,
		maxLength: 10,
	}),
	batchSize: fc.integer({ min: 1, max: 4 }),
	rateLimits: fc.integer({ min: 0, max: 3 }),
	locks: fc.integer({ min: 0, max: 2 }),
	resets: fc.integer({ min: 0, max: 2 }),
	continueOnFail: fc.boolean(),
});

const produce = (batchSize: number) => produceOfferPerItem({ batching: { batchSize } });

const titleOf = (entry: RequestLogEntry) => String((entry.requestBody as IDataObject).title);
const produced = (entry: RequestLogEntry) =>
	(entry.note as IDataObject | undefined)?.documentId as string | undefined;
const endOf = (entry: RequestLogEntry) => Date.parse(entry.at) + (entry.durationMs ?? 0);
const isReset = (entry: RequestLogEntry) =>
	entry.faults.some((fault) => fault.includes(':reset-after'));

it('each item is produced at most once, nothing is sent during a pause or after a stop, output keeps order and pairing', async () => {
	await fc.assert(
		fc.asyncProperty(
			batch,
			async ({ kinds, batchSize, rateLimits, locks, resets, continueOnFail }) => {
				ctx.sim.admin.reset();
				ctx.sim.admin.addFault({
					kind: 'delay',
					ms: 40,
					method: 'POST',
					path: '/document-templates/*',
					times: 10_000,
				});
				if (rateLimits)
					ctx.sim.admin.addFault({
						kind: 'status',
						status: 429,
						method: 'POST',
						path: '/document-templates/*',
						retryAfterSeconds: RETRY_AFTER_MS / 1000,
						times: rateLimits,
					});
				if (locks)
					ctx.sim.admin.addFault({
						kind: 'status',
						status: 423,
						method: 'POST',
						path: '/document-templates/*',
						times: locks,
					});
				if (resets)
					ctx.sim.admin.addFault({
						kind: 'reset',
						phase: 'after',
						method: 'POST',
						path: '/document-templates/*',
						times: resets,
					});
				const titles = kinds.map((_, index) => `Offer ${index}`);
				const result = await ctx.run(produce(batchSize), 'full', {
					items: kinds.map((kind, index) => ({
						json: { title: titles[index], name: kind === 'refused' ? '' : `Person ${index}` },
					})),
					...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
				});
				const posts = ctx.sim.admin
					.requests()
					.filter((entry) => entry.method === 'POST' && PRODUCE.test(entry.path));

				// At most one document per item, and nothing sent for an item once one was produced for it.
				const documentOf = new Map<string, string>();
				for (const entry of posts) {
					const title = titleOf(entry);
					expect(documentOf.has(title)).toBe(false);
					const documentId = produced(entry);
					if (documentId) documentOf.set(title, documentId);
				}

				// Nothing reaches the service while the key rests after a 429.
				for (const limited of posts.filter((entry) => entry.status === 429)) {
					const from = endOf(limited);
					const until = endOf(limited) + RETRY_AFTER_MS - 50;
					expect(
						posts.filter((entry) => Date.parse(entry.at) > from && Date.parse(entry.at) < until)
							.length,
					).toBeLessThanOrEqual(onTheirWay(batchSize));
				}

				const resetTitles = new Set(posts.filter(isReset).map(titleOf));
				const fails = (index: number) =>
					kinds[index] === 'refused' || resetTitles.has(titles[index]);
				const sent = titles.flatMap((title, index) =>
					posts.some((entry) => titleOf(entry) === title) ? [index] : [],
				);
				const error = (result.nodeError(ACTION_NODE) ?? result.error) as IDataObject | undefined;
				const firstFailing = sent.find(fails) ?? -1;

				if (continueOnFail || firstFailing < 0) {
					expect(result.status).toBe('success');
					expectOneItemPerInput(result, kinds.length, fails, (index) => ({
						documentId: documentOf.get(titles[index]),
						title: titles[index],
					}));
					return;
				}
				expect(result.status).toBe('error');
				const context = error?.context as IDataObject;
				expect(context.itemIndex).toBe(firstFailing);
				// Items begin in order, at most Batch Size at once, and none after the failure came back. (Items beyond the
				// failing one's first window may have begun before: while it waited out a 429, those beside it finished.)
				const failedAt = Math.max(
					...posts.filter((entry) => titleOf(entry) === titles[firstFailing]).map(endOf),
				);
				const firstPosts = titles.flatMap((title) =>
					posts.filter((entry) => titleOf(entry) === title).slice(0, 1),
				);
				expect(
					firstPosts.filter((entry) => Date.parse(entry.at) > failedAt).length,
				).toBeLessThanOrEqual(onTheirWay(batchSize));
				// Every document whose answer the node got is reported, with its own item.
				const listed = ((context.createdInBatch as IDataObject[] | undefined) ?? []).map(
					(entry) => [entry.itemIndex, entry.documentId],
				);
				const known = titles.flatMap((title, index) =>
					documentOf.has(title) && !resetTitles.has(title) ? [[index, documentOf.get(title)]] : [],
				);
				expect(listed).toEqual(known);
			},
		),
		{ numRuns: 12 },
	);
}, 300_000);
