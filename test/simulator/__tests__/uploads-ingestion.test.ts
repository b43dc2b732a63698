import { createSimulator, FIXTURE_IDS, FIXTURE_KEYS, runAdmin, uploadsAdmin, type UploadSummary } from '../index';
import { DOCX_CONTENT_TYPE } from '../uploads';
import { getUploadStatus, samplePdf, uploadJson, uploadMultipart, waitForUpload, type UploadBody, type UploadFile } from '../uploads/testing';
import { sleep, startTestServer, type TestServer } from './helpers';
import { traceTimers } from '../timer-trace';

const KEY = FIXTURE_KEYS.full;
const W = FIXTURE_IDS.workflows;

/** Contract, States: Uploaded workflow input document (processing -> ready | failed), and its use by runs. */
describe('Upload ingestion', () => {
  let t: TestServer;
  let pdf: Buffer;
  beforeAll(async () => {
    // Ingestion takes 300 ms × runTimeScale 0.1 = 30 ms; runs play ten times faster too.
    t = await startTestServer({ ingestionMs: 300, runTimeScale: 0.1 });
    pdf = await samplePdf(2);
  });
  afterAll(() => t.sim.stop());
  beforeEach(() => t.sim.reset());

  const uploaded = async (file: UploadFile, key = KEY): Promise<UploadBody> => {
    const res = await uploadJson(t.url, key, file);
    const body = (await res.json()) as UploadBody;
    if (res.status !== 202) throw new Error(`Expected 202, got ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const pdfFile = (filename = 'source.pdf'): UploadFile => ({ filename, contentType: 'application/pdf', bytes: pdf });
  const status = async (documentId: string, key = KEY): Promise<UploadBody> => (await (await getUploadStatus(t.url, key, documentId)).json()) as UploadBody;
  const startNda = (document: UploadBody) =>
    t.call('/workflows/runs', {
      method: 'POST',
      key: KEY,
      json: {
        workflowId: W.inputNda,
        input: { counterparty: 'Beta Ltd', effective_date: '2026-02-01', source_document: { documentId: document.documentId, documentVersionId: document.documentVersionId } },
      },
    });

  describe('fixture rules that make ingestion fail (processingError, terminal)', () => {
    test.each([
      ['a filename containing fail-ingestion (any case)', 'text_extraction_failed', { filename: 'Report-FAIL-Ingestion.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.7') }],
      ['fail-ingestion wins over the other rules', 'text_extraction_failed', { filename: 'fail-ingestion.txt', contentType: 'text/plain', bytes: Buffer.from([0xff]) }],
      ['a PDF whose bytes do not start with %PDF-', 'corrupt_file', { filename: 'scan.pdf', contentType: 'application/pdf', bytes: Buffer.from('PDF-1.7 but no percent sign') }],
      ['a PDF resolved from octet-stream, not a PDF', 'corrupt_file', { filename: 'scan.pdf', contentType: 'application/octet-stream', bytes: Buffer.from('hello') }],
      ['a DOCX that is not a zip (no PK)', 'corrupt_file', { filename: 'nda.docx', contentType: DOCX_CONTENT_TYPE, bytes: Buffer.from('%PDF-1.7') }],
      ['plain text that is not UTF-8', 'unsupported_encoding', { filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from([0x48, 0x69, 0xe9, 0x21]) }],
      ['Markdown that is not UTF-8', 'unsupported_encoding', { filename: 'brief.md', contentType: 'text/markdown', bytes: Buffer.from([0x23, 0x20, 0xc3, 0x28]) }],
    ] as [string, string, UploadFile][])('%s -> failed %s', async (_name, code, file) => {
      for (const send of [uploadJson, uploadMultipart]) {
        const accepted = (await (await send(t.url, KEY, file)).json()) as UploadBody;
        expect(accepted.status).toBe('processing');
        const failed = await waitForUpload(t.url, KEY, accepted.documentId);
        expect(failed).toEqual({ ...accepted, status: 'failed', processingError: code, pageCount: null, usedByRunId: null });
      }
    });

    test('a failed upload is terminal and refused by runs (document_not_ready); processingError appears only when failed', async () => {
      const failed = await uploaded(pdfFile('fail-ingestion.pdf'));
      await waitForUpload(t.url, KEY, failed.documentId);
      await sleep(60);
      expect((await status(failed.documentId)).status).toBe('failed');
      const res = await startNda(failed);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'document_not_ready', details: [{ field: 'source_document', documentId: failed.documentId, status: 'failed' }] });
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
      expect(await status(document.documentId)).toMatchObject({ status: 'processing', pageCount: null });

      const refused = await startNda(document);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: 'document_not_ready',
        details: [{ field: 'source_document', documentId: document.documentId, status: 'processing' }],
      });

      expect(admin.completeIngestion(document.documentId, 'ready')).toMatchObject({ status: 'ready', processingError: null, usedByRunId: null });
      expect(await status(document.documentId)).toMatchObject({ status: 'ready', pageCount: 2, usedByRunId: null });

      const first = (await (await startNda(document)).json()) as { runId: string };
      expect((await status(document.documentId)).usedByRunId).toBe(first.runId);
      const second = (await (await startNda(document)).json()) as { runId: string };
      expect(second.runId).not.toBe(first.runId);
      expect((await status(document.documentId)).usedByRunId).toBe(second.runId);
      expect(runAdmin(t.sim).run(second.runId)?.inputDocuments).toEqual([
        { field: 'source_document', documentId: document.documentId, documentVersionId: document.documentVersionId, filename: 'source.pdf' },
      ]);
    });

    test('a run over several uploaded documents marks each of them', async () => {
      const documents = [await uploaded(pdfFile('a.pdf')), await uploaded({ filename: 'b.md', contentType: 'text/markdown', bytes: Buffer.from('# B') })];
      for (const document of documents) await waitForUpload(t.url, KEY, document.documentId);
      const res = await t.call('/workflows/runs', {
        method: 'POST',
        key: KEY,
        json: { workflowId: W.multiDocs, input: { documents: documents.map(({ documentId, documentVersionId }) => ({ documentId, documentVersionId })) } },
      });
      const { runId } = (await res.json()) as { runId: string };
      expect(res.status).toBe(202);
      for (const document of documents) expect((await status(document.documentId)).usedByRunId).toBe(runId);
    });
  });

  describe('admin hooks (uploadsAdmin)', () => {
    test('holdIngestion(false) releases held uploads: they become ready after the ingestion time', async () => {
      const admin = uploadsAdmin(t.sim);
      admin.holdIngestion(true);
      const document = await uploaded(pdfFile());
      await sleep(80);
      expect((await status(document.documentId)).status).toBe('processing');
      admin.holdIngestion(false);
      expect(await waitForUpload(t.url, KEY, document.documentId)).toMatchObject({ status: 'ready', pageCount: 2 });
    });

    test('completeIngestion(id, failed, code?): the given code, else the fixture code, else ingestion_failed', async () => {
      const admin = uploadsAdmin(t.sim);
      admin.holdIngestion(true);
      const [a, b, c] = [await uploaded(pdfFile()), await uploaded(pdfFile('fail-ingestion.pdf')), await uploaded(pdfFile())];
      expect(admin.completeIngestion(a.documentId, 'failed', 'virus_detected').processingError).toBe('virus_detected');
      expect(admin.completeIngestion(b.documentId, 'failed').processingError).toBe('text_extraction_failed');
      expect(admin.completeIngestion(c.documentId, 'failed').processingError).toBe('ingestion_failed');
      expect(await status(a.documentId)).toMatchObject({ status: 'failed', processingError: 'virus_detected', pageCount: null });
    });

    test('completeIngestion finishes any processing upload (a seeded one too), and refuses unknown, finished and bad outcomes', async () => {
      const admin = uploadsAdmin(t.sim);
      const seeded = runAdmin(t.sim).seedInputDocument({ keyId: FIXTURE_IDS.keys.full, filename: 's.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-'), status: 'processing' });
      expect(admin.completeIngestion(seeded.documentId, 'ready')).toMatchObject({ status: 'ready' });
      expect((await status(seeded.documentId)).pageCount).toBe(1);
      expect(() => admin.completeIngestion(seeded.documentId, 'failed')).toThrow(/already ready/);
      expect(() => admin.completeIngestion('doc_unknown', 'ready')).toThrow(/Unknown upload doc_unknown/);
      admin.holdIngestion(true);
      const held = await uploaded(pdfFile());
      expect(() => admin.completeIngestion(held.documentId, 'done' as never)).toThrow(/outcome must be/);
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
      expect(Object.keys(summaries[0]).sort()).toEqual(['contentType', 'documentId', 'filename', 'keyId', 'processingError', 'sizeBytes', 'status', 'usedByRunId']);
      expect(summaries[0]).toMatchObject({ contentType: 'application/pdf', sizeBytes: pdf.length, status: 'processing', processingError: null, usedByRunId: null });
    });

    test('setStorage / storage: limit and synthetic usage per workspace, checked; unknown workspace is 404', () => {
      const admin = uploadsAdmin(t.sim);
      expect(admin.storage(FIXTURE_IDS.workspaces.globex)).toEqual({ workspaceId: 'ws_globex', limitBytes: 1024 ** 3, usedBytes: 0, uploadedBytes: 0, usage: 0 });
      expect(admin.setStorage('ws_globex', { limitBytes: 5_000 })).toMatchObject({ limitBytes: 5_000, usedBytes: 0 });
      expect(() => admin.setStorage('ws_globex', { limitBytes: -1 })).toThrow(/limitBytes must be/);
      expect(() => admin.setStorage('ws_globex', { limitBytes: 10, usedBytes: 1.5 })).toThrow(/usedBytes must be/);
      expect(() => admin.setStorage('ws_nowhere', { limitBytes: 10 })).toThrow(/Unknown workspace ws_nowhere/);
    });

    test('a reset clears the hold, the storage settings, the uploads and their pending timers', async () => {
      const admin = uploadsAdmin(t.sim);
      admin.holdIngestion(true);
      admin.setStorage('ws_acme', { limitBytes: 1 });
      await uploaded({ filename: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('a') });
      admin.setStorage('ws_acme', { limitBytes: 10_000 });
      admin.holdIngestion(false);
      const pending = await uploaded({ filename: 'b.txt', contentType: 'text/plain', bytes: Buffer.from('b') });
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
      expect(await (await t.admin('PUT', '/uploads/hold', { on: true })).json()).toEqual({ holding: true });
      const document = await uploaded(pdfFile());
      await sleep(60);
      const completed = await t.admin('POST', `/uploads/${document.documentId}/complete`, { outcome: 'failed', code: 'password_protected' });
      expect(completed.status).toBe(200);
      expect(await completed.json()).toMatchObject({ documentId: document.documentId, status: 'failed', processingError: 'password_protected' });
      const list = (await (await t.admin('GET', '/uploads')).json()) as UploadSummary[];
      expect(list).toEqual([expect.objectContaining({ documentId: document.documentId, keyId: FIXTURE_IDS.keys.full, status: 'failed' })]);

      const again = await t.admin('POST', `/uploads/${document.documentId}/complete`, { outcome: 'ready' });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: 'admin_error' });
      expect((await t.admin('POST', '/uploads/doc_unknown/complete', { outcome: 'ready' })).status).toBe(404);
      expect((await t.admin('PUT', '/uploads/hold', { on: 'yes' })).status).toBe(400);
    });

    test('PUT and GET /workspaces/:workspaceId/storage', async () => {
      const put = await t.admin('PUT', '/workspaces/ws_acme/storage', { limitBytes: 2_000, usedBytes: 1_990 });
      expect(await put.json()).toEqual({ workspaceId: 'ws_acme', limitBytes: 2_000, usedBytes: 1_990, uploadedBytes: 0, usage: 1_990 });
      const refused = await uploadJson(t.url, KEY, { filename: 'a.txt', contentType: 'text/plain', bytes: Buffer.alloc(11, 0x61) });
      expect(await refused.json()).toMatchObject({ error: 'storage_limit_reached', usage: 1_990, limit: 2_000 });
      await uploaded({ filename: 'a.txt', contentType: 'text/plain', bytes: Buffer.alloc(10, 0x61) });
      expect(await (await t.admin('GET', '/workspaces/ws_acme/storage')).json()).toMatchObject({ uploadedBytes: 10, usage: 2_000 });
      expect((await t.admin('PUT', '/workspaces/ws_acme/storage', { limitBytes: 'lots' })).status).toBe(400);
      expect((await t.admin('GET', '/workspaces/ws_nowhere/storage')).status).toBe(404);
    });
  });
});

describe('Ingestion timing options', () => {
  test('processing lasts ingestionMs (x runTimeScale) of real time, then ready', async () => {
    const t = await startTestServer({ ingestionMs: 400 });
    try {
      const trace = traceTimers(t.sim);
      const res = await uploadJson(t.url, KEY, { filename: 'a.md', contentType: 'text/markdown', bytes: Buffer.from('# A') });
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
      const res = await uploadJson(t.url, KEY, { filename: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('a') });
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
    expect(sim.options).toMatchObject({ uploadMaxBytes: 52_428_800, pdfPageLimit: 300, ingestionMs: 400 });
  });
});
