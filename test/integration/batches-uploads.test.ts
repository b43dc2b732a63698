import type { IDataObject } from 'n8n-workflow';
import { ACTION_NODE } from '../harness';
import { FIXTURE_IDS, type RequestLogEntry } from '../simulator';
import { uploadsAdmin } from '../simulator/uploads';
import { requestsTo } from '../operations/support';
import { byId, useIntegrationContext } from './support';

/**
 * Uploads over a batch, alone and as Start Run's document fields: files sent in item order, one at a time, then
 * waited on side by side. Through n8n's engine against the simulator; order comes from the request log (`seq`).
 */
const ctx = useIntegrationContext({ runTimeScale: 2, sseHeartbeatMs: 200, ingestionMs: 300 });
const wf = FIXTURE_IDS.workflows;

describe('Input Document → Upload and Start Run with files over a batch', () => {
	const note = (name: string) => ({
		base64: Buffer.from(`Notes for ${name}.\n`).toString('base64'),
		fileName: name,
		mimeType: 'text/plain',
	});
	const upload = {
		resource: 'inputDocument',
		operation: 'upload',
		binaryPropertyName: 'data',
		uploadOptions: { followAtMost: 4 },
	};
	const uploadPosts = () => requestsTo(ctx, 'POST', /^\/workflow-inputs\/documents$/);
	const filenameOf = (entry: RequestLogEntry) =>
		JSON.stringify(entry.requestBody).match(/[a-z]+-\d+(-fail-ingestion)?\.txt/)?.[0];

	it('Batch Size 1: uploads in item order, then waits side by side; one failed ingestion is isolated; 429s in both phases send no file twice', async () => {
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 429,
			method: 'POST',
			path: '/workflow-inputs/documents',
			retryAfterSeconds: 1,
			times: 2,
		});
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 429,
			method: 'GET',
			path: '/workflow-inputs/documents/*',
			retryAfterSeconds: 1,
			times: 3,
		});
		const names = Array.from({ length: 8 }, (_, index) =>
			index === 3 ? `note-${index}-fail-ingestion.txt` : `note-${index}.txt`,
		);
		const result = await ctx.run({ ...upload, batching: { batchSize: 1 } }, 'full', {
			items: names.map((name) => ({ json: {}, binary: { data: note(name) } })),
			onError: 'continueRegularOutput',
		});
		expect(result.status).toBe('success');
		const accepted = uploadPosts().filter((entry) => entry.status < 300);
		expect(accepted.map(filenameOf)).toEqual(names);
		expect(uploadsAdmin(ctx.sim).uploads()).toHaveLength(8);
		const reads = requestsTo(ctx, 'GET', /^\/workflow-inputs\/documents\//);
		expect(Math.max(...accepted.map((entry) => entry.seq))).toBeLessThan(
			Math.min(...reads.map((entry) => entry.seq)),
		);
		const out = result.output(ACTION_NODE);
		out.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			if (index === 3)
				expect(item.json).toMatchObject({
					code: 'text_extraction_failed',
					created: { documentId: expect.any(String) },
				});
			else expect(item.json).toMatchObject({ filename: names[index], status: 'ready' });
		});
	});

	it('Batch Size 1: Start Run with two files per item: every file uploaded (item order) before the first run starts; runs in item order, each with its own files', async () => {
		const mapper = {
			mappingMode: 'defineBelow',
			value: { documents: 'a, b' },
			matchingColumns: [],
			schema: [],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		};
		const start = {
			resource: 'run',
			operation: 'start',
			workflowId: byId(wf.multiDocs),
			inputMode: 'fields',
			inputFields: mapper,
			batching: { batchSize: 1 },
		};
		const itemsIn = Array.from({ length: 4 }, (_, index) => ({
			json: { index },
			binary: { a: note(`first-${index}.txt`), b: note(`second-${index}.txt`) },
		}));
		const result = await ctx.run(start, 'full', { items: itemsIn });
		expect(result.status).toBe('success');
		const uploads = uploadPosts();
		expect(uploads.map(filenameOf)).toEqual(
			itemsIn.flatMap((_, index) => [`first-${index}.txt`, `second-${index}.txt`]),
		);
		const posts = requestsTo(ctx, 'POST', '/workflows/runs');
		expect(posts).toHaveLength(4);
		expect(Math.max(...uploads.map((entry) => entry.seq))).toBeLessThan(
			Math.min(...posts.map((entry) => entry.seq)),
		);
		const byName = new Map(
			uploadsAdmin(ctx.sim)
				.uploads()
				.map((entry) => [entry.filename, entry.documentId]),
		);
		posts.forEach((entry, index) => {
			const documents = ((entry.requestBody as IDataObject).input as IDataObject)
				.documents as IDataObject[];
			expect(documents.map((document) => document.documentId)).toEqual([
				byName.get(`first-${index}.txt`),
				byName.get(`second-${index}.txt`),
			]);
		});
		result
			.output(ACTION_NODE)
			.forEach((item, index) => expect(item.pairedItem).toEqual({ item: index }));
		// The workflow's input schema is read once for the whole batch, not once per item.
		expect(requestsTo(ctx, 'GET', /^\/workflows\/(?!runs$)[^/]+$/)).toHaveLength(1);
	});
});
