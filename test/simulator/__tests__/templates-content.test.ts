import { PDFDocument, PDFName, PDFDict, PDFRawStream } from 'pdf-lib';
import {
  APP_DOCUMENT_IDS,
  COMPANY_LOGO_PNG,
  DOCUMENT_TYPE_IDS,
  encodeGrayJpeg,
  FIXTURE_IDS,
  FIXTURE_KEYS,
  TEMPLATE_IDS,
  templatesAdmin,
  type ProducedDocument,
} from '../index';
import { contentDisposition } from '../runs/downloads';
import { openDocx, pdfText, pdfTextLines } from '../templates/testing';
import { base64Envelope, FakeTime, produceDocument, useTestServer } from './helpers';

const K = FIXTURE_KEYS;
const T = TEMPLATE_IDS;

/** Contract, Endpoints (the content link), Download parameters, States (Produced document), What the service does 7. */
describe('Produced document content: GET /documents/{documentId}/content/{format}', () => {
  const time = new FakeTime(Date.parse('2026-01-15T12:00:00.000Z'));
  // Every test reads the two documents produced once below: no reset between tests.
  const t = useTestServer({ clock: time.source }, { resetBeforeEach: false });
  const photo = encodeGrayJpeg(64, 48);
  const ANSWERS = {
    employee: { name: 'Zoë Ünal', start_date: '1 March 2026', salary: 85000, remote: true, photo: photo.toString('base64') },
    role: 'Senior Associate',
    benefits: ['Health', 'Training'],
  };
  /** What every format must carry for ANSWERS (dates as yyyy-MM-dd, choices, defaults, fixed fields, alternative wording). */
  const EXPECTED_TEXT = [
    'Dear Zoë Ünal,',
    'Acme Legal LLP is pleased to offer you the position of Senior Associate, starting on 2026-03-01.',
    'Your annual salary will be 85000.',
    'Remote working: yes.',
    'Benefits: Health, Training.',
    'The probation period is 6 months.',
    'No further terms apply.',
    'Signed for Acme Legal LLP by Alice Archer, Partner.',
    'employee.name: Zoë Ünal',
    'employee.start_date: 2026-03-01',
    'employee.photo: JPEG picture, 64 x 48 px',
    'role: Senior Associate',
    'benefits: Health, Training',
    'probation_months: 6 (default)',
    'notes: left out',
    'company.name: Acme Legal LLP (fixed by the workspace)',
    'company.signatory: Alice Archer, Partner (fixed by the workspace)',
    'company_logo: PNG picture, 48 x 16 px (fixed by the workspace)',
  ];

  let offer: ProducedDocument;
  let board: ProducedDocument;

  const produce = (templateId: string, body: unknown, key: string = K.full): Promise<ProducedDocument> => produceDocument(t, templateId, body, key);
  const get = (path: string, key: string = K.full) => t.call(path, { key });
  const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

  beforeAll(async () => {
    offer = await produce(T.offerLetter, { input: ANSWERS, title: 'Offer — Zoë Ünal' });
    board = await produce(T.boardResolution, { input: { resolution_text: 'The accounts for 2025 are approved.', meeting_date: '2026-01-14' } });
  });

  describe('Formats', () => {
    test('markdown: text/markdown; charset=utf-8, every answer listed and the recipe filled in', async () => {
      const res = await get(offer.links.markdown);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const markdown = await res.text();
      expect(markdown.startsWith('# Offer — Zoë Ünal\n')).toBe(true);
      for (const text of EXPECTED_TEXT) expect(markdown).toContain(text);
      expect(markdown).toContain('_Picture: Photo of Zoë Ünal (JPEG picture, 64 x 48 px)_');
      expect(markdown).toContain('_Picture: Acme Legal LLP (PNG picture, 48 x 16 px)_');
    });

    test('pdf: a real PDF (pdf-lib parses it) with the title, the document id and the same text', async () => {
      const res = await get(offer.links.pdf);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const bytes = await bytesOf(res);
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(pdf.getTitle()).toBe('Offer — Zoë Ünal');
      expect(pdf.getSubject()).toBe(`Document ${offer.documentId}`);
      const text = await pdfText(bytes);
      for (const expected of EXPECTED_TEXT) expect(text).toContain(expected);
      expect((await pdfTextLines(bytes))[0]).toBe('Offer — Zoë Ünal');
    });

    test('pdf: both pictures are embedded (the posted JPEG photo and the workspace PNG logo)', async () => {
      const pdf = await PDFDocument.load(await bytesOf(await get(offer.links.pdf)));
      const filters = pdf.context
        .enumerateIndirectObjects()
        .map(([, object]) => object)
        .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
        .map((image) => [String(image.dict.get(PDFName.of('Filter'))), Number(String(image.dict.get(PDFName.of('Width'))))]);
      expect(filters).toEqual(expect.arrayContaining([['/DCTDecode', 64], ['/FlateDecode', 48]]));
      expect(pdf.getPages()[0].node.Resources()?.get(PDFName.of('XObject'))).toBeInstanceOf(PDFDict);
    });

    test('docx: a zip with word/document.xml holding the answers, and both pictures under word/media', async () => {
      const res = await get(offer.links.docx);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      const bytes = await bytesOf(res);
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      const docx = await openDocx(bytes);
      expect(docx.paragraphs[0]).toBe('Offer — Zoë Ünal');
      for (const text of EXPECTED_TEXT) expect(docx.paragraphs).toContain(text);
      const media = docx.entries.filter((entry) => entry.startsWith('word/media/'));
      const blobs = await Promise.all(media.map((entry) => docx.zip.file(entry)!.async('nodebuffer')));
      expect(blobs.some((blob) => blob.equals(COMPANY_LOGO_PNG))).toBe(true); // rule 7: the workspace picture of a left-out field
      expect(blobs.some((blob) => blob.equals(photo))).toBe(true);
    });

    test('the three formats carry the same text (markdown lines = DOCX paragraphs, without markup)', async () => {
      const markdown = await (await get(offer.links.markdown)).text();
      const lines = markdown
        .split('\n')
        .filter(Boolean)
        .map((line) => line.replace(/^(#+ |- )/, '').replace(/^_(.*)_$/, '$1'));
      const docx = await openDocx(await bytesOf(await get(offer.links.docx)));
      expect(docx.paragraphs).toEqual(lines);
      const pdf = await pdfText(await bytesOf(await get(offer.links.pdf)));
      expect(pdf.replace(/^- |(?<= )- /g, '')).toBe(lines.join(' '));
    });

    test('binary answers carry content-disposition attachment with "<title slug>.<ext>" (RFC 5987 for the exact name)', async () => {
      for (const [format, ext] of [['docx', 'docx'], ['pdf', 'pdf'], ['markdown', 'md']]) {
        const res = await get(`/documents/${offer.documentId}/content/${format}`);
        expect(res.headers.get('content-disposition')).toBe(contentDisposition(`offer-zoë-ünal.${ext}`));
      }
      const res = await get(board.links.pdf);
      expect(res.status).toBe(403); // review owed; the filename of the default title is checked after the attest below
    });

    test('Resources (base64 envelope): { filename, contentType, format, sizeBytes, data }, data decoding to the binary answer', async () => {
      for (const format of ['docx', 'pdf', 'markdown'] as const) {
        const binary = await bytesOf(await get(offer.links[format]));
        const envelope = await base64Envelope(await get(`${offer.links[format]}?encoding=base64`), binary);
        expect(envelope).toMatchObject({ format, sizeBytes: binary.length, filename: expect.stringMatching(/^offer-zoë-ünal\.(docx|pdf|md)$/) });
      }
      const markdown = (await (await get(`${offer.links.markdown}?encoding=base64`)).json()) as Record<string, unknown>;
      expect(markdown.contentType).toBe('text/markdown; charset=utf-8');
    });

    test('encoding=binary is the default; any other value is 400 invalid_encoding, checked first (even for an unknown document)', async () => {
      expect((await get(`${offer.links.pdf}?encoding=binary`)).headers.get('content-type')).toBe('application/pdf');
      for (const path of [
        `${offer.links.pdf}?encoding=hex`,
        `${offer.links.pdf}?encoding=BASE64`,
        `${offer.links.pdf}?encoding=`,
        '/documents/tdoc_unknown/content/pdf?encoding=utf8',
        `${board.links.pdf}?encoding=raw`, // review owed: the encoding is still judged first
        `/documents/${offer.documentId}/content/txt?encoding=x`,
      ]) {
        const res = await get(path);
        expect([path, res.status]).toEqual([path, 400]);
        expect(await res.json()).toMatchObject({ error: 'invalid_encoding' });
      }
    });

    test('a format other than docx, pdf or markdown is 404', async () => {
      for (const format of ['txt', 'md', 'PDF', 'html']) {
        const res = await get(`/documents/${offer.documentId}/content/${format}`);
        expect([format, res.status]).toEqual([format, 404]);
      }
    });
  });

  describe('What the service does 7: a key reads only documents its issuing user produced through the API', () => {
    test('every key of the producing user reads the record and the content (full2, readOnly)', async () => {
      for (const key of [K.full, K.full2, K.readOnly]) {
        expect((await get(offer.links.document, key)).status).toBe(200);
        expect((await get(offer.links.markdown, key)).status).toBe(200);
      }
    });

    test.each([
      ['another user of the same workspace (bob)', K.bob],
      ['another tenant', K.otherTenant],
    ])('%s: 404 for the record and every format', async (_name, key) => {
      for (const path of [offer.links.document, offer.links.docx, offer.links.pdf, offer.links.markdown]) {
        const res = await get(path, key);
        expect([path, res.status]).toEqual([path, 404]);
        expect(await res.json()).toMatchObject({ error: 'not_found', message: `Document ${offer.documentId} was not found.` });
      }
    });

    test('a document alice made in the app is invisible to every key, alice\'s included', async () => {
      const id = APP_DOCUMENT_IDS.offerLetter;
      expect(templatesAdmin(t.sim).document(id)).toMatchObject({ origin: 'app', userId: FIXTURE_IDS.users.alice, keyId: null });
      for (const key of [K.full, K.full2, K.readOnly, K.bob, K.otherTenant]) {
        for (const path of [`/documents/${id}`, `/documents/${id}/content/pdf`, `/documents/${id}/content/markdown?encoding=base64`]) {
          expect([path, (await get(path, key)).status]).toEqual([path, 404]);
        }
      }
    });

    test('bob\'s own document is his: alice\'s keys get 404', async () => {
      const bobs = await produce(T.offerLetter, { input: { employee: { name: 'Sam Smith', start_date: '2026-04-01' }, role: 'Associate' } }, K.bob);
      expect((await get(bobs.links.pdf, K.bob)).status).toBe(200);
      expect((await get(bobs.links.pdf, K.full)).status).toBe(404);
    });
  });

  describe('States (Produced document): review_required until a person reviewed the document in the app', () => {
    test('a requiresReview template: 403 review_required on every format; the record itself stays readable', async () => {
      for (const path of [board.links.docx, board.links.pdf, board.links.markdown, `${board.links.pdf}?encoding=base64`]) {
        const res = await get(path);
        expect([path, res.status]).toEqual([path, 403]);
        const body = (await res.json()) as { error: string; message: string };
        expect(body.error).toBe('review_required');
        expect(body.message).toMatch(/reviewed by a person in the workspace/);
      }
      expect((await get(board.links.document)).status).toBe(200);
    });

    test('after attest (admin hook): 200, with the default title as filename', async () => {
      templatesAdmin(t.sim).attest(board.documentId);
      const res = await get(board.links.pdf);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(contentDisposition('board-resolution-2026-01-15.pdf'));
      expect(await pdfText(await bytesOf(res))).toContain('The accounts for 2025 are approved.');
    });

    test('review owed through the document type: 403 until attested over HTTP (POST /__admin/documents/:id/attest)', async () => {
      templatesAdmin(t.sim).setDocumentType(DOCUMENT_TYPE_IDS.confidentiality, { requiresReview: true });
      const nda = await produce(T.ndaShort, { input: { counterparty: 'Initech' } });
      expect((await get(nda.links.markdown)).status).toBe(403);
      const attested = await t.admin('POST', `/documents/${nda.documentId}/attest`);
      expect(attested.status).toBe(200);
      expect(await attested.json()).toMatchObject({ documentId: nda.documentId, attestedAt: '2026-01-15T12:00:00.000Z' });
      expect((await get(nda.links.markdown)).status).toBe(200);
    });

    test('review is fixed when the document is produced: switching the template later changes nothing for it', async () => {
      templatesAdmin(t.sim).setTemplate(T.offerLetter, { requiresReview: true });
      expect((await get(offer.links.pdf)).status).toBe(200);
      const later = await produce(T.offerLetter, { input: ANSWERS });
      expect((await get(later.links.pdf)).status).toBe(403);
      templatesAdmin(t.sim).setTemplate(T.offerLetter, { requiresReview: false });
    });
  });

  describe('Scopes', () => {
    test('documents:read is required for the record and the content: 403 missing_scope without it', async () => {
      const { key } = t.sim.admin.createKey({ userId: FIXTURE_IDS.users.alice, scopes: ['document-templates:read', 'documents:write'] });
      for (const path of [offer.links.document, offer.links.pdf]) {
        const res = await get(path, key);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ error: 'missing_scope', requiredScope: 'documents:read' });
      }
    });
  });
});
