/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { request } from 'node:http';
import { uploadsAdmin, jsonBodyLimit } from '../index';
import { uploadJson } from '../uploads/testing';
import { KEY, LIMIT, useRefusalServer, type Refusal } from './upload-refusals';

/**
 * Sends a multipart head and the first `sendBytes` of a file whose declared Content-Length is far
 * larger, and waits for the answer without ever finishing the body: an answer proves the
 * simulator refused while streaming, not after buffering the whole upload.
 */
function partialMultipart(
	url: string,
	partType: string,
	sendBytes: number,
): Promise<Refusal & { sentBytes: number; declaredBytes: number }> {
	const boundary = 'sim-test-boundary-7d2e4a61';
	const head = Buffer.from(
		`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: ${partType}\r\n\r\n`,
	);
	const declaredBytes = 60 * 1024 * 1024;
	return new Promise((resolve, reject) => {
		const req = request(`${url}/workflow-inputs/documents`, {
			method: 'POST',
			headers: {
				authorization: `Bearer ${KEY}`,
				'content-type': `multipart/form-data; boundary=${boundary}`,
				'content-length': declaredBytes,
			},
		});
		const timer = setTimeout(() => {
			req.destroy();
			reject(
				new Error(
					'No answer before the body was complete: the simulator waited for the whole upload',
				),
			);
		}, 3000);
		req.on('response', (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () => {
				clearTimeout(timer);
				req.destroy();
				resolve({
					status: res.statusCode ?? 0,
					body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
					sentBytes: head.length + sendBytes,
					declaredBytes,
				});
			});
		});
		req.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		req.write(head);
		req.write(Buffer.alloc(sendBytes, 0x41));
	});
}

/** Contract: Errors (shape 2 codes of uploads), Limits: a malformed or oversized multipart or JSON body, refused while it streams. */
describe('POST /workflow-inputs/documents: refusals', () => {
	const { t, upload, refusal, post, text } = useRefusalServer();

	describe('multipart', () => {
		const form = (parts: [name: string, value: string | Blob, filename?: string][]): FormData => {
			const data = new FormData();
			for (const [name, value, filename] of parts) {
				if (typeof value === 'string') data.append(name, value);
				else data.append(name, value, filename);
			}
			return data;
		};
		const pdf = new Blob(['%PDF-1.7 x'], { type: 'application/pdf' });

		test('no file field, a file part with another name, `file` sent as text, or two file parts: 400 invalid_request naming `file`', async () => {
			for (const parts of [
				[['note', 'hello']],
				[['document', pdf, 'a.pdf']],
				[['file', 'just text']],
				[
					['file', pdf, 'a.pdf'],
					['file', pdf, 'b.pdf'],
				],
			] as [string, string | Blob, string?][][]) {
				const { status, body } = await refusal(post(form(parts)));
				expect([status, body.error]).toEqual([400, 'invalid_request']);
				expect(body.message).toContain('"file"');
			}
			expect(uploadsAdmin(t.sim).uploads()).toEqual([]);
			// Text fields beside the file are ignored.
			expect(
				(
					await post(
						form([
							['note', 'hello'],
							['file', pdf, 'a.pdf'],
						]),
					)
				).status,
			).toBe(202);
		});

		test('size_exceeded is answered while the body streams in: the simulator never buffers the whole upload', async () => {
			const answer = await partialMultipart(t.url, 'application/pdf', 256 * 1024);
			expect(answer.status).toBe(400);
			expect(answer.body.error).toBe('size_exceeded');
			expect(answer.sentBytes).toBeLessThan(answer.declaredBytes / 100);
			expect(uploadsAdmin(t.sim).uploads()).toEqual([]);
		});

		test('the declared type is judged before the bytes are read (unsupported_media_type while the body streams in)', async () => {
			const answer = await partialMultipart(t.url, 'image/png', 1024);
			expect(answer.status).toBe(400);
			expect(answer.body.error).toBe('unsupported_media_type');
		});

		test('the connection stays usable after an early refusal of a complete body (keep-alive)', async () => {
			expect((await refusal(upload('multipart', text(LIMIT * 4)))).body.error).toBe(
				'size_exceeded',
			);
			expect((await upload('multipart', text(10))).status).toBe(202);
		});
	});

	describe('JSON', () => {
		test('missing or non-string fields: 400 invalid_request naming each of them', async () => {
			const cases: [unknown, string[]][] = [
				[{}, ['filename', 'contentType', 'data']],
				[{ filename: 'a.txt', contentType: 'text/plain' }, ['data']],
				[{ filename: 7, contentType: 'text/plain', data: 'aGk=' }, ['filename']],
				[{ filename: 'a.txt', contentType: null, data: 'aGk=' }, ['contentType']],
			];
			for (const [body, named] of cases) {
				const answer = await refusal(uploadJson(t.url, KEY, body as Record<string, unknown>));
				expect([answer.status, answer.body.error]).toEqual([400, 'invalid_request']);
				expect(answer.body.message).toMatch(new RegExp(`string fields? ${named.join(', ')}:`));
			}
			const blank = await refusal(
				uploadJson(t.url, KEY, { filename: ' ', contentType: 'text/plain', data: 'aGk=' }),
			);
			expect(blank.body).toEqual({
				error: 'invalid_request',
				message: expect.stringMatching(/^filename must not be empty/),
			});
			const array = await refusal(post('[]', 'application/json'));
			expect(array.body).toEqual({
				error: 'invalid_request',
				message: expect.stringContaining('{ filename, contentType, data }'),
			});
			expect((await refusal(post('{"filename":', 'application/json'))).body.error).toBe(
				'invalid_json',
			);
		});

		test('data that is not base64 (standard or URL-safe) is 400 invalid_request naming data', async () => {
			const problems: [string, RegExp][] = [
				['aGVsbG8$', /"\$" at position 7/],
				['aGVs bG8*', /"\*" at position 8/],
				['ab+/cd-_', /mixes the standard/],
				['aGk=aGk=', /"=" at position 3 before the end/],
				['aGk===', /"=" at position 3 before the end/],
				['aGVsb', /cut short/],
				['aG=', /cut short/],
				['data:text/plain;base64,aGk=', /":" at position 4/],
			];
			for (const [data, reason] of problems) {
				const answer = await refusal(
					uploadJson(t.url, KEY, { filename: 'a.txt', contentType: 'text/plain', data }),
				);
				expect([data, answer.status, answer.body.error]).toEqual([data, 400, 'invalid_request']);
				expect(answer.body.message).toMatch(/^data must be the file's bytes in base64/);
				expect(answer.body.message).toMatch(reason);
			}
		});

		test(`a body over the base64 size of the limit + 64 KiB (${jsonBodyLimit(LIMIT)} bytes) is 400 size_exceeded, not 413`, async () => {
			expect(jsonBodyLimit(LIMIT)).toBe(Math.ceil(LIMIT / 3) * 4 + 65_536);
			const data = 'A'.repeat(jsonBodyLimit(LIMIT));
			const answer = await refusal(
				uploadJson(t.url, KEY, { filename: 'a.txt', contentType: 'text/plain', data }),
			);
			expect(answer).toEqual({
				status: 400,
				body: { error: 'size_exceeded', message: expect.stringContaining('4,096 bytes') },
			});
		});

		test('the type is judged before the data (unsupported type with bad base64: unsupported_media_type)', async () => {
			const answer = await refusal(
				uploadJson(t.url, KEY, { filename: 'a.png', contentType: 'image/png', data: '***' }),
			);
			expect(answer.body.error).toBe('unsupported_media_type');
		});
	});
});
