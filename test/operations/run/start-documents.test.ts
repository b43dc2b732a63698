/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Run → Start with document fields through n8n's engine against the simulator: binary files uploaded first, ids passed on, uploads never lost in an error.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE } from '../../harness';
import { inputDocumentStore } from '../../simulator';
import { uploadsAdmin } from '../../simulator/uploads';
import { apiRuns, byId, failure, items, useIntegrationContext } from '../../integration/support';
import {
	SECOND,
	binaryBytes,
	fast,
	mapper,
	startBodies,
	startNda as startNdaWith,
	wf,
} from '../support';
import {
	createdIn,
	file,
	markdown,
	samples,
	text,
	upload,
	uploadRequests,
	uploadedIds,
} from '../uploads';

const ctx = useIntegrationContext({ ingestionMs: 150 });
const fastWait = { waitForCompletion: true, ...fast };
const startNda = (value: IDataObject, extra: IDataObject = {}) =>
	startNdaWith({ counterparty: 'Initech Ltd', effective_date: '2026-03-01', ...value }, extra);
const startDiligence = (documents: IDataObject[keyof IDataObject], extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.multiDocs),
	inputMode: 'fields',
	inputFields: mapper({ documents }),
	...extra,
});
/** Start Run for the NDA workflow with an upload's ids typed by hand (JSON mode). */
const startWithIds = (sourceDocument: IDataObject, extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.inputNda),
	inputMode: 'json',
	inputJson: JSON.stringify({
		counterparty: 'Initech Ltd',
		effective_date: '2026-03-01',
		source_document: sourceDocument,
	}),
	...extra,
});
/** Runs started through the API (the fixture also holds runs people started in the app). */

let pdf: Buffer;
let docx: Buffer;
beforeAll(async () => ({ pdf, docx } = await samples()));

describe('binary files in document fields', () => {
	it('binary PDF → Start Run (document field) → Wait → Completed; the run lists the upload and Download Input Document returns the same bytes', async () => {
		const result = await ctx.runChain(
			[
				startNda({ source_document: 'data' }, fastWait),
				{
					resource: 'run',
					operation: 'downloadInputDocument',
					runId: byId('={{ $json.runId }}'),
					documentVersionId: '={{ $json.inputDocuments[0].documentVersionId }}',
					binaryPropertyName: 'original',
				},
			],
			'full',
			{ items: [{ json: {}, binary: { data: file(pdf, 'nda-draft.pdf', 'application/pdf') } }] },
		);
		expect(result.status).toBe('success');
		const [run] = items(result);
		expect(run).toMatchObject({ status: 'Completed' });
		const uploads = uploadsAdmin(ctx.sim).uploads();
		expect(uploads).toHaveLength(1);
		expect(uploads[0]).toMatchObject({
			filename: 'nda-draft.pdf',
			status: 'ready',
			usedByRunId: run.runId,
		});
		const stored = inputDocumentStore(ctx.sim.state).documents.get(uploads[0].documentId);
		const [sent] = startBodies(ctx);
		expect(sent.input).toMatchObject({
			source_document: {
				documentId: uploads[0].documentId,
				documentVersionId: stored?.documentVersionId,
			},
		});
		expect(JSON.stringify(run.inputDocuments)).toContain(String(stored?.documentVersionId));
		const [downloaded] = result.output(SECOND);
		expect(binaryBytes(downloaded, 'original').equals(pdf)).toBe(true);
	});

	it('a multi-document field fed with three binaries uploads each once and sends the three id pairs in order', async () => {
		const files = {
			data: file(pdf, 'a.pdf', 'application/pdf'),
			data_1: file(
				docx,
				'b.docx',
				'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			),
			data_2: file(markdown, 'c.md', 'text/markdown'),
		};
		const result = await ctx.run(startDiligence('data, data_1, data_2', fastWait), 'full', {
			items: [{ json: {}, binary: files }],
		});
		expect(result.status).toBe('success');
		expect(items(result)[0].status).toBe('Completed');
		const uploads = uploadsAdmin(ctx.sim).uploads();
		expect(uploads.map((entry) => entry.filename)).toEqual(['a.pdf', 'b.docx', 'c.md']);
		const documents = (startBodies(ctx)[0].input as IDataObject).documents as IDataObject[];
		expect(documents.map((document) => document.documentId)).toEqual(
			uploads.map((entry) => entry.documentId),
		);
		expect(
			documents.every(
				(document) => Object.keys(document).sort().join() === 'documentId,documentVersionId',
			),
		).toBe(true);
	});

	it('checks every file before uploading any: a wrong type in the third leaves nothing uploaded and no run started', async () => {
		const files = {
			data: file(pdf, 'a.pdf', 'application/pdf'),
			data_1: file(text, 'b.txt', 'text/plain'),
			data_2: file(Buffer.from('GIF89a'), 'c.gif', 'image/gif'),
		};
		const result = await ctx.run(startDiligence('data, data_1, data_2'), 'full', {
			items: [{ json: {}, binary: files }],
		});
		expect(failure(result).message).toBe(
			'Document field "documents": the file in "data_2" ("c.gif", image/gif) is not a type the service accepts',
		);
		expect(uploadRequests(ctx)).toHaveLength(0);
		expect(startBodies(ctx)).toHaveLength(0);
	});

	it('a document id where a binary name is expected gets a message that offers both forms', async () => {
		const result = await ctx.run(startNda({ source_document: 'doc_123' }), 'full', {
			items: [{ json: {}, binary: { data: file(pdf, 'a.pdf', 'application/pdf') } }],
		});
		expect(failure(result).message).toBe(
			'Document field "source_document": the item has no binary property "doc_123"',
		);
		expect(failure(result).description).toMatch(
			/The item has: data\..*\{documentId, documentVersionId\}/s,
		);
	});

	it('leaves an optional document field out when empty, and accepts the output of Upload mapped whole', async () => {
		const result = await ctx.runChain(
			[upload(), startNda({ source_document: '={{ $json }}' }, fastWait)],
			'full',
			{ items: [{ json: {}, binary: { data: file(text, 'notes.txt', 'text/plain') } }] },
		);
		expect(result.status).toBe('success');
		expect(result.output(SECOND)[0].json.status).toBe('Completed');
		const [uploaded] = uploadsAdmin(ctx.sim).uploads();
		expect((startBodies(ctx)[0].input as IDataObject).source_document).toEqual({
			documentId: uploaded.documentId,
			documentVersionId: inputDocumentStore(ctx.sim.state).documents.get(uploaded.documentId)
				?.documentVersionId,
		});

		ctx.sim.admin.reset();
		const empty = await ctx.run(startNda({ source_document: '' }));
		expect(empty.status).toBe('success');
		expect(startBodies(ctx)[0].input).not.toHaveProperty('source_document');
		expect(uploadRequests(ctx)).toHaveLength(0);
	});

	it('ids passed by hand for an upload still processing: the node retries the start until ready, and starts exactly one run', async () => {
		uploadsAdmin(ctx.sim).holdIngestion(true);
		const first = await ctx.run(upload({ waitUntilReady: false }), 'full', {
			items: [{ json: {}, binary: { data: file(pdf, 'slow.pdf', 'application/pdf') } }],
		});
		const { documentId, documentVersionId } = items(first)[0] as {
			documentId: string;
			documentVersionId: string;
		};
		const release = setTimeout(
			() => uploadsAdmin(ctx.sim).completeIngestion(documentId, 'ready'),
			1200,
		);
		try {
			const result = await ctx.run(startWithIds({ documentId, documentVersionId }));
			expect(result.status).toBe('success');
			expect(typeof items(result)[0].runId).toBe('string');
		} finally {
			clearTimeout(release);
		}
		const statuses = ctx.sim.admin
			.requests()
			.filter((entry) => entry.path === '/workflows/runs' && entry.method === 'POST')
			.map((entry) => entry.status);
		expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
		expect(statuses.at(-1)).toBe(202);
		expect(statuses.length).toBeGreaterThan(1);
		expect(apiRuns(ctx)).toHaveLength(1);
	});

	it('…and after Ready Timeout reports document_not_ready plainly, with no run started', async () => {
		uploadsAdmin(ctx.sim).holdIngestion(true);
		const first = await ctx.run(upload({ waitUntilReady: false }), 'full', {
			items: [{ json: {}, binary: { data: file(pdf, 'stuck.pdf', 'application/pdf') } }],
		});
		const { documentId, documentVersionId } = items(first)[0] as {
			documentId: string;
			documentVersionId: string;
		};
		const result = await ctx.run(
			startWithIds({ documentId, documentVersionId }, { documentOptions: { readyTimeout: 1 } }),
		);
		expect(failure(result)).toMatchObject({
			httpCode: '400',
			message:
				'An input document is still being processed and cannot be used yet (document_not_ready)',
		});
		expect(failure(result).description).toMatch(/tried again for 1 s .*No run was started/s);
		expect(apiRuns(ctx)).toHaveLength(0);
	});

	it('a Start Run item whose file fails ingestion fails with the code; other items go on (Continue On Fail)', async () => {
		const result = await ctx.run(startNda({ source_document: 'data' }), 'full', {
			onError: 'continueRegularOutput',
			items: [
				{ json: {}, binary: { data: file(text, 'fine.txt', 'text/plain') } },
				{ json: {}, binary: { data: file(text, 'bad-fail-ingestion.txt', 'text/plain') } },
			],
		});
		const out = result.output(ACTION_NODE);
		expect(typeof out[0].json.runId).toBe('string');
		expect(out[1].json).toMatchObject({ code: 'text_extraction_failed' });
		expect(out[1].pairedItem).toEqual({ item: 1 });
		expect(startBodies(ctx)).toHaveLength(1);
	});

	it('Start Run with a binary file, the start refused by the service: the upload’s ids are in the error, and reusing them starts the run without a second upload', async () => {
		const refused = await ctx.run(startNda({ source_document: 'data', term_months: 500 }), 'full', {
			items: [{ json: {}, binary: { data: file(pdf, 'nda-source.pdf', 'application/pdf') } }],
		});
		expect(refused.status).toBe('error');
		expect(failure(refused).httpCode).toBe('400');
		const ids = uploadedIds(ctx, 'nda-source.pdf');
		const expected = {
			inputDocuments: [
				{ field: 'source_document', binaryProperty: 'data', filename: 'nda-source.pdf', ...ids },
			],
		};
		expect(createdIn(refused)).toEqual([expected, expected]);
		expect(failure(refused).message).toMatch(
			new RegExp(
				`^Input document ${ids.documentId} was uploaded, but no run was started: .*term_months`,
			),
		);
		expect(failure(refused).description).toMatch(
			/^Running the item again uploads the files again, as new documents\. To reuse these uploads/,
		);
		expect(apiRuns(ctx)).toHaveLength(0);

		const reused = await ctx.run(
			startNda({ source_document: JSON.stringify(ids), term_months: 24 }),
		);
		expect(reused.status).toBe('success');
		expect(apiRuns(ctx)).toHaveLength(1);
		expect(uploadRequests(ctx)).toHaveLength(1);
	});

	it('Start Run whose second file fails ingestion: both uploads are listed (Continue On Fail, error output)', async () => {
		const files = {
			data: file(pdf, 'a.pdf', 'application/pdf'),
			data_1: file(text, 'b-fail-ingestion.txt', 'text/plain'),
		};
		const result = await ctx.run(startDiligence('data, data_1'), 'full', {
			onError: 'continueErrorOutput',
			items: [{ json: {}, binary: files }],
		});
		const [errorItem] = result.output(ACTION_NODE, 1);
		const created = (errorItem.json.details as IDataObject).created as IDataObject;
		expect(created.inputDocuments).toEqual([
			{
				field: 'documents',
				binaryProperty: 'data',
				filename: 'a.pdf',
				...uploadedIds(ctx, 'a.pdf'),
			},
			{
				field: 'documents',
				binaryProperty: 'data_1',
				filename: 'b-fail-ingestion.txt',
				...uploadedIds(ctx, 'b-fail-ingestion.txt'),
			},
		]);
		expect(String(errorItem.json.error)).toMatch(
			/^Input documents doc_\w+, doc_\w+ were uploaded, but no run was started: The service could not process "b-fail-ingestion\.txt"/,
		);
		expect(startBodies(ctx)).toHaveLength(0);
	});
});
