/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { request } from 'node:http';
import { FIXTURE_IDS, FIXTURE_KEYS, jsonBodyLimit, uploadsAdmin } from '../index';
import { samplePdf, uploadJson, uploadMultipart, waitForUpload, type UploadFile } from '../uploads/testing';
import { useTestServer } from './helpers';

const KEY = FIXTURE_KEYS.full;
const LIMIT = 4096;
const PAGE_LIMIT = 3;
type Encoding = 'multipart' | 'json';
const ENCODINGS: Encoding[] = ['multipart', 'json'];

interface Refusal {
  status: number;
  body: { error: string; message: string; [extra: string]: unknown };
}

/**
 * Sends a multipart head and the first `sendBytes` of a file whose declared Content-Length is far
 * larger, and waits for the answer without ever finishing the body: an answer proves the
 * simulator refused while streaming, not after buffering the whole upload.
 */
function partialMultipart(url: string, partType: string, sendBytes: number): Promise<Refusal & { sentBytes: number; declaredBytes: number }> {
  const boundary = 'sim-test-boundary-7d2e4a61';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: ${partType}\r\n\r\n`);
  const declaredBytes = 60 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const req = request(`${url}/workflow-inputs/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': declaredBytes },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('No answer before the body was complete: the simulator waited for the whole upload'));
    }, 3000);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), sentBytes: head.length + sendBytes, declaredBytes });
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

/** Contract: Errors (shape 2 codes of uploads), Limits (upload size, PDF pages, accepted types, workspace storage). */
describe('POST /workflow-inputs/documents: refusals', () => {
  const t = useTestServer({ uploadMaxBytes: LIMIT, pdfPageLimit: PAGE_LIMIT, ingestionMs: 10 });

  const upload = (encoding: Encoding, file: UploadFile, key = KEY): Promise<Response> =>
    encoding === 'multipart' ? uploadMultipart(t.url, key, file) : uploadJson(t.url, key, file);
  const refusal = async (res: Response | Promise<Response>): Promise<Refusal> => {
    const answer = await res;
    return { status: answer.status, body: (await answer.json()) as Refusal['body'] };
  };
  const post = (body: string | FormData, contentType?: string): Promise<Response> =>
    fetch(`${t.url}/workflow-inputs/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, ...(contentType ? { 'content-type': contentType } : {}) },
      body,
    });
  const text = (bytes: number): UploadFile => ({ filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.alloc(bytes, 0x61) });

  describe.each(ENCODINGS)('%s', (encoding) => {
    test('unsupported_media_type: an image is refused and the message lists the accepted types; nothing is stored', async () => {
      for (const [contentType, filename] of [
        ['image/png', 'scan.png'],
        ['image/png', 'scan.pdf'], // the declared type decides, not the extension
        ['application/msword', 'old.doc'],
        ['application/octet-stream', 'scan.png'],
        ['', 'README'],
      ]) {
        const { status, body } = await refusal(upload(encoding, { filename, contentType, bytes: Buffer.from('\x89PNG\r\n') }));
        expect([contentType, filename, status, body.error]).toEqual([contentType, filename, 400, 'unsupported_media_type']);
        for (const accepted of ['application/pdf', 'wordprocessingml', 'text/markdown', 'text/plain']) expect(body.message).toContain(accepted);
      }
      expect((await refusal(upload(encoding, { filename: 'scan.png', contentType: 'image/png', bytes: Buffer.from('x') }))).body.message).toMatch(/image\/png/);
      expect(uploadsAdmin(t.sim).uploads()).toEqual([]);
    });

    test(`size_exceeded over uploadMaxBytes (${LIMIT} decoded bytes), with the limit in MB and bytes; exactly the limit is accepted`, async () => {
      const { status, body } = await refusal(upload(encoding, text(LIMIT + 1)));
      expect(status).toBe(400);
      expect(body).toEqual({ error: 'size_exceeded', message: expect.stringContaining('0.00391 MB (4,096 bytes') });
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
        const { status, body } = await refusal(upload(encoding, { filename: 'long.pdf', contentType: 'application/pdf', bytes }));
        expect(status).toBe(400);
        expect(body).toEqual({ error: 'too_many_pages', message: expect.stringMatching(/has 4 pages; the limit is 3 pages/) });
      }
      const atLimit = await upload(encoding, { filename: 'ok.pdf', contentType: 'application/octet-stream', bytes: await samplePdf(PAGE_LIMIT) });
      expect(atLimit.status).toBe(202);
    });

    test('storage_limit_reached carries numeric usage and limit; failed uploads free their space; other workspaces are untouched', async () => {
      const admin = uploadsAdmin(t.sim);
      admin.setStorage(FIXTURE_IDS.workspaces.acme, { limitBytes: 10_000, usedBytes: 8_000 });
      expect((await upload(encoding, text(1_500))).status).toBe(202);
      const { status, body } = await refusal(upload(encoding, text(501)));
      expect(status).toBe(400);
      expect(body).toEqual({ error: 'storage_limit_reached', message: expect.stringContaining('9,500 of 10,000 bytes'), usage: 9_500, limit: 10_000 });
      expect((await upload(encoding, text(500))).status).toBe(202); // exactly at the limit
      expect((await refusal(upload(encoding, text(1)))).body).toMatchObject({ usage: 10_000, limit: 10_000 });
      expect((await upload(encoding, text(1), FIXTURE_KEYS.otherTenant)).status).toBe(202);

      admin.setStorage(FIXTURE_IDS.workspaces.acme, { limitBytes: 10_000, usedBytes: 7_000 });
      // Held, so the failing upload still counts when the next one is refused (its 10 ms ingestion could end first
      // on a loaded machine); released, it fails as its name asks.
      admin.holdIngestion(true);
      const failing = (await (await upload(encoding, { ...text(1_000), filename: 'fail-ingestion.txt' })).json()) as { documentId: string };
      expect((await refusal(upload(encoding, text(1)))).body).toMatchObject({ error: 'storage_limit_reached', usage: 10_000 });
      admin.holdIngestion(false);
      await waitForUpload(t.url, KEY, failing.documentId);
      expect(admin.storage(FIXTURE_IDS.workspaces.acme)).toEqual({ workspaceId: 'ws_acme', limitBytes: 10_000, usedBytes: 7_000, uploadedBytes: 2_000, usage: 9_000 });
      expect((await upload(encoding, text(1))).status).toBe(202);
    });

    test('checks run in order: type before size, size before pages, pages before storage', async () => {
      expect((await refusal(upload(encoding, { filename: 'a.png', contentType: 'image/png', bytes: Buffer.alloc(LIMIT + 1) }))).body.error).toBe('unsupported_media_type');
      uploadsAdmin(t.sim).setStorage(FIXTURE_IDS.workspaces.acme, { limitBytes: 0 });
      const long = await samplePdf(PAGE_LIMIT + 1);
      expect((await refusal(upload(encoding, { filename: 'a.pdf', contentType: 'application/pdf', bytes: Buffer.concat([long, Buffer.alloc(LIMIT)]) }))).body.error).toBe('size_exceeded');
      expect((await refusal(upload(encoding, { filename: 'a.pdf', contentType: 'application/pdf', bytes: long }))).body.error).toBe('too_many_pages');
      expect((await refusal(upload(encoding, text(1)))).body.error).toBe('storage_limit_reached');
    });
  });

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
        [['file', pdf, 'a.pdf'], ['file', pdf, 'b.pdf']],
      ] as [string, string | Blob, string?][][]) {
        const { status, body } = await refusal(post(form(parts)));
        expect([status, body.error]).toEqual([400, 'invalid_request']);
        expect(body.message).toContain('"file"');
      }
      expect(uploadsAdmin(t.sim).uploads()).toEqual([]);
      // Text fields beside the file are ignored.
      expect((await post(form([['note', 'hello'], ['file', pdf, 'a.pdf']]))).status).toBe(202);
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
      expect((await refusal(upload('multipart', text(LIMIT * 4)))).body.error).toBe('size_exceeded');
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
      const blank = await refusal(uploadJson(t.url, KEY, { filename: ' ', contentType: 'text/plain', data: 'aGk=' }));
      expect(blank.body).toEqual({ error: 'invalid_request', message: expect.stringMatching(/^filename must not be empty/) });
      const array = await refusal(post('[]', 'application/json'));
      expect(array.body).toEqual({ error: 'invalid_request', message: expect.stringContaining('{ filename, contentType, data }') });
      expect((await refusal(post('{"filename":', 'application/json'))).body.error).toBe('invalid_json');
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
        const answer = await refusal(uploadJson(t.url, KEY, { filename: 'a.txt', contentType: 'text/plain', data }));
        expect([data, answer.status, answer.body.error]).toEqual([data, 400, 'invalid_request']);
        expect(answer.body.message).toMatch(/^data must be the file's bytes in base64/);
        expect(answer.body.message).toMatch(reason);
      }
    });

    test(`a body over the base64 size of the limit + 64 KiB (${jsonBodyLimit(LIMIT)} bytes) is 400 size_exceeded, not 413`, async () => {
      expect(jsonBodyLimit(LIMIT)).toBe(Math.ceil(LIMIT / 3) * 4 + 65_536);
      const data = 'A'.repeat(jsonBodyLimit(LIMIT));
      const answer = await refusal(uploadJson(t.url, KEY, { filename: 'a.txt', contentType: 'text/plain', data }));
      expect(answer).toEqual({ status: 400, body: { error: 'size_exceeded', message: expect.stringContaining('4,096 bytes') } });
    });

    test('the type is judged before the data (unsupported type with bad base64: unsupported_media_type)', async () => {
      const answer = await refusal(uploadJson(t.url, KEY, { filename: 'a.png', contentType: 'image/png', data: '***' }));
      expect(answer.body.error).toBe('unsupported_media_type');
    });
  });

  test('any other Content-Type is 400 invalid_request saying what to send', async () => {
    for (const contentType of ['text/plain', 'application/pdf', 'application/x-www-form-urlencoded']) {
      const { status, body } = await refusal(post('file=abc', contentType));
      expect([status, body.error]).toEqual([400, 'invalid_request']);
      expect(body.message).toContain(`Send multipart/form-data with a "file" field, or JSON { filename, contentType, data }`);
      expect(body.message).toContain(contentType);
    }
  });

  test('Authentication 3: a key without workflow-inputs:write is 403 missing_scope (upload and status)', async () => {
    const res = await uploadJson(t.url, FIXTURE_KEYS.readOnly, text(3));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'missing_scope', requiredScope: 'workflow-inputs:write' });
    const status = await fetch(`${t.url}/workflow-inputs/documents/doc_x`, { headers: { authorization: `Bearer ${FIXTURE_KEYS.chatOnly}` } });
    expect(status.status).toBe(403);
    expect(uploadsAdmin(t.sim).uploads()).toEqual([]);
  });
});
