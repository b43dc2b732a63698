/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { request } from 'node:http';
import { FIXTURE_IDS, FIXTURE_KEYS, inputDocumentStore, runAdmin, uploadsAdmin } from '../index';
import { DOCX_CONTENT_TYPE } from '../uploads';
import {
	getUploadStatus,
	sampleDocx,
	samplePdf,
	uploadJson,
	uploadMultipart,
	waitForUpload,
	type UploadBody,
	type UploadFile,
} from '../uploads/testing';
import { useContractSchemaCheck } from './contract-schemas';
import { useTestServer } from './helpers';
import { acceptedUpload } from './ingestion-server';

const KEY = FIXTURE_KEYS.full;
type Encoding = 'multipart' | 'json';
const ENCODINGS: Encoding[] = ['multipart', 'json'];

/** Contract: Workflow input upload; Uploaded workflow input document; Endpoints rows /workflow-inputs/documents. */
describe('POST /workflow-inputs/documents: accepted uploads', () => {
	const t = useTestServer({ ingestionMs: 30 });
	let files: Record<string, { file: UploadFile; pageCount: number }>;
	const validate = useContractSchemaCheck(t);
	beforeAll(async () => {
		files = {
			pdf: {
				file: {
					filename: 'supply-agreement.pdf',
					contentType: 'application/pdf',
					bytes: await samplePdf(3),
				},
				pageCount: 3,
			},
			// 85 paragraphs: 40 per page, rounded up.
			docx: {
				file: { filename: 'nda.docx', contentType: DOCX_CONTENT_TYPE, bytes: await sampleDocx(85) },
				pageCount: 3,
			},
			markdown: {
				file: {
					filename: 'brief.md',
					contentType: 'text/markdown',
					bytes: Buffer.from('# Brief\n\nKey terms: **net 30**.\n'),
				},
				pageCount: 1,
			},
			text: {
				file: {
					filename: 'notes.txt',
					contentType: 'text/plain',
					bytes: Buffer.from('Plain notes — with UTF-8: é ü ß.\n'),
				},
				pageCount: 1,
			},
		};
	});

	const upload = (encoding: Encoding, file: UploadFile, key = KEY): Promise<Response> =>
		encoding === 'multipart' ? uploadMultipart(t.url, key, file) : uploadJson(t.url, key, file);
	const storedBytes = (documentId: string): Buffer | undefined =>
		inputDocumentStore(t.sim.state).documents.get(documentId)?.bytes;

	describe.each(ENCODINGS)('%s', (encoding) => {
		test.each(['pdf', 'docx', 'markdown', 'text'])(
			'%s: 202 upload response + Location, then processing -> ready with its pageCount',
			async (kind) => {
				const { file, pageCount } = files[kind];
				// Held, so the first status read sees `processing` however slow the machine is.
				uploadsAdmin(t.sim).holdIngestion(true);
				const res = await upload(encoding, file);
				const body = await acceptedUpload(res);
				expect(body).toEqual({
					documentId: expect.stringMatching(/^doc_[0-9a-f]{16}$/),
					documentVersionId: expect.stringMatching(/^docv_[0-9a-f]{16}$/),
					filename: file.filename,
					sizeBytes: file.bytes.length,
					contentType: file.contentType,
					pageCount: null,
					status: 'processing',
				});
				expect(validate('UploadResponse', body)).toEqual([]);
				expect(res.headers.get('location')).toBe(
					`${t.url}/workflow-inputs/documents/${body.documentId}`,
				);
				expect(storedBytes(body.documentId)?.equals(Buffer.from(file.bytes))).toBe(true);

				const processing = (await (
					await fetch(res.headers.get('location')!, { headers: { authorization: `Bearer ${KEY}` } })
				).json()) as UploadBody;
				expect(processing).toEqual({ ...body, usedByRunId: null });
				expect(validate('UploadStatus', processing)).toEqual([]);

				uploadsAdmin(t.sim).holdIngestion(false);
				const ready = await waitForUpload(t.url, KEY, body.documentId);
				expect(ready).toEqual({ ...body, status: 'ready', pageCount, usedByRunId: null });
				expect(validate('UploadStatus', ready)).toEqual([]);
			},
		);

		test('a declared application/octet-stream (or no type) is resolved from the extension, and the record stores the resolved type', async () => {
			const pdf = files.pdf.file;
			for (const [contentType, filename, expected] of [
				['application/octet-stream', 'scan.PDF', 'application/pdf'],
				['', 'scan.pdf', 'application/pdf'],
				['application/octet-stream', 'nda.docx', DOCX_CONTENT_TYPE],
				['application/octet-stream', 'brief.markdown', 'text/markdown'],
				['', 'brief.md', 'text/markdown'],
				['application/octet-stream', 'notes.txt', 'text/plain'],
			]) {
				const body = await acceptedUpload(
					await upload(encoding, { filename, contentType, bytes: pdf.bytes }),
				);
				expect([filename, body.contentType]).toEqual([filename, expected]);
			}
		});
	});

	test('media-type parameters and case are ignored; text/x-markdown is Markdown (the essence is stored)', async () => {
		const bytes = Buffer.from('# Title\n');
		for (const [contentType, expected] of [
			['Text/Plain; charset=UTF-8', 'text/plain'],
			['APPLICATION/PDF', 'application/pdf'],
			['text/x-markdown', 'text/x-markdown'],
			['text/markdown; charset=utf-8', 'text/markdown'],
		]) {
			const body = await acceptedUpload(
				await uploadJson(t.url, KEY, { filename: 'a.bin', contentType, bytes }),
			);
			expect(body.contentType).toBe(expected);
		}
		const multipart = await acceptedUpload(
			await uploadMultipart(t.url, KEY, { filename: 'a.bin', contentType: 'Text/Markdown', bytes }),
		);
		expect(multipart.contentType).toBe('text/markdown');
	});

	test('JSON data: standard or URL-safe base64, with or without padding, whitespace and line breaks ignored', async () => {
		// 0xfb 0xff 0xbf encodes to "+/+/" (standard) and "-_-_" (URL-safe); 31 bytes need padding.
		const bytes = Buffer.concat([
			Buffer.from('%PDF-'),
			Buffer.from([0xfb, 0xff, 0xbf, 0xfb, 0xef, 0xff]),
			Buffer.from('twenty bytes of text'),
		]);
		const standard = bytes.toString('base64');
		expect(standard).toMatch(/[+/]/);
		expect(standard).toMatch(/=$/);
		const variants = [
			standard,
			standard.replace(/=+$/, ''),
			bytes.toString('base64url'),
			bytes
				.toString('base64url')
				.padEnd(Math.ceil(bytes.toString('base64url').length / 4) * 4, '='),
			standard.replace(/.{8}/g, '$&\r\n'),
			` ${standard.slice(0, 10)}\n\t${standard.slice(10)} \n`,
		];
		for (const data of variants) {
			const body = await acceptedUpload(
				await uploadJson(
					t.url,
					KEY,
					{ filename: 'b.pdf', contentType: 'application/pdf', bytes },
					data,
				),
			);
			expect([data, storedBytes(body.documentId)?.toString('hex')]).toEqual([
				data,
				bytes.toString('hex'),
			]);
			expect(body.sizeBytes).toBe(bytes.length);
		}
	});

	test('Location is an absolute URL on the origin the client called (built from its Host header)', async () => {
		const port = new URL(t.url).port;
		const payload = JSON.stringify({
			filename: 'n.txt',
			contentType: 'text/plain',
			data: Buffer.from('hi').toString('base64'),
		});
		const location = await new Promise<string | undefined>((resolve, reject) => {
			const req = request(`${t.url}/workflow-inputs/documents`, {
				method: 'POST',
				headers: {
					host: `localhost:${port}`,
					authorization: `Bearer ${KEY}`,
					'content-type': 'application/json',
					'content-length': Buffer.byteLength(payload),
				},
			});
			req.on('response', (res) => {
				res.resume();
				resolve(res.headers.location);
			});
			req.on('error', reject);
			req.end(payload);
		});
		expect(location).toMatch(
			new RegExp(`^http://localhost:${port}/workflow-inputs/documents/doc_[0-9a-f]{16}$`),
		);
	});

	test('the log names the upload (note) and summarises the multipart body without its bytes; uploadsAccepted counts by keyId', async () => {
		const body = await acceptedUpload(await upload('multipart', files.markdown.file));
		await acceptedUpload(await upload('json', files.text.file, FIXTURE_KEYS.bob));
		const [multipartEntry, jsonEntry] = t.sim.admin.requests();
		expect(multipartEntry.note).toEqual({
			documentId: body.documentId,
			contentType: 'text/markdown',
			sizeBytes: files.markdown.file.bytes.length,
		});
		expect(multipartEntry.requestBody).toEqual({
			multipart: [
				{
					name: 'file',
					filename: 'brief.md',
					contentType: 'text/markdown',
					size: files.markdown.file.bytes.length,
				},
			],
		});
		expect(jsonEntry.requestBody).toMatchObject({
			filename: 'notes.txt',
			contentType: 'text/plain',
		});
		expect(t.sim.admin.counters().uploadsAccepted).toEqual({
			[FIXTURE_IDS.keys.full]: 1,
			[FIXTURE_IDS.keys.bob]: 1,
		});
	});

	describe('GET /workflow-inputs/documents/{documentId}: the uploading key only', () => {
		test('another key of the same user, another user, another tenant and an unknown id all get the same 404 not_found', async () => {
			const { documentId } = await acceptedUpload(await upload('json', files.text.file));
			const answers = [];
			for (const [key, id] of [
				[FIXTURE_KEYS.full2, documentId],
				[FIXTURE_KEYS.bob, documentId],
				[FIXTURE_KEYS.otherTenant, documentId],
				[KEY, 'doc_0000000000000000'],
			]) {
				const res = await getUploadStatus(t.url, key, id);
				answers.push({ status: res.status, body: await res.json() });
			}
			for (const [i, answer] of answers.entries()) {
				const id = i === 3 ? 'doc_0000000000000000' : documentId;
				expect(answer).toEqual({
					status: 404,
					body: { error: 'not_found', message: `Upload ${id} was not found.` },
				});
			}
			expect((await getUploadStatus(t.url, KEY, documentId)).status).toBe(200);
		});

		test('an input document seeded for the key reads like an upload (status view, processingError only when failed)', async () => {
			const admin = uploadsAdmin(t.sim);
			expect(admin.uploads()).toEqual([]);
			const seeded = runAdmin(t.sim).seedInputDocument({
				keyId: FIXTURE_IDS.keys.full,
				filename: 'old.pdf',
				contentType: 'application/pdf',
				data: Buffer.from('%PDF-1.4'),
				status: 'failed',
				processingError: 'corrupt_file',
			});
			const body = (await (
				await getUploadStatus(t.url, KEY, seeded.documentId)
			).json()) as UploadBody;
			expect(body).toMatchObject({
				status: 'failed',
				processingError: 'corrupt_file',
				pageCount: null,
				usedByRunId: null,
			});
			expect(validate('UploadStatus', body)).toEqual([]);
		});
	});
});
