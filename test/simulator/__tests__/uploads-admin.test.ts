import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin, uploadsAdmin, type UploadSummary } from '../index';
import { getUploadStatus, uploadJson, waitForUpload } from '../uploads/testing';
import { sleep } from './helpers';
import { KEY, useIngestionServer } from './ingestion-server';

/** Uploads through the simulator's admin hooks (uploadsAdmin) and its admin HTTP under /__admin. */
describe('Upload ingestion', () => {
	const { t, uploaded, pdfFile, status } = useIngestionServer();

	describe('admin hooks (uploadsAdmin)', () => {
		test('holdIngestion(false) releases held uploads: they become ready after the ingestion time', async () => {
			const admin = uploadsAdmin(t.sim);
			admin.holdIngestion(true);
			const document = await uploaded(pdfFile());
			await sleep(80);
			expect((await status(document.documentId)).status).toBe('processing');
			admin.holdIngestion(false);
			expect(await waitForUpload(t.url, KEY, document.documentId)).toMatchObject({
				status: 'ready',
				pageCount: 2,
			});
		});

		test('completeIngestion(id, failed, code?): the given code, else the fixture code, else ingestion_failed', async () => {
			const admin = uploadsAdmin(t.sim);
			admin.holdIngestion(true);
			const [a, b, c] = [
				await uploaded(pdfFile()),
				await uploaded(pdfFile('fail-ingestion.pdf')),
				await uploaded(pdfFile()),
			];
			expect(
				admin.completeIngestion(a.documentId, 'failed', 'virus_detected').processingError,
			).toBe('virus_detected');
			expect(admin.completeIngestion(b.documentId, 'failed').processingError).toBe(
				'text_extraction_failed',
			);
			expect(admin.completeIngestion(c.documentId, 'failed').processingError).toBe(
				'ingestion_failed',
			);
			expect(await status(a.documentId)).toMatchObject({
				status: 'failed',
				processingError: 'virus_detected',
				pageCount: null,
			});
		});

		test('completeIngestion finishes any processing upload (a seeded one too), and refuses unknown, finished and bad outcomes', async () => {
			const admin = uploadsAdmin(t.sim);
			const seeded = runAdmin(t.sim).seedInputDocument({
				keyId: FIXTURE_IDS.keys.full,
				filename: 's.pdf',
				contentType: 'application/pdf',
				data: Buffer.from('%PDF-'),
				status: 'processing',
			});
			expect(admin.completeIngestion(seeded.documentId, 'ready')).toMatchObject({
				status: 'ready',
			});
			expect((await status(seeded.documentId)).pageCount).toBe(1);
			expect(() => admin.completeIngestion(seeded.documentId, 'failed')).toThrow(/already ready/);
			expect(() => admin.completeIngestion('doc_unknown', 'ready')).toThrow(
				/Unknown upload doc_unknown/,
			);
			admin.holdIngestion(true);
			const held = await uploaded(pdfFile());
			expect(() => admin.completeIngestion(held.documentId, 'done' as never)).toThrow(
				/outcome must be/,
			);
			expect(() => admin.holdIngestion('yes' as never)).toThrow(/on must be true or false/);
		});

		test('uploads(): every upload record summary in creation order, so tests can count uploads per key', async () => {
			const admin = uploadsAdmin(t.sim);
			// Held, so the summaries are read while still processing however slowly this test runs (ingestion is 30 ms).
			admin.holdIngestion(true);
			await uploaded(pdfFile('one.pdf'));
			await uploaded(pdfFile('two.pdf'), FIXTURE_KEYS.bob);
			await uploaded(pdfFile('three.pdf'));
			const summaries = admin.uploads();
			expect(summaries.map((summary) => [summary.keyId, summary.filename])).toEqual([
				[FIXTURE_IDS.keys.full, 'one.pdf'],
				[FIXTURE_IDS.keys.bob, 'two.pdf'],
				[FIXTURE_IDS.keys.full, 'three.pdf'],
			]);
			expect(Object.keys(summaries[0]).sort()).toEqual([
				'contentType',
				'documentId',
				'filename',
				'keyId',
				'processingError',
				'sizeBytes',
				'status',
				'usedByRunId',
			]);
			expect(summaries[0]).toMatchObject({
				contentType: 'application/pdf',
				sizeBytes: pdfFile().bytes.length,
				status: 'processing',
				processingError: null,
				usedByRunId: null,
			});
		});

		test('setStorage / storage: limit and synthetic usage per workspace, checked; unknown workspace is 404', () => {
			const admin = uploadsAdmin(t.sim);
			expect(admin.storage(FIXTURE_IDS.workspaces.globex)).toEqual({
				workspaceId: 'ws_globex',
				limitBytes: 1024 ** 3,
				usedBytes: 0,
				uploadedBytes: 0,
				usage: 0,
			});
			expect(admin.setStorage('ws_globex', { limitBytes: 5_000 })).toMatchObject({
				limitBytes: 5_000,
				usedBytes: 0,
			});
			expect(() => admin.setStorage('ws_globex', { limitBytes: -1 })).toThrow(/limitBytes must be/);
			expect(() => admin.setStorage('ws_globex', { limitBytes: 10, usedBytes: 1.5 })).toThrow(
				/usedBytes must be/,
			);
			expect(() => admin.setStorage('ws_nowhere', { limitBytes: 10 })).toThrow(
				/Unknown workspace ws_nowhere/,
			);
		});

		test('a reset clears the hold, the storage settings, the uploads and their pending timers', async () => {
			const admin = uploadsAdmin(t.sim);
			admin.holdIngestion(true);
			admin.setStorage('ws_acme', { limitBytes: 1 });
			await uploaded({ filename: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('a') });
			admin.setStorage('ws_acme', { limitBytes: 10_000 });
			admin.holdIngestion(false);
			const pending = await uploaded({
				filename: 'b.txt',
				contentType: 'text/plain',
				bytes: Buffer.from('b'),
			});
			t.sim.reset();
			expect(admin.uploads()).toEqual([]);
			expect(admin.storage('ws_acme').limitBytes).toBe(1024 ** 3);
			await sleep(60); // the pending timer of the old state must not fire into anything
			expect((await getUploadStatus(t.url, KEY, pending.documentId)).status).toBe(404);
			const fresh = await uploaded(pdfFile());
			expect(await waitForUpload(t.url, KEY, fresh.documentId)).toMatchObject({ status: 'ready' });
		});
	});

	describe('admin HTTP under /__admin', () => {
		test('PUT /uploads/hold, POST /uploads/:documentId/complete, GET /uploads', async () => {
			expect(await (await t.admin('PUT', '/uploads/hold', { on: true })).json()).toEqual({
				holding: true,
			});
			const document = await uploaded(pdfFile());
			await sleep(60);
			const completed = await t.admin('POST', `/uploads/${document.documentId}/complete`, {
				outcome: 'failed',
				code: 'password_protected',
			});
			expect(completed.status).toBe(200);
			expect(await completed.json()).toMatchObject({
				documentId: document.documentId,
				status: 'failed',
				processingError: 'password_protected',
			});
			const list = (await (await t.admin('GET', '/uploads')).json()) as UploadSummary[];
			expect(list).toEqual([
				expect.objectContaining({
					documentId: document.documentId,
					keyId: FIXTURE_IDS.keys.full,
					status: 'failed',
				}),
			]);

			const again = await t.admin('POST', `/uploads/${document.documentId}/complete`, {
				outcome: 'ready',
			});
			expect(again.status).toBe(409);
			expect(await again.json()).toMatchObject({ error: 'admin_error' });
			expect(
				(await t.admin('POST', '/uploads/doc_unknown/complete', { outcome: 'ready' })).status,
			).toBe(404);
			expect((await t.admin('PUT', '/uploads/hold', { on: 'yes' })).status).toBe(400);
		});

		test('PUT and GET /workspaces/:workspaceId/storage', async () => {
			const put = await t.admin('PUT', '/workspaces/ws_acme/storage', {
				limitBytes: 2_000,
				usedBytes: 1_990,
			});
			expect(await put.json()).toEqual({
				workspaceId: 'ws_acme',
				limitBytes: 2_000,
				usedBytes: 1_990,
				uploadedBytes: 0,
				usage: 1_990,
			});
			const refused = await uploadJson(t.url, KEY, {
				filename: 'a.txt',
				contentType: 'text/plain',
				bytes: Buffer.alloc(11, 0x61),
			});
			expect(await refused.json()).toMatchObject({
				error: 'storage_limit_reached',
				usage: 1_990,
				limit: 2_000,
			});
			await uploaded({
				filename: 'a.txt',
				contentType: 'text/plain',
				bytes: Buffer.alloc(10, 0x61),
			});
			expect(await (await t.admin('GET', '/workspaces/ws_acme/storage')).json()).toMatchObject({
				uploadedBytes: 10,
				usage: 2_000,
			});
			expect(
				(await t.admin('PUT', '/workspaces/ws_acme/storage', { limitBytes: 'lots' })).status,
			).toBe(400);
			expect((await t.admin('GET', '/workspaces/ws_nowhere/storage')).status).toBe(404);
		});
	});
});
