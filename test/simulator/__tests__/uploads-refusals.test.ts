import { FIXTURE_IDS, FIXTURE_KEYS, uploadsAdmin } from '../index';
import { samplePdf, uploadJson, waitForUpload } from '../uploads/testing';
import { ENCODINGS, KEY, LIMIT, PAGE_LIMIT, useRefusalServer } from './upload-refusals';

/**
 * Contract: Errors (shape 2 codes of uploads), Limits (upload size, PDF pages, accepted types, workspace storage), in
 * both encodings. A malformed multipart or JSON body: uploads-refusals-bodies.test.ts.
 */
describe('POST /workflow-inputs/documents: refusals', () => {
	const { t, upload, refusal, post, text } = useRefusalServer();

	describe.each(ENCODINGS)('%s', (encoding) => {
		test('unsupported_media_type: an image is refused and the message lists the accepted types; nothing is stored', async () => {
			for (const [contentType, filename] of [
				['image/png', 'scan.png'],
				['image/png', 'scan.pdf'], // the declared type decides, not the extension
				['application/msword', 'old.doc'],
				['application/octet-stream', 'scan.png'],
				['', 'README'],
			]) {
				const { status, body } = await refusal(
					upload(encoding, { filename, contentType, bytes: Buffer.from('\x89PNG\r\n') }),
				);
				expect([contentType, filename, status, body.error]).toEqual([
					contentType,
					filename,
					400,
					'unsupported_media_type',
				]);
				for (const accepted of [
					'application/pdf',
					'wordprocessingml',
					'text/markdown',
					'text/plain',
				])
					expect(body.message).toContain(accepted);
			}
			expect(
				(
					await refusal(
						upload(encoding, {
							filename: 'scan.png',
							contentType: 'image/png',
							bytes: Buffer.from('x'),
						}),
					)
				).body.message,
			).toMatch(/image\/png/);
			expect(uploadsAdmin(t.sim).uploads()).toEqual([]);
		});

		test(`size_exceeded over uploadMaxBytes (${LIMIT} decoded bytes), with the limit in MB and bytes; exactly the limit is accepted`, async () => {
			const { status, body } = await refusal(upload(encoding, text(LIMIT + 1)));
			expect(status).toBe(400);
			expect(body).toEqual({
				error: 'size_exceeded',
				message: expect.stringContaining('0.00391 MB (4,096 bytes'),
			});
			expect((await upload(encoding, text(LIMIT))).status).toBe(202);
			expect(uploadsAdmin(t.sim).uploads()).toHaveLength(1);
		});

		test('an empty file (0 bytes) is 400 invalid_request', async () => {
			const { status, body } = await refusal(upload(encoding, text(0)));
			expect(status).toBe(400);
			expect(body.error).toBe('invalid_request');
			expect(body.message).toMatch(/empty \(0 bytes\)/);
		});

		test(`too_many_pages: a PDF over pdfPageLimit (${PAGE_LIMIT}) gives its count and the limit; at the limit it is accepted`, async () => {
			for (const useObjectStreams of [true, false]) {
				const bytes = await samplePdf(PAGE_LIMIT + 1, { useObjectStreams });
				const { status, body } = await refusal(
					upload(encoding, { filename: 'long.pdf', contentType: 'application/pdf', bytes }),
				);
				expect(status).toBe(400);
				expect(body).toEqual({
					error: 'too_many_pages',
					message: expect.stringMatching(/has 4 pages; the limit is 3 pages/),
				});
			}
			const atLimit = await upload(encoding, {
				filename: 'ok.pdf',
				contentType: 'application/octet-stream',
				bytes: await samplePdf(PAGE_LIMIT),
			});
			expect(atLimit.status).toBe(202);
		});

		test('storage_limit_reached carries numeric usage and limit; failed uploads free their space; other workspaces are untouched', async () => {
			const admin = uploadsAdmin(t.sim);
			admin.setStorage(FIXTURE_IDS.workspaces.acme, { limitBytes: 10_000, usedBytes: 8_000 });
			expect((await upload(encoding, text(1_500))).status).toBe(202);
			const { status, body } = await refusal(upload(encoding, text(501)));
			expect(status).toBe(400);
			expect(body).toEqual({
				error: 'storage_limit_reached',
				message: expect.stringContaining('9,500 of 10,000 bytes'),
				usage: 9_500,
				limit: 10_000,
			});
			expect((await upload(encoding, text(500))).status).toBe(202); // exactly at the limit
			expect((await refusal(upload(encoding, text(1)))).body).toMatchObject({
				usage: 10_000,
				limit: 10_000,
			});
			expect((await upload(encoding, text(1), FIXTURE_KEYS.otherTenant)).status).toBe(202);

			admin.setStorage(FIXTURE_IDS.workspaces.acme, { limitBytes: 10_000, usedBytes: 7_000 });
			// Held, so the failing upload still counts when the next one is refused (its 10 ms ingestion could end first
			// on a loaded machine); released, it fails as its name asks.
			admin.holdIngestion(true);
			const failing = (await (
				await upload(encoding, { ...text(1_000), filename: 'fail-ingestion.txt' })
			).json()) as { documentId: string };
			expect((await refusal(upload(encoding, text(1)))).body).toMatchObject({
				error: 'storage_limit_reached',
				usage: 10_000,
			});
			admin.holdIngestion(false);
			await waitForUpload(t.url, KEY, failing.documentId);
			expect(admin.storage(FIXTURE_IDS.workspaces.acme)).toEqual({
				workspaceId: 'ws_acme',
				limitBytes: 10_000,
				usedBytes: 7_000,
				uploadedBytes: 2_000,
				usage: 9_000,
			});
			expect((await upload(encoding, text(1))).status).toBe(202);
		});

		test('checks run in order: type before size, size before pages, pages before storage', async () => {
			expect(
				(
					await refusal(
						upload(encoding, {
							filename: 'a.png',
							contentType: 'image/png',
							bytes: Buffer.alloc(LIMIT + 1),
						}),
					)
				).body.error,
			).toBe('unsupported_media_type');
			uploadsAdmin(t.sim).setStorage(FIXTURE_IDS.workspaces.acme, { limitBytes: 0 });
			const long = await samplePdf(PAGE_LIMIT + 1);
			expect(
				(
					await refusal(
						upload(encoding, {
							filename: 'a.pdf',
							contentType: 'application/pdf',
							bytes: Buffer.concat([long, Buffer.alloc(LIMIT)]),
						}),
					)
				).body.error,
			).toBe('size_exceeded');
			expect(
				(
					await refusal(
						upload(encoding, { filename: 'a.pdf', contentType: 'application/pdf', bytes: long }),
					)
				).body.error,
			).toBe('too_many_pages');
			expect((await refusal(upload(encoding, text(1)))).body.error).toBe('storage_limit_reached');
		});
	});

	test('any other Content-Type is 400 invalid_request saying what to send', async () => {
		for (const contentType of [
			'text/plain',
			'application/pdf',
			'application/x-www-form-urlencoded',
		]) {
			const { status, body } = await refusal(post('file=abc', contentType));
			expect([status, body.error]).toEqual([400, 'invalid_request']);
			expect(body.message).toContain(
				`Send multipart/form-data with a "file" field, or JSON { filename, contentType, data }`,
			);
			expect(body.message).toContain(contentType);
		}
	});

	test('Authentication 3: a key without workflow-inputs:write is 403 missing_scope (upload and status)', async () => {
		const res = await uploadJson(t.url, FIXTURE_KEYS.readOnly, text(3));
		expect(res.status).toBe(403);
		expect(await res.json()).toMatchObject({
			error: 'missing_scope',
			requiredScope: 'workflow-inputs:write',
		});
		const status = await fetch(`${t.url}/workflow-inputs/documents/doc_x`, {
			headers: { authorization: `Bearer ${FIXTURE_KEYS.chatOnly}` },
		});
		expect(status.status).toBe(403);
		expect(uploadsAdmin(t.sim).uploads()).toEqual([]);
	});
});
