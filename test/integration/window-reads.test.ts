import type { IDataObject } from 'n8n-workflow';

import { READ_CONCURRENCY } from '../../nodes/DraftingWorkspace/pace/work';
import { AUTO_PACE } from '../../nodes/DraftingWorkspace/pace/pace';
import { ACTION_NODE } from '../harness';
import { FIXTURE_IDS } from '../simulator';
import { byId, mostOpenAtOnce, seedCompletedRuns, useIntegrationContext } from './support';

/**
 * The window on every operation that reads: Batch Size above the read concurrency widens it, Batch Size 1
 * keeps what each operation has at its smallest (eight reads of records at once, downloads one by
 * one); under Continue On Fail over 20 items the one refused item gets its error item and the others their output,
 * in order, each read sent once.
 * Through n8n's engine against the simulator; every answer takes 150 ms, so overlap shows in the request log.
 */
const ctx = useIntegrationContext({ runTimeScale: 0, chatChunkDelayMs: 0 });
const COUNT = 20;
const BAD = 7;
const WIDE = 12;
/** Every read slowed this much: long beside a loaded machine's scheduling, so overlaps are told apart from it. */
const SLOW_MS = 250;

type Items = Array<{ json: IDataObject }>;
const each = (make: (index: number) => IDataObject): Items =>
	Array.from({ length: COUNT }, (_, index) => ({ json: make(index) }));

async function producedLinks(): Promise<IDataObject[]> {
	const result = await ctx.run(
		{
			resource: 'document',
			operation: 'produce',
			templateId: byId('tpl_offer_letter'),
			title: '={{ "Offer " + $itemIndex }}',
			answers: {
				mappingMode: 'defineBelow',
				value: {
					'employee.name': 'Jordan Lee',
					'employee.start_date': '2026-03-01',
					role: 'Counsel',
				},
				matchingColumns: [],
				schema: [],
			},
			batching: { batchSize: COUNT },
		},
		'full',
		{ items: each(() => ({})) },
	);
	return result.output(ACTION_NODE).map((item) => item.json.links as IDataObject);
}

async function uploadedIds(count = COUNT, waitUntilReady = false): Promise<string[]> {
	const data = (index: number) => ({
		base64: Buffer.from(`Note ${index}\n`).toString('base64'),
		fileName: `note-${index}.txt`,
		mimeType: 'text/plain',
	});
	const result = await ctx.run(
		{ resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data', waitUntilReady },
		'full',
		{
			items: Array.from({ length: count }, (_, index) => ({
				json: {},
				binary: { data: data(index) },
			})),
		},
	);
	return result.output(ACTION_NODE).map((item) => String(item.json.documentId));
}

/** One finished run of the NDA workflow with one uploaded input document: what Download Input Document reads. */
async function runWithDocument(): Promise<{ runId: string; documentVersionId: string }> {
	const [documentId] = await uploadedIds(1, true);
	const status = await ctx.run({ resource: 'inputDocument', operation: 'get', documentId }, 'full');
	const { documentVersionId } = status.output(ACTION_NODE)[0].json as { documentVersionId: string };
	const started = await ctx.run({
		resource: 'run',
		operation: 'start',
		workflowId: byId(FIXTURE_IDS.workflows.inputNda),
		inputMode: 'json',
		inputJson: JSON.stringify({
			counterparty: 'Initech Ltd',
			effective_date: '2026-03-01',
			source_document: { documentId, documentVersionId },
		}),
		waitForCompletion: true,
		downloadFiles: false,
		waitOptions: { checkInterval: 1, timeout: 60 },
	});
	expect(started.output(ACTION_NODE)[0].json.status).toBe('Completed');
	return { runId: String(started.output(ACTION_NODE)[0].json.runId), documentVersionId };
}

interface ReadCase {
	name: string;
	method: 'GET';
	path: RegExp;
	/** The fault's path pattern (the simulator's delay). */
	slowPath: string;
	parameters: IDataObject;
	/** Items, the item at BAD naming something that does not exist. */
	items: () => Promise<Items>;
	/** In flight at once at a fixed Batch Size of 1: the read concurrency for reads of records, one at a time for downloads. */
	fixedOne: number;
}

const seeded = async () => seedCompletedRuns(ctx, COUNT);

const CASES: ReadCase[] = [
	{
		name: 'Run → Get',
		method: 'GET',
		path: /^\/workflows\/runs\/[^/]+$/,
		slowPath: '^/workflows/runs/[^/]+$',
		parameters: { resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}') },
		items: async () =>
			(await seeded()).map((runId, index) => ({
				json: { runId: index === BAD ? 'run_missing' : runId },
			})),
		fixedOne: READ_CONCURRENCY,
	},
	{
		name: 'Workflow → Get',
		method: 'GET',
		path: /^\/workflows\/[^/]+$/,
		slowPath: '^/workflows/[^/]+$',
		parameters: {
			resource: 'workflow',
			operation: 'get',
			workflowId: byId('={{ $json.workflowId }}'),
		},
		items: async () =>
			each((index) => ({
				workflowId: index === BAD ? 'wf_missing' : FIXTURE_IDS.workflows.agentSummary,
			})),
		fixedOne: READ_CONCURRENCY,
	},
	{
		name: 'Template → Get',
		method: 'GET',
		path: /^\/document-templates\/[^/]+$/,
		slowPath: '^/document-templates/[^/]+$',
		parameters: {
			resource: 'template',
			operation: 'get',
			templateId: byId('={{ $json.templateId }}'),
		},
		items: async () =>
			each((index) => ({ templateId: index === BAD ? 'tpl_missing' : 'tpl_offer_letter' })),
		fixedOne: READ_CONCURRENCY,
	},
	{
		name: 'Input Document → Get Status',
		method: 'GET',
		path: /^\/workflow-inputs\/documents\/[^/]+$/,
		slowPath: '^/workflow-inputs/documents/[^/]+$',
		parameters: {
			resource: 'inputDocument',
			operation: 'get',
			documentId: '={{ $json.documentId }}',
		},
		items: async () =>
			(await uploadedIds()).map((documentId, index) => ({
				json: { documentId: index === BAD ? 'doc_missing' : documentId },
			})),
		fixedOne: READ_CONCURRENCY,
	},
	{
		name: 'Document → Download',
		method: 'GET',
		path: /^\/documents\//,
		slowPath: '^/documents/',
		parameters: {
			resource: 'document',
			operation: 'download',
			links: '={{ $json.links }}',
			format: 'pdf',
		},
		items: async () => {
			const links = await producedLinks();
			return links.map((link, index) => ({
				json: {
					links:
						index === BAD
							? JSON.parse(JSON.stringify(link).replace(/doc_[A-Za-z0-9]+/g, 'doc_missing'))
							: link,
				},
			}));
		},
		fixedOne: 1,
	},
	{
		name: 'Run → Download Input Document',
		method: 'GET',
		path: /^\/workflows\/runs\/[^/]+\/input-documents\//,
		slowPath: '^/workflows/runs/[^/]+/input-documents/',
		parameters: {
			resource: 'run',
			operation: 'downloadInputDocument',
			runId: byId('={{ $json.runId }}'),
			documentVersionId: '={{ $json.documentVersionId }}',
		},
		items: async () => {
			const { runId, documentVersionId } = await runWithDocument();
			return each((index) => ({
				runId,
				documentVersionId: index === BAD ? 'dv_missing' : documentVersionId,
			}));
		},
		fixedOne: 1,
	},
];

describe.each(CASES)('$name', ({ method, path, slowPath, parameters, items, fixedOne }) => {
	const sentSince = (seq: number) =>
		ctx.sim.admin
			.requests()
			.filter((entry) => entry.seq > seq && entry.method === method && path.test(entry.path));

	it(`Batch Size ${WIDE}: ${WIDE} reads in flight; Continue On Fail over ${COUNT} items isolates the missing one; every item read once, in order`, async () => {
		const input = await items();
		ctx.sim.admin.addFault({ kind: 'delay', ms: SLOW_MS, method, path: slowPath, times: 10_000 });
		const since = ctx.sim.admin.requests().at(-1)?.seq ?? 0;
		const result = await ctx.run({ ...parameters, batching: { batchSize: WIDE } }, 'full', {
			items: input,
			onError: 'continueRegularOutput',
		});
		expect(result.status).toBe('success');
		const sent = sentSince(since);
		expect(sent).toHaveLength(COUNT);
		expect(mostOpenAtOnce(sent)).toBe(WIDE);
		const out = result.output(ACTION_NODE);
		expect(out.map((item) => item.pairedItem)).toEqual(input.map((_, index) => ({ item: index })));
		out.forEach((item, index) =>
			expect([index, typeof item.json.error === 'string']).toEqual([index, index === BAD]),
		);
	});

	it(`a fixed Batch Size of 1: ${fixedOne} at once; Auto, the default: at least ${AUTO_PACE.start} at once, every item read once, in order`, async () => {
		const input = await items();
		ctx.sim.admin.addFault({ kind: 'delay', ms: SLOW_MS, method, path: slowPath, times: 10_000 });
		let since = ctx.sim.admin.requests().at(-1)?.seq ?? 0;
		const fixed = await ctx.run(
			{ ...parameters, batching: { pace: 'fixed', batchSize: 1 } },
			'full',
			{ items: input, onError: 'continueRegularOutput' },
		);
		expect(fixed.status).toBe('success');
		expect(mostOpenAtOnce(sentSince(since))).toBe(fixedOne);
		since = ctx.sim.admin.requests().at(-1)?.seq ?? 0;
		const auto = await ctx.run(parameters, 'full', {
			items: input,
			onError: 'continueRegularOutput',
		});
		expect(auto.status).toBe('success');
		expect(sentSince(since)).toHaveLength(COUNT);
		expect(mostOpenAtOnce(sentSince(since))).toBeGreaterThanOrEqual(
			Math.min(COUNT, AUTO_PACE.start),
		);
		expect(auto.output(ACTION_NODE).map((item) => item.pairedItem)).toEqual(
			input.map((_, index) => ({ item: index })),
		);
	});
});
