import { createSimulator, FIXTURE_IDS, runAdmin, uploadsAdmin } from '../index';
import { DOCX_CONTENT_TYPE } from '../uploads';
import {
	uploadJson,
	uploadMultipart,
	waitForUpload,
	type UploadBody,
	type UploadFile,
} from '../uploads/testing';
import { sleep, startTestServer } from './helpers';
import { traceTimers } from '../timer-trace';
import { KEY, useIngestionServer } from './ingestion-server';

const W = FIXTURE_IDS.workflows;

/** Contract, States: Uploaded workflow input document (processing -> ready | failed), and its use by runs. The admin hooks: uploads-admin.test.ts. */
describe('Upload ingestion', () => {
	const { t, uploaded, pdfFile, status, startNda } = useIngestionServer();

	describe('fixture rules that make ingestion fail (processingError, terminal)', () => {
		test.each([
			[
				'a filename containing fail-ingestion (any case)',
				'text_extraction_failed',
				{
					filename: 'Report-FAIL-Ingestion.pdf',
					contentType: 'application/pdf',
					bytes: Buffer.from('%PDF-1.7'),
				},
			],
			[
				'fail-ingestion wins over the other rules',
				'text_extraction_failed',
				{ filename: 'fail-ingestion.txt', contentType: 'text/plain', bytes: Buffer.from([0xff]) },
			],
			[
				'a PDF whose bytes do not start with %PDF-',
				'corrupt_file',
				{
					filename: 'scan.pdf',
					contentType: 'application/pdf',
					bytes: Buffer.from('PDF-1.7 but no percent sign'),
				},
			],
			[
				'a PDF resolved from octet-stream, not a PDF',
				'corrupt_file',
				{
					filename: 'scan.pdf',
					contentType: 'application/octet-stream',
					bytes: Buffer.from('hello'),
				},
			],
			[
				'a DOCX that is not a zip (no PK)',
				'corrupt_file',
				{ filename: 'nda.docx', contentType: DOCX_CONTENT_TYPE, bytes: Buffer.from('%PDF-1.7') },
			],
			[
				'plain text that is not UTF-8',
				'unsupported_encoding',
				{
					filename: 'notes.txt',
					contentType: 'text/plain',
					bytes: Buffer.from([0x48, 0x69, 0xe9, 0x21]),
				},
			],
			[
				'Markdown that is not UTF-8',
				'unsupported_encoding',
				{
					filename: 'brief.md',
					contentType: 'text/markdown',
					bytes: Buffer.from([0x23, 0x20, 0xc3, 0x28]),
				},
			],
		] as [string, string, UploadFile][])('%s -> failed %s', async (_name, code, file) => {
			for (const send of [uploadJson, uploadMultipart]) {
				const accepted = (await (await send(t.url, KEY, file)).json()) as UploadBody;
				expect(accepted.status).toBe('processing');
				const failed = await waitForUpload(t.url, KEY, accepted.documentId);
				expect(failed).toEqual({
					...accepted,
					status: 'failed',
					processingError: code,
					pageCount: null,
					usedByRunId: null,
				});
			}
		});

		test('a failed upload is terminal and refused by runs (document_not_ready); processingError appears only when failed', async () => {
			const failed = await uploaded(pdfFile('fail-ingestion.pdf'));
			await waitForUpload(t.url, KEY, failed.documentId);
			await sleep(60);
			expect((await status(failed.documentId)).status).toBe('failed');
			const res = await startNda(failed);
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({
				error: 'document_not_ready',
				details: [{ field: 'source_document', documentId: failed.documentId, status: 'failed' }],
			});
			const ready = await waitForUpload(t.url, KEY, (await uploaded(pdfFile())).documentId);
			expect(ready).not.toHaveProperty('processingError');
		});
	});

	describe('runs use uploads (usedByRunId, document_not_ready)', () => {
		test('while ingestion is held the run is refused document_not_ready; once ready it starts and the status shows usedByRunId (the most recent run)', async () => {
			const admin = uploadsAdmin(t.sim);
			admin.holdIngestion(true);
			const document = await uploaded(pdfFile());
			await sleep(100); // well past the 30 ms ingestion time
			expect(await status(document.documentId)).toMatchObject({
				status: 'processing',
				pageCount: null,
			});

			const refused = await startNda(document);
			expect(refused.status).toBe(400);
			expect(await refused.json()).toMatchObject({
				error: 'document_not_ready',
				details: [
					{ field: 'source_document', documentId: document.documentId, status: 'processing' },
				],
			});

			expect(admin.completeIngestion(document.documentId, 'ready')).toMatchObject({
				status: 'ready',
				processingError: null,
				usedByRunId: null,
			});
			expect(await status(document.documentId)).toMatchObject({
				status: 'ready',
				pageCount: 2,
				usedByRunId: null,
			});

			const first = (await (await startNda(document)).json()) as { runId: string };
			expect((await status(document.documentId)).usedByRunId).toBe(first.runId);
			const second = (await (await startNda(document)).json()) as { runId: string };
			expect(second.runId).not.toBe(first.runId);
			expect((await status(document.documentId)).usedByRunId).toBe(second.runId);
			expect(runAdmin(t.sim).run(second.runId)?.inputDocuments).toEqual([
				{
					field: 'source_document',
					documentId: document.documentId,
					documentVersionId: document.documentVersionId,
					filename: 'source.pdf',
				},
			]);
		});

		test('a run over several uploaded documents marks each of them', async () => {
			const documents = [
				await uploaded(pdfFile('a.pdf')),
				await uploaded({
					filename: 'b.md',
					contentType: 'text/markdown',
					bytes: Buffer.from('# B'),
				}),
			];
			for (const document of documents) await waitForUpload(t.url, KEY, document.documentId);
			const res = await t.call('/workflows/runs', {
				method: 'POST',
				key: KEY,
				json: {
					workflowId: W.multiDocs,
					input: {
						documents: documents.map(({ documentId, documentVersionId }) => ({
							documentId,
							documentVersionId,
						})),
					},
				},
			});
			const { runId } = (await res.json()) as { runId: string };
			expect(res.status).toBe(202);
			for (const document of documents)
				expect((await status(document.documentId)).usedByRunId).toBe(runId);
		});
	});
});

describe('Ingestion timing options', () => {
	test('processing lasts ingestionMs (x runTimeScale) of real time, then ready', async () => {
		const t = await startTestServer({ ingestionMs: 400 });
		try {
			const trace = traceTimers(t.sim);
			const res = await uploadJson(t.url, KEY, {
				filename: 'a.md',
				contentType: 'text/markdown',
				bytes: Buffer.from('# A'),
			});
			const { documentId, status } = (await res.json()) as UploadBody;
			expect(status).toBe('processing');
			const ready = await waitForUpload(t.url, KEY, documentId);
			trace.mark('ready');
			expect(ready).toMatchObject({ status: 'ready', pageCount: 1 });
			// Ingestion is one 400 ms wait on the simulator's timers; the document is ready only once it ran out.
			expect(trace.events).toEqual(['wait 400', 'waited 400', 'ready']);
		} finally {
			await t.sim.stop();
		}
	});

	test('runTimeScale 0 makes ingestion immediate (still processing in the 202)', async () => {
		const t = await startTestServer({ ingestionMs: 60_000, runTimeScale: 0 });
		try {
			const trace = traceTimers(t.sim);
			const res = await uploadJson(t.url, KEY, {
				filename: 'a.txt',
				contentType: 'text/plain',
				bytes: Buffer.from('a'),
			});
			const body = (await res.json()) as UploadBody;
			expect(body.status).toBe('processing');
			expect(await waitForUpload(t.url, KEY, body.documentId)).toMatchObject({ status: 'ready' });
			// 60,000 ms × 0: ingestion waits for nothing.
			expect(trace.only('wait 0', 'waited 0')).toEqual(['wait 0', 'waited 0']);
			expect(trace.waits(1)).toEqual([]);
		} finally {
			await t.sim.stop();
		}
	});

	test('invalid upload options throw at construction', () => {
		expect(() => createSimulator({ uploadMaxBytes: 0 })).toThrow(/uploadMaxBytes/);
		expect(() => createSimulator({ pdfPageLimit: 2.5 })).toThrow(/pdfPageLimit/);
		expect(() => createSimulator({ ingestionMs: -1 })).toThrow(/ingestionMs/);
		const sim = createSimulator();
		expect(sim.options).toMatchObject({
			uploadMaxBytes: 52_428_800,
			pdfPageLimit: 300,
			ingestionMs: 400,
		});
	});
});
