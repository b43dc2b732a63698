import { PDFDocument, PDFName, PDFDict, PDFRawStream } from 'pdf-lib';
import { COMPANY_LOGO_PNG, type ProducedDocument } from '../index';
import { contentDisposition } from '../runs/downloads';
import { openDocx, pdfText, pdfTextLines } from '../templates/testing';
import { base64Envelope } from './helpers';
import { useProducedDocuments } from './produced-documents';

/** Contract, Endpoints (the content link), Download parameters: each format's content. Who reads it and when: templates-content-access.test.ts. */
describe('Produced document content: GET /documents/{documentId}/content/{format}', () => {
	const { photo, get, bytesOf, documents } = useProducedDocuments();

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
	beforeAll(() => {
		({ offer, board } = documents);
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
				.filter(
					(object): object is PDFRawStream =>
						object instanceof PDFRawStream &&
						object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
				)
				.map((image) => [
					String(image.dict.get(PDFName.of('Filter'))),
					Number(String(image.dict.get(PDFName.of('Width')))),
				]);
			expect(filters).toEqual(
				expect.arrayContaining([
					['/DCTDecode', 64],
					['/FlateDecode', 48],
				]),
			);
			expect(pdf.getPages()[0].node.Resources()?.get(PDFName.of('XObject'))).toBeInstanceOf(
				PDFDict,
			);
		});

		test('docx: a zip with word/document.xml holding the answers, and both pictures under word/media', async () => {
			const res = await get(offer.links.docx);
			expect(res.status).toBe(200);
			expect(res.headers.get('content-type')).toBe(
				'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			);
			const bytes = await bytesOf(res);
			expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
			const docx = await openDocx(bytes);
			expect(docx.paragraphs[0]).toBe('Offer — Zoë Ünal');
			for (const text of EXPECTED_TEXT) expect(docx.paragraphs).toContain(text);
			const media = docx.entries.filter((entry) => entry.startsWith('word/media/'));
			const blobs = await Promise.all(
				media.map((entry) => docx.zip.file(entry)!.async('nodebuffer')),
			);
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
			for (const [format, ext] of [
				['docx', 'docx'],
				['pdf', 'pdf'],
				['markdown', 'md'],
			]) {
				const res = await get(`/documents/${offer.documentId}/content/${format}`);
				expect(res.headers.get('content-disposition')).toBe(
					contentDisposition(`offer-zoë-ünal.${ext}`),
				);
			}
			const res = await get(board.links.pdf);
			expect(res.status).toBe(403); // review owed; the filename of the default title is checked after the attest below
		});

		test('Resources (base64 envelope): { filename, contentType, format, sizeBytes, data }, data decoding to the binary answer', async () => {
			for (const format of ['docx', 'pdf', 'markdown'] as const) {
				const binary = await bytesOf(await get(offer.links[format]));
				const envelope = await base64Envelope(
					await get(`${offer.links[format]}?encoding=base64`),
					binary,
				);
				expect(envelope).toMatchObject({
					format,
					sizeBytes: binary.length,
					filename: expect.stringMatching(/^offer-zoë-ünal\.(docx|pdf|md)$/),
				});
			}
			const markdown = (await (
				await get(`${offer.links.markdown}?encoding=base64`)
			).json()) as Record<string, unknown>;
			expect(markdown.contentType).toBe('text/markdown; charset=utf-8');
		});

		test('encoding=binary is the default; any other value is 400 invalid_encoding, checked first (even for an unknown document)', async () => {
			expect((await get(`${offer.links.pdf}?encoding=binary`)).headers.get('content-type')).toBe(
				'application/pdf',
			);
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
});
