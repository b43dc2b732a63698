// Input Document → Upload from n8n's filesystem binary data store (a default n8n instance keeps binaries there): the node streams the file from the store.
import { initFilesystemBinaryData } from '../../setup/filesystemBinaryMode';

import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE } from '../../harness';
import { FIXTURE_IDS, inputDocumentStore } from '../../simulator';
import { samplePdf } from '../../simulator/uploads/testing';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';

/** The store first: the simulator starts after it (hooks run in the order they are registered). */
beforeAll(async () => initFilesystemBinaryData());
const ctx = useIntegrationContext({ ingestionMs: 100 });
let pdf: Buffer;
beforeAll(async () => (pdf = await samplePdf(4)));

const pdfItem = () => [
	{
		json: {},
		binary: {
			data: { base64: pdf.toString('base64'), fileName: 'stored.pdf', mimeType: 'application/pdf' },
		},
	},
];

function stored(documentId: unknown): Buffer | undefined {
	return inputDocumentStore(ctx.sim.state).documents.get(String(documentId))?.bytes;
}

describe('Upload from the filesystem binary data store', () => {
	for (const encoding of ['multipart', 'json'] as const) {
		it(`streams the stored file as ${encoding}; the service receives the same bytes`, async () => {
			const result = await ctx.run(
				{
					resource: 'inputDocument',
					operation: 'upload',
					uploadOptions: { uploadEncoding: encoding },
				},
				'full',
				{ items: pdfItem() },
			);
			expect(result.status).toBe('success');
			const [out] = items(result);
			expect(out).toMatchObject({
				status: 'ready',
				filename: 'stored.pdf',
				contentType: 'application/pdf',
				pageCount: 4,
			});
			expect(stored(out.documentId)?.equals(pdf)).toBe(true);
		});
	}

	it('the binary really came from the store (an id, no inline data)', async () => {
		const result = await ctx.runChain(
			[{ resource: 'inputDocument', operation: 'upload' }],
			'full',
			{ items: pdfItem() },
		);
		const source = result.output('Items')[0].binary?.data as IDataObject | undefined;
		expect(typeof source?.id).toBe('string');
		expect(String(source?.id)).toMatch(/^filesystem/);
	});

	it('a 429 before the upload is read makes the node send a fresh stream, and exactly one upload is stored', async () => {
		ctx.sim.admin.addFault({
			method: 'POST',
			path: '/workflow-inputs/documents',
			kind: 'status',
			status: 429,
			retryAfterSeconds: 1,
			times: 2,
		});
		const result = await ctx.run(
			{ resource: 'inputDocument', operation: 'upload', waitUntilReady: false },
			'full',
			{ items: pdfItem() },
		);
		expect(result.status).toBe('success');
		const posts = ctx.sim.admin
			.requests()
			.filter((entry) => entry.method === 'POST' && entry.path === '/workflow-inputs/documents');
		expect(posts.map((entry) => entry.status)).toEqual([429, 429, 202]);
		expect(stored(items(result)[0].documentId)?.equals(pdf)).toBe(true);
	});

	it('Start Run uploads a stored binary named in a document field', async () => {
		const result = await ctx.run(
			{
				resource: 'run',
				operation: 'start',
				workflowId: byId(FIXTURE_IDS.workflows.inputNda),
				inputMode: 'fields',
				inputFields: {
					mappingMode: 'defineBelow',
					value: {
						counterparty: 'Initech Ltd',
						effective_date: '2026-03-01',
						source_document: 'data',
					},
					matchingColumns: [],
					schema: [],
				},
			},
			'full',
			{ items: pdfItem() },
		);
		expect(result.status).toBe('success');
		expect(failure(result).message).toBe('');
		expect(typeof items(result)[0].runId).toBe('string');
		const [upload] = [...inputDocumentStore(ctx.sim.state).documents.values()];
		expect(upload.bytes.equals(pdf)).toBe(true);
		expect(upload.usedByRunId).toBe(items(result)[0].runId);
		expect(result.output(ACTION_NODE)).toHaveLength(1);
	});
});
