/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { ACTION_NODE } from '../harness';
import { FIXTURE_IDS, inputDocumentStore, runAdmin, type RequestLogEntry } from '../simulator';
import { sampleDocx, samplePdf } from '../simulator/uploads/testing';
import { uploadsAdmin } from '../simulator/uploads';
import { IntegrationContext, failure, items } from './support';

/**
 * Input Document → Upload / Get Status, and Start Run fed with binary files, through n8n's engine against
 * the simulator. Binary data in the in-process engine is inline base64 (no binary data store), so these
 * runs exercise the decode-into-the-body path; the store path is covered by the real-n8n e2e tests.
 */

const ctx = new IntegrationContext();
const wf = FIXTURE_IDS.workflows;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const SECOND = `${ACTION_NODE} 2`;

type BinaryInput = { base64: string; fileName?: string; mimeType?: string };
const file = (bytes: Buffer, fileName: string, mimeType: string): BinaryInput => ({ base64: bytes.toString('base64'), fileName, mimeType });

const upload = (extra: IDataObject = {}) => ({ resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data', ...extra });

const mapper = (value: IDataObject) => ({ mappingMode: 'defineBelow', value, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: false });
const startNda = (value: IDataObject, extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.inputNda),
	inputMode: 'fields',
	inputFields: mapper({ counterparty: 'Initech Ltd', effective_date: '2026-03-01', ...value }),
	...extra,
});
const startDiligence = (documents: IDataObject[keyof IDataObject], extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.multiDocs),
	inputMode: 'fields',
	inputFields: mapper({ documents }),
	...extra,
});
const fastWait = { waitForCompletion: true, waitOptions: { checkInterval: 1, timeout: 60 } };

function uploadRequests(): RequestLogEntry[] {
	return ctx.sim.admin.requests().filter((entry) => entry.method === 'POST' && entry.path === '/workflow-inputs/documents');
}

function startRequests(): RequestLogEntry[] {
	return ctx.sim.admin.requests().filter((entry) => entry.method === 'POST' && entry.path === '/workflows/runs');
}

/** Runs started through the API (the fixture also holds runs people started in the app). */
function apiRuns() {
	return runAdmin(ctx.sim).runs().filter((run) => run.keyId !== null);
}

function storedBytes(documentId: string): Buffer {
	const record = inputDocumentStore(ctx.sim.state).documents.get(documentId);
	if (!record) throw new Error(`no stored document ${documentId}`);
	return record.bytes;
}

function binaryBytes(item: INodeExecutionData, property = 'data'): Buffer {
	const binary = item.binary?.[property];
	if (!binary) throw new Error(`no binary property ${property}`);
	return Buffer.from(binary.data, 'base64');
}

let pdf: Buffer;
let docx: Buffer;
const markdown = Buffer.from('# Heads of terms\n\n- Price: £1\n- Völlig unverbindlich\n');
const text = Buffer.from('Plain notes for the drafting run.\n');

beforeAll(async () => {
	await ctx.start({ ingestionMs: 150 });
	pdf = await samplePdf(3);
	docx = await sampleDocx(12);
});
afterAll(async () => {
	expect(ctx.leaks()).toEqual([]);
	await ctx.stop();
});
beforeEach(() => ctx.sim.admin.reset());

describe('Input Document → Upload', () => {
	const samples = () =>
		[
			['PDF', file(pdf, 'contract.pdf', 'application/pdf'), 'application/pdf', 3],
			['DOCX', file(docx, 'brief.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 1],
			['Markdown', file(markdown, 'terms.md', 'text/markdown'), 'text/markdown', 1],
			['plain text', file(text, 'notes.txt', 'text/plain'), 'text/plain', 1],
		] as const;

	for (const encoding of ['multipart', 'json'] as const) {
		it(`uploads PDF, DOCX, Markdown and plain text as ${encoding}, waits until ready, and the service stores the same bytes`, async () => {
			for (const [label, binary, contentType, pages] of samples()) {
				const result = await ctx.run(upload({ uploadOptions: { uploadEncoding: encoding } }), 'full', { items: [{ json: {}, binary: { data: binary } }] });
				expect({ label, status: result.status }).toEqual({ label, status: 'success' });
				const [out] = items(result);
				expect(out).toMatchObject({ status: 'ready', contentType, filename: binary.fileName, sizeBytes: Buffer.from(binary.base64, 'base64').length, pageCount: pages });
				expect(storedBytes(out.documentId as string).equals(Buffer.from(binary.base64, 'base64'))).toBe(true);
			}
			const sent = uploadRequests().map((entry) => entry.requestBody as IDataObject);
			expect(sent).toHaveLength(4);
			for (const body of sent) expect(Object.keys(body)).toEqual(encoding === 'multipart' ? ['multipart'] : ['filename', 'contentType', 'data']);
		});
	}

	it('labels a file n8n called application/octet-stream by its extension, and honours File Name / MIME Type overrides', async () => {
		const result = await ctx.run(upload({ uploadOptions: { fileName: 'renamed.md', mimeType: 'text/markdown' } }), 'full', {
			items: [
				{ json: {}, binary: { data: file(markdown, 'export.bin', 'application/octet-stream') } },
			],
		});
		expect(items(result)[0]).toMatchObject({ filename: 'renamed.md', contentType: 'text/markdown', status: 'ready' });
		const sniffed = await ctx.run(upload(), 'full', { items: [{ json: {}, binary: { data: file(pdf, 'scan.pdf', 'application/octet-stream') } }] });
		expect(items(sniffed)[0]).toMatchObject({ contentType: 'application/pdf', status: 'ready' });
	});

	it('refuses an image before sending anything, naming the accepted types', async () => {
		const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
		const result = await ctx.run(upload(), 'full', { items: [{ json: {}, binary: { data: file(png, 'photo.png', 'image/png') } }] });
		expect(result.status).toBe('error');
		expect(failure(result).message).toBe('The file in "data" ("photo.png", image/png) is not a type the service accepts');
		expect(failure(result).description).toContain('PDF (.pdf), DOCX (.docx), Markdown (.md) and plain text (.txt)');
		expect(uploadRequests()).toHaveLength(0);
	});

	it('refuses a file over Max File Size locally, and explains the service\'s own size_exceeded', async () => {
		const big = Buffer.alloc(1536 * 1024, 0x20);
		big.write('%PDF-1.4\n');
		const local = await ctx.run(upload({ uploadOptions: { maxSizeMb: 1 } }), 'full', { items: [{ json: {}, binary: { data: file(big, 'big.pdf', 'application/pdf') } }] });
		expect(failure(local).message).toBe('The file in "data" ("big.pdf") is 1.5 MB, over the upload limit of 1.0 MB');
		expect(uploadRequests()).toHaveLength(0);

		await ctx.stop();
		await ctx.start({ ingestionMs: 150, uploadMaxBytes: 1024 * 1024 });
		try {
			const remote = await ctx.run(upload(), 'full', { items: [{ json: {}, binary: { data: file(big, 'big.pdf', 'application/pdf') } }] });
			expect(failure(remote)).toMatchObject({ httpCode: '400' });
			expect(failure(remote).message).toMatch(/larger than the deployment's upload limit \(size_exceeded\)/);
		} finally {
			await ctx.stop();
			await ctx.start({ ingestionMs: 150 });
		}
	});

	it('explains too_many_pages and storage_limit_reached (with usage and limit) from the service', async () => {
		await ctx.stop();
		await ctx.start({ ingestionMs: 150, pdfPageLimit: 2 });
		try {
			const pages = await ctx.run(upload(), 'full', { items: [{ json: {}, binary: { data: file(pdf, 'long.pdf', 'application/pdf') } }] });
			expect(failure(pages).message).toMatch(/more pages than the service accepts \(too_many_pages\)/);
		} finally {
			await ctx.stop();
			await ctx.start({ ingestionMs: 150 });
		}
		uploadsAdmin(ctx.sim).setStorage(FIXTURE_IDS.workspaces.acme, { limitBytes: 10_000, usedBytes: 9_990 });
		const full = await ctx.run(upload(), 'full', { items: [{ json: {}, binary: { data: file(text, 'notes.txt', 'text/plain') } }] });
		expect(failure(full).message).toMatch(/storage limit \(storage_limit_reached\)/);
		expect(failure(full).message).toMatch(/10/);
	});

	it('reports a failed ingestion with its code; with Continue On Fail the other items still upload and keep pairedItem', async () => {
		const result = await ctx.run(upload(), 'full', {
			onError: 'continueRegularOutput',
			items: [
				{ json: {}, binary: { data: file(text, 'ok.txt', 'text/plain') } },
				{ json: {}, binary: { data: file(text, 'scan-fail-ingestion.txt', 'text/plain') } },
				{ json: {}, binary: { data: file(markdown, 'ok.md', 'text/markdown') } },
			],
		});
		expect(result.status).toBe('success');
		const out = result.output(ACTION_NODE);
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out[0].json.status).toBe('ready');
		expect(out[1].json).toMatchObject({
			error: 'The service could not process "scan-fail-ingestion.txt": text_extraction_failed',
			code: 'text_extraction_failed',
		});
		expect(out[2].json.status).toBe('ready');

		const stopped = await ctx.run(upload(), 'full', { items: [{ json: {}, binary: { data: file(text, 'x-fail-ingestion.txt', 'text/plain') } }] });
		expect(failure(stopped).message).toMatch(/text_extraction_failed$/);
		expect(failure(stopped).description).toMatch(/upload it again as a new document/);
	});

	it('returns at once with Wait Until Ready off; Get Status then follows the upload; another key gets an explanation', async () => {
		uploadsAdmin(ctx.sim).holdIngestion(true);
		const result = await ctx.run(upload({ waitUntilReady: false }), 'full', { items: [{ json: {}, binary: { data: file(pdf, 'held.pdf', 'application/pdf') } }] });
		const [uploaded] = items(result);
		expect(uploaded).toMatchObject({ status: 'processing', pageCount: null });
		const documentId = uploaded.documentId as string;

		const processing = await ctx.run({ resource: 'inputDocument', operation: 'get', documentId });
		expect(items(processing)[0]).toMatchObject({ documentId, status: 'processing', usedByRunId: null });
		uploadsAdmin(ctx.sim).completeIngestion(documentId, 'ready');
		const ready = await ctx.run({ resource: 'inputDocument', operation: 'get', documentId });
		expect(items(ready)[0]).toMatchObject({ documentId, status: 'ready', pageCount: 3 });

		const other = await ctx.run({ resource: 'inputDocument', operation: 'get', documentId }, 'full2');
		expect(failure(other).httpCode).toBe('404');
		expect(failure(other).description).toMatch(/only with the key that uploaded it/);
	});

	it('names the binary properties an item has when the one asked for is missing', async () => {
		const result = await ctx.run(upload({ binaryPropertyName: 'attachment' }), 'full', {
			items: [{ json: {}, binary: { data: file(text, 'a.txt', 'text/plain'), data_1: file(text, 'b.txt', 'text/plain') } }],
		});
		expect(failure(result).message).toBe('Input Binary Field: the item has no binary property "attachment"');
		expect(failure(result).description).toMatch(/The item has: data, data_1\./);
		expect(uploadRequests()).toHaveLength(0);
	});

	it('a key without workflow-inputs:write gets the plain scope message', async () => {
		const result = await ctx.run(upload(), 'readOnly', { items: [{ json: {}, binary: { data: file(text, 'a.txt', 'text/plain') } }] });
		expect(failure(result).httpCode).toBe('403');
		expect(`${failure(result).message} ${failure(result).description}`).toMatch(/workflow-inputs:write/);
	});
});

describe('Start Run with binary files in document fields', () => {
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
		expect(uploads[0]).toMatchObject({ filename: 'nda-draft.pdf', status: 'ready', usedByRunId: run.runId });
		const stored = inputDocumentStore(ctx.sim.state).documents.get(uploads[0].documentId);
		const [sent] = startRequests();
		expect((sent.requestBody as IDataObject).input).toMatchObject({
			source_document: { documentId: uploads[0].documentId, documentVersionId: stored?.documentVersionId },
		});
		expect(JSON.stringify(run.inputDocuments)).toContain(String(stored?.documentVersionId));
		const [downloaded] = result.output(SECOND);
		expect(binaryBytes(downloaded, 'original').equals(pdf)).toBe(true);
	});

	it('a multi-document field fed with three binaries uploads each once and sends the three id pairs in order', async () => {
		const files = { data: file(pdf, 'a.pdf', 'application/pdf'), data_1: file(docx, 'b.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), data_2: file(markdown, 'c.md', 'text/markdown') };
		const result = await ctx.run(startDiligence('data, data_1, data_2', fastWait), 'full', { items: [{ json: {}, binary: files }] });
		expect(result.status).toBe('success');
		expect(items(result)[0].status).toBe('Completed');
		const uploads = uploadsAdmin(ctx.sim).uploads();
		expect(uploads.map((entry) => entry.filename)).toEqual(['a.pdf', 'b.docx', 'c.md']);
		const documents = ((startRequests()[0].requestBody as IDataObject).input as IDataObject).documents as IDataObject[];
		expect(documents.map((document) => document.documentId)).toEqual(uploads.map((entry) => entry.documentId));
		expect(documents.every((document) => Object.keys(document).sort().join() === 'documentId,documentVersionId')).toBe(true);
	});

	it('checks every file before uploading any: a wrong type in the third leaves nothing uploaded and no run started', async () => {
		const files = { data: file(pdf, 'a.pdf', 'application/pdf'), data_1: file(text, 'b.txt', 'text/plain'), data_2: file(Buffer.from('GIF89a'), 'c.gif', 'image/gif') };
		const result = await ctx.run(startDiligence('data, data_1, data_2'), 'full', { items: [{ json: {}, binary: files }] });
		expect(failure(result).message).toBe('Document field "documents": the file in "data_2" ("c.gif", image/gif) is not a type the service accepts');
		expect(uploadRequests()).toHaveLength(0);
		expect(startRequests()).toHaveLength(0);
	});

	it('a document id where a binary name is expected gets a message that offers both forms', async () => {
		const result = await ctx.run(startNda({ source_document: 'doc_123' }), 'full', { items: [{ json: {}, binary: { data: file(pdf, 'a.pdf', 'application/pdf') } }] });
		expect(failure(result).message).toBe('Document field "source_document": the item has no binary property "doc_123"');
		expect(failure(result).description).toMatch(/The item has: data\..*\{documentId, documentVersionId\}/s);
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
		expect(((startRequests()[0].requestBody as IDataObject).input as IDataObject).source_document).toEqual({
			documentId: uploaded.documentId,
			documentVersionId: inputDocumentStore(ctx.sim.state).documents.get(uploaded.documentId)?.documentVersionId,
		});

		ctx.sim.admin.reset();
		const empty = await ctx.run(startNda({ source_document: '' }));
		expect(empty.status).toBe('success');
		expect((startRequests()[0].requestBody as IDataObject).input).not.toHaveProperty('source_document');
		expect(uploadRequests()).toHaveLength(0);
	});

	it('ids passed by hand for an upload still processing: the node retries the start until ready, and starts exactly one run', async () => {
		uploadsAdmin(ctx.sim).holdIngestion(true);
		const first = await ctx.run(upload({ waitUntilReady: false }), 'full', { items: [{ json: {}, binary: { data: file(pdf, 'slow.pdf', 'application/pdf') } }] });
		const { documentId, documentVersionId } = items(first)[0] as { documentId: string; documentVersionId: string };
		const release = setTimeout(() => uploadsAdmin(ctx.sim).completeIngestion(documentId, 'ready'), 1200);
		try {
			const result = await ctx.run({
				resource: 'run',
				operation: 'start',
				workflowId: byId(wf.inputNda),
				inputMode: 'json',
				inputJson: JSON.stringify({ counterparty: 'Initech Ltd', effective_date: '2026-03-01', source_document: { documentId, documentVersionId } }),
			});
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
		expect(apiRuns()).toHaveLength(1);
	});

	it('…and after Ready Timeout reports document_not_ready plainly, with no run started', async () => {
		uploadsAdmin(ctx.sim).holdIngestion(true);
		const first = await ctx.run(upload({ waitUntilReady: false }), 'full', { items: [{ json: {}, binary: { data: file(pdf, 'stuck.pdf', 'application/pdf') } }] });
		const { documentId, documentVersionId } = items(first)[0] as { documentId: string; documentVersionId: string };
		const result = await ctx.run({
			resource: 'run',
			operation: 'start',
			workflowId: byId(wf.inputNda),
			inputMode: 'json',
			inputJson: JSON.stringify({ counterparty: 'Initech Ltd', effective_date: '2026-03-01', source_document: { documentId, documentVersionId } }),
			documentOptions: { readyTimeout: 1 },
		});
		expect(failure(result)).toMatchObject({
			httpCode: '400',
			message: 'An input document is still being processed and cannot be used yet (document_not_ready)',
		});
		expect(failure(result).description).toMatch(/tried again for 1 s .*No run was started/s);
		expect(apiRuns()).toHaveLength(0);
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
		expect(startRequests()).toHaveLength(1);
	});
});

describe('An accepted upload is never lost in an error: its ids are in the error’s own fields', () => {
	const uploadedIds = (filename: string) => {
		const record = uploadsAdmin(ctx.sim).uploads().find((entry) => entry.filename === filename);
		if (!record) throw new Error(`no upload named ${filename}`);
		return { documentId: record.documentId, documentVersionId: String(inputDocumentStore(ctx.sim.state).documents.get(record.documentId)?.documentVersionId) };
	};
	const createdIn = (result: Awaited<ReturnType<typeof ctx.run>>) =>
		[result.error, result.nodeError(ACTION_NODE)].map((error) => ((error as IDataObject | undefined)?.context as IDataObject | undefined)?.created);

	it('Upload + Wait Until Ready, ingestion fails: context.created has the document’s ids; the message stays the service’s verdict', async () => {
		const result = await ctx.run(upload(), 'full', { items: [{ json: {}, binary: { data: file(text, 'scan-fail-ingestion.txt', 'text/plain') } }] });
		const ids = uploadedIds('scan-fail-ingestion.txt');
		expect(createdIn(result)).toEqual([ids, ids]);
		expect(failure(result).message).toBe('The service could not process "scan-fail-ingestion.txt": text_extraction_failed');
		expect(failure(result).description).toMatch(new RegExp(`^The upload is stored as document ${ids.documentId} .*Running the item again uploads the file again, as a new document\\.`));
		expect(uploadRequests()).toHaveLength(1);
	});

	it('Upload + Wait Until Ready times out: the error names the stored document; Continue On Fail items carry created', async () => {
		uploadsAdmin(ctx.sim).holdIngestion(true);
		const parameters = upload({ uploadOptions: { readyTimeout: 1 } });
		const thrown = await ctx.run(parameters, 'full', { items: [{ json: {}, binary: { data: file(pdf, 'held.pdf', 'application/pdf') } }] });
		const ids = uploadedIds('held.pdf');
		expect(createdIn(thrown)).toEqual([ids, ids]);
		expect(failure(thrown).message).toMatch(/^"held\.pdf" was still being processed after 1 s$/);

		const continued = await ctx.run(parameters, 'full', { onError: 'continueRegularOutput', items: [{ json: {}, binary: { data: file(pdf, 'held-2.pdf', 'application/pdf') } }] });
		expect(items(continued)[0]).toMatchObject({ error: expect.stringContaining('held-2.pdf'), created: uploadedIds('held-2.pdf') });
	});

	it('Start Run with a binary file, the start refused by the service: the upload’s ids are in the error, and reusing them starts the run without a second upload', async () => {
		const refused = await ctx.run(startNda({ source_document: 'data', term_months: 500 }), 'full', {
			items: [{ json: {}, binary: { data: file(pdf, 'nda-source.pdf', 'application/pdf') } }],
		});
		expect(refused.status).toBe('error');
		expect(failure(refused).httpCode).toBe('400');
		const ids = uploadedIds('nda-source.pdf');
		const expected = { inputDocuments: [{ field: 'source_document', binaryProperty: 'data', filename: 'nda-source.pdf', ...ids }] };
		expect(createdIn(refused)).toEqual([expected, expected]);
		expect(failure(refused).message).toMatch(new RegExp(`^Input document ${ids.documentId} was uploaded, but no run was started: .*term_months`));
		expect(failure(refused).description).toMatch(/^Running the item again uploads the files again, as new documents\. To reuse these uploads/);
		expect(apiRuns()).toHaveLength(0);

		const reused = await ctx.run(startNda({ source_document: JSON.stringify(ids), term_months: 24 }));
		expect(reused.status).toBe('success');
		expect(apiRuns()).toHaveLength(1);
		expect(uploadRequests()).toHaveLength(1);
	});

	it('Start Run whose second file fails ingestion: both uploads are listed (Continue On Fail, error output)', async () => {
		const files = { data: file(pdf, 'a.pdf', 'application/pdf'), data_1: file(text, 'b-fail-ingestion.txt', 'text/plain') };
		const result = await ctx.run(startDiligence('data, data_1'), 'full', { onError: 'continueErrorOutput', items: [{ json: {}, binary: files }] });
		const [errorItem] = result.output(ACTION_NODE, 1);
		const created = (errorItem.json.details as IDataObject).created as IDataObject;
		expect(created.inputDocuments).toEqual([
			{ field: 'documents', binaryProperty: 'data', filename: 'a.pdf', ...uploadedIds('a.pdf') },
			{ field: 'documents', binaryProperty: 'data_1', filename: 'b-fail-ingestion.txt', ...uploadedIds('b-fail-ingestion.txt') },
		]);
		expect(String(errorItem.json.error)).toMatch(/^Input documents doc_\w+, doc_\w+ were uploaded, but no run was started: The service could not process "b-fail-ingestion\.txt"/);
		expect(startRequests()).toHaveLength(0);
	});
});
