// Input Document → Upload through n8n's engine against the simulator: the accepted types, both encodings, size and page limits, ingestion, an accepted upload never lost.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE } from '../../harness';
import { FIXTURE_IDS } from '../../simulator';
import { uploadsAdmin } from '../../simulator/uploads';
import { failure, items, useIntegrationContext } from '../../integration/support';
import {
	createdIn,
	file,
	markdown,
	samples,
	storedBytes,
	text,
	upload,
	uploadRequests,
	uploadedIds,
} from '../uploads';

const ctx = useIntegrationContext({ ingestionMs: 150 });

let pdf: Buffer;
let docx: Buffer;
beforeAll(async () => ({ pdf, docx } = await samples()));

describe('the file', () => {
	const samples = () =>
		[
			['PDF', file(pdf, 'contract.pdf', 'application/pdf'), 'application/pdf', 3],
			[
				'DOCX',
				file(
					docx,
					'brief.docx',
					'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
				),
				'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
				1,
			],
			['Markdown', file(markdown, 'terms.md', 'text/markdown'), 'text/markdown', 1],
			['plain text', file(text, 'notes.txt', 'text/plain'), 'text/plain', 1],
		] as const;

	for (const encoding of ['multipart', 'json'] as const) {
		it(`uploads PDF, DOCX, Markdown and plain text as ${encoding}, waits until ready, and the service stores the same bytes`, async () => {
			for (const [label, binary, contentType, pages] of samples()) {
				const result = await ctx.run(
					upload({ uploadOptions: { uploadEncoding: encoding } }),
					'full',
					{ items: [{ json: {}, binary: { data: binary } }] },
				);
				expect({ label, status: result.status }).toEqual({ label, status: 'success' });
				const [out] = items(result);
				expect(out).toMatchObject({
					status: 'ready',
					contentType,
					filename: binary.fileName,
					sizeBytes: Buffer.from(binary.base64, 'base64').length,
					pageCount: pages,
				});
				expect(
					storedBytes(ctx, out.documentId as string).equals(Buffer.from(binary.base64, 'base64')),
				).toBe(true);
			}
			const sent = uploadRequests(ctx).map((entry) => entry.requestBody as IDataObject);
			expect(sent).toHaveLength(4);
			for (const body of sent)
				expect(Object.keys(body)).toEqual(
					encoding === 'multipart' ? ['multipart'] : ['filename', 'contentType', 'data'],
				);
		});
	}

	it('labels a file n8n called application/octet-stream by its extension, and honours File Name / MIME Type overrides', async () => {
		const result = await ctx.run(
			upload({ uploadOptions: { fileName: 'renamed.md', mimeType: 'text/markdown' } }),
			'full',
			{
				items: [
					{ json: {}, binary: { data: file(markdown, 'export.bin', 'application/octet-stream') } },
				],
			},
		);
		expect(items(result)[0]).toMatchObject({
			filename: 'renamed.md',
			contentType: 'text/markdown',
			status: 'ready',
		});
		const sniffed = await ctx.run(upload(), 'full', {
			items: [{ json: {}, binary: { data: file(pdf, 'scan.pdf', 'application/octet-stream') } }],
		});
		expect(items(sniffed)[0]).toMatchObject({ contentType: 'application/pdf', status: 'ready' });
	});

	it('refuses an image before sending anything, naming the accepted types', async () => {
		const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
		const result = await ctx.run(upload(), 'full', {
			items: [{ json: {}, binary: { data: file(png, 'photo.png', 'image/png') } }],
		});
		expect(result.status).toBe('error');
		expect(failure(result).message).toBe(
			'The file in "data" ("photo.png", image/png) is not a type the service accepts',
		);
		expect(failure(result).description).toContain(
			'PDF (.pdf), DOCX (.docx), Markdown (.md) and plain text (.txt)',
		);
		expect(uploadRequests(ctx)).toHaveLength(0);
	});

	it("refuses a file over Max File Size locally, and explains the service's own size_exceeded", async () => {
		const big = Buffer.alloc(1536 * 1024, 0x20);
		big.write('%PDF-1.4\n');
		const local = await ctx.run(upload({ uploadOptions: { maxSizeMb: 1 } }), 'full', {
			items: [{ json: {}, binary: { data: file(big, 'big.pdf', 'application/pdf') } }],
		});
		expect(failure(local).message).toBe(
			'The file in "data" ("big.pdf") is 1.5 MB, over the upload limit of 1.0 MB',
		);
		expect(uploadRequests(ctx)).toHaveLength(0);

		await ctx.stop();
		await ctx.start({ ingestionMs: 150, uploadMaxBytes: 1024 * 1024 });
		try {
			const remote = await ctx.run(upload(), 'full', {
				items: [{ json: {}, binary: { data: file(big, 'big.pdf', 'application/pdf') } }],
			});
			expect(failure(remote)).toMatchObject({ httpCode: '400' });
			expect(failure(remote).message).toMatch(
				/larger than the deployment's upload limit \(size_exceeded\)/,
			);
		} finally {
			await ctx.stop();
			await ctx.start({ ingestionMs: 150 });
		}
	});

	it('explains too_many_pages and storage_limit_reached (with usage and limit) from the service', async () => {
		await ctx.stop();
		await ctx.start({ ingestionMs: 150, pdfPageLimit: 2 });
		try {
			const pages = await ctx.run(upload(), 'full', {
				items: [{ json: {}, binary: { data: file(pdf, 'long.pdf', 'application/pdf') } }],
			});
			expect(failure(pages).message).toMatch(
				/more pages than the service accepts \(too_many_pages\)/,
			);
		} finally {
			await ctx.stop();
			await ctx.start({ ingestionMs: 150 });
		}
		uploadsAdmin(ctx.sim).setStorage(FIXTURE_IDS.workspaces.acme, {
			limitBytes: 10_000,
			usedBytes: 9_990,
		});
		const full = await ctx.run(upload(), 'full', {
			items: [{ json: {}, binary: { data: file(text, 'notes.txt', 'text/plain') } }],
		});
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

		const stopped = await ctx.run(upload(), 'full', {
			items: [{ json: {}, binary: { data: file(text, 'x-fail-ingestion.txt', 'text/plain') } }],
		});
		expect(failure(stopped).message).toMatch(/text_extraction_failed$/);
		expect(failure(stopped).description).toMatch(/upload it again as a new document/);
	});

	it('names the binary properties an item has when the one asked for is missing', async () => {
		const result = await ctx.run(upload({ binaryPropertyName: 'attachment' }), 'full', {
			items: [
				{
					json: {},
					binary: {
						data: file(text, 'a.txt', 'text/plain'),
						data_1: file(text, 'b.txt', 'text/plain'),
					},
				},
			],
		});
		expect(failure(result).message).toBe(
			'Input Binary Field: the item has no binary property "attachment"',
		);
		expect(failure(result).description).toMatch(/The item has: data, data_1\./);
		expect(uploadRequests(ctx)).toHaveLength(0);
	});

	it('a key without workflow-inputs:write gets the plain scope message', async () => {
		const result = await ctx.run(upload(), 'readOnly', {
			items: [{ json: {}, binary: { data: file(text, 'a.txt', 'text/plain') } }],
		});
		expect(failure(result).httpCode).toBe('403');
		expect(`${failure(result).message} ${failure(result).description}`).toMatch(
			/workflow-inputs:write/,
		);
	});
});

describe('an accepted upload is never lost in an error: its ids are in the error’s own fields', () => {
	it('Upload + Wait Until Ready, ingestion fails: context.created has the document’s ids; the message stays the service’s verdict', async () => {
		const result = await ctx.run(upload(), 'full', {
			items: [{ json: {}, binary: { data: file(text, 'scan-fail-ingestion.txt', 'text/plain') } }],
		});
		const ids = uploadedIds(ctx, 'scan-fail-ingestion.txt');
		expect(createdIn(result)).toEqual([ids, ids]);
		expect(failure(result).message).toBe(
			'The service could not process "scan-fail-ingestion.txt": text_extraction_failed',
		);
		expect(failure(result).description).toMatch(
			new RegExp(
				`^The upload is stored as document ${ids.documentId} .*Running the item again uploads the file again, as a new document\\.`,
			),
		);
		expect(uploadRequests(ctx)).toHaveLength(1);
	});

	it('Upload + Wait Until Ready times out: the error names the stored document; Continue On Fail items carry created', async () => {
		uploadsAdmin(ctx.sim).holdIngestion(true);
		const parameters = upload({ uploadOptions: { readyTimeout: 1 } });
		const thrown = await ctx.run(parameters, 'full', {
			items: [{ json: {}, binary: { data: file(pdf, 'held.pdf', 'application/pdf') } }],
		});
		const ids = uploadedIds(ctx, 'held.pdf');
		expect(createdIn(thrown)).toEqual([ids, ids]);
		expect(failure(thrown).message).toMatch(/^"held\.pdf" was still being processed after 1 s$/);

		const continued = await ctx.run(parameters, 'full', {
			onError: 'continueRegularOutput',
			items: [{ json: {}, binary: { data: file(pdf, 'held-2.pdf', 'application/pdf') } }],
		});
		expect(items(continued)[0]).toMatchObject({
			error: expect.stringContaining('held-2.pdf'),
			created: uploadedIds(ctx, 'held-2.pdf'),
		});
	});
});
