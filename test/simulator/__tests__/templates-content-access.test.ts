import {
	APP_DOCUMENT_IDS,
	DOCUMENT_TYPE_IDS,
	FIXTURE_IDS,
	FIXTURE_KEYS,
	TEMPLATE_IDS,
	templatesAdmin,
	type ProducedDocument,
} from '../index';
import { contentDisposition } from '../runs/downloads';
import { pdfText } from '../templates/testing';
import { useProducedDocuments } from './produced-documents';

const K = FIXTURE_KEYS;
const T = TEMPLATE_IDS;

/** Contract, States (Produced document), What the service does 7, Scopes: who reads a produced document's content, and when. */
describe('Produced document content: GET /documents/{documentId}/content/{format}', () => {
	const { t, ANSWERS, produce, get, bytesOf, documents } = useProducedDocuments();

	let offer: ProducedDocument;
	let board: ProducedDocument;
	beforeAll(() => {
		({ offer, board } = documents);
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
			for (const path of [
				offer.links.document,
				offer.links.docx,
				offer.links.pdf,
				offer.links.markdown,
			]) {
				const res = await get(path, key);
				expect([path, res.status]).toEqual([path, 404]);
				expect(await res.json()).toMatchObject({
					error: 'not_found',
					message: `Document ${offer.documentId} was not found.`,
				});
			}
		});

		test("a document alice made in the app is invisible to every key, alice's included", async () => {
			const id = APP_DOCUMENT_IDS.offerLetter;
			expect(templatesAdmin(t.sim).document(id)).toMatchObject({
				origin: 'app',
				userId: FIXTURE_IDS.users.alice,
				keyId: null,
			});
			for (const key of [K.full, K.full2, K.readOnly, K.bob, K.otherTenant]) {
				for (const path of [
					`/documents/${id}`,
					`/documents/${id}/content/pdf`,
					`/documents/${id}/content/markdown?encoding=base64`,
				]) {
					expect([path, (await get(path, key)).status]).toEqual([path, 404]);
				}
			}
		});

		test("bob's own document is his: alice's keys get 404", async () => {
			const bobs = await produce(
				T.offerLetter,
				{ input: { employee: { name: 'Sam Smith', start_date: '2026-04-01' }, role: 'Associate' } },
				K.bob,
			);
			expect((await get(bobs.links.pdf, K.bob)).status).toBe(200);
			expect((await get(bobs.links.pdf, K.full)).status).toBe(404);
		});
	});

	describe('States (Produced document): review_required until a person reviewed the document in the app', () => {
		test('a requiresReview template: 403 review_required on every format; the record itself stays readable', async () => {
			for (const path of [
				board.links.docx,
				board.links.pdf,
				board.links.markdown,
				`${board.links.pdf}?encoding=base64`,
			]) {
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
			expect(res.headers.get('content-disposition')).toBe(
				contentDisposition('board-resolution-2026-01-15.pdf'),
			);
			expect(await pdfText(await bytesOf(res))).toContain('The accounts for 2025 are approved.');
		});

		test('review owed through the document type: 403 until attested over HTTP (POST /__admin/documents/:id/attest)', async () => {
			templatesAdmin(t.sim).setDocumentType(DOCUMENT_TYPE_IDS.confidentiality, {
				requiresReview: true,
			});
			const nda = await produce(T.ndaShort, { input: { counterparty: 'Initech' } });
			expect((await get(nda.links.markdown)).status).toBe(403);
			const attested = await t.admin('POST', `/documents/${nda.documentId}/attest`);
			expect(attested.status).toBe(200);
			expect(await attested.json()).toMatchObject({
				documentId: nda.documentId,
				attestedAt: '2026-01-15T12:00:00.000Z',
			});
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
			const { key } = t.sim.admin.createKey({
				userId: FIXTURE_IDS.users.alice,
				scopes: ['document-templates:read', 'documents:write'],
			});
			for (const path of [offer.links.document, offer.links.pdf]) {
				const res = await get(path, key);
				expect(res.status).toBe(403);
				expect(await res.json()).toMatchObject({
					error: 'missing_scope',
					requiredScope: 'documents:read',
				});
			}
		});
	});
});
