import {
	APP_DOCUMENT_IDS,
	DOCUMENT_TYPE_IDS,
	FIXTURE_KEYS,
	TEMPLATE_IDS,
	templatesAdmin,
	type DocumentAdminView,
	type ProducedDocument,
} from '../index';
import { FakeTime, produceDocument, useTestServer } from './helpers';

const T = TEMPLATE_IDS;

/** The templates module's admin hooks: what happens in the workspace, outside the API. */
describe('Templates admin hooks', () => {
	const time = new FakeTime(Date.parse('2026-01-15T12:00:00.000Z'));
	const t = useTestServer({ clock: time.source });
	const produce = (templateId: string, input: unknown): Promise<ProducedDocument> =>
		produceDocument(t, templateId, { input });

	test('documents(): every document, the app fixture first, as live records (files as Buffers once rendered)', async () => {
		const produced = await produce(T.boardResolution, {
			resolution_text: 'Appoint auditors.',
			meeting_date: '2026-01-14',
		});
		const documents = templatesAdmin(t.sim).documents();
		expect(documents.map((document) => document.documentId)).toEqual([
			APP_DOCUMENT_IDS.offerLetter,
			produced.documentId,
		]);
		expect(documents[0].files).toBeNull(); // never rendered: nobody can download it
		expect(documents[1]).toMatchObject({
			origin: 'api',
			requiresReview: true,
			attestedAt: null,
			input: { resolution_text: 'Appoint auditors.' },
		});
		expect(Buffer.isBuffer(documents[1].files?.pdf.bytes)).toBe(true);
	});

	test('attest(documentId) records when a person reviewed it (first time kept); unknown id throws a 404 admin error', async () => {
		const produced = await produce(T.boardResolution, {
			resolution_text: 'Appoint auditors.',
			meeting_date: '2026-01-14',
		});
		expect(templatesAdmin(t.sim).attest(produced.documentId).attestedAt).toBe(
			'2026-01-15T12:00:00.000Z',
		);
		time.advance(60_000);
		expect(templatesAdmin(t.sim).attest(produced.documentId).attestedAt).toBe(
			'2026-01-15T12:00:00.000Z',
		);
		expect(() => templatesAdmin(t.sim).attest('tdoc_unknown')).toThrow(/Unknown document/);
	});

	test('setTemplate(templateId, patch) checks its patch: unknown field, wrong type, unknown template', () => {
		const admin = templatesAdmin(t.sim);
		expect(() => admin.setTemplate(T.offerLetter, { activ: false } as never)).toThrow(
			/Unknown field activ/,
		);
		expect(() => admin.setTemplate(T.offerLetter, { active: 'no' } as never)).toThrow(
			/active must be true or false/,
		);
		expect(() =>
			admin.setTemplate(T.offerLetter, { documentType: DOCUMENT_TYPE_IDS.globexMemo }),
		).toThrow(/Unknown document type/);
		expect(() => admin.setTemplate('tpl_unknown', { active: false })).toThrow(/Unknown template/);
		expect(
			admin.setTemplate(T.offerLetter, { restrictedToUserIds: ['usr_bob'] }).restrictedToUserIds,
		).toEqual(['usr_bob']);
	});

	describe('HTTP under /__admin (x-admin-token)', () => {
		test('GET /templates and GET /document-types list the records', async () => {
			const templates = (await (await t.admin('GET', '/templates')).json()) as {
				id: string;
				recipe: unknown[];
			}[];
			expect(templates.map((template) => template.id)).toEqual(Object.values(T));
			expect(templates[0].recipe.length).toBeGreaterThan(0);
			const types = (await (await t.admin('GET', '/document-types')).json()) as { id: string }[];
			expect(types.map((type) => type.id)).toEqual(Object.values(DOCUMENT_TYPE_IDS));
		});

		test('PATCH /templates/:templateId toggles needsAttention, active, requiresReview; errors are admin_error 400/404', async () => {
			const res = await t.admin('PATCH', `/templates/${T.offerLetter}`, {
				needsAttention: true,
				requiresReview: true,
			});
			expect(res.status).toBe(200);
			expect(await res.json()).toMatchObject({
				id: T.offerLetter,
				needsAttention: true,
				requiresReview: true,
				updatedAt: new Date(time.nowMs).toISOString(),
			});
			const detail = await (
				await t.call(`/document-templates/${T.offerLetter}`, { key: FIXTURE_KEYS.full })
			).json();
			expect(detail).toMatchObject({ needsAttention: true, requiresReview: true });

			const bad = await t.admin('PATCH', `/templates/${T.offerLetter}`, { active: 'yes' });
			expect(bad.status).toBe(400);
			expect(await bad.json()).toMatchObject({ error: 'admin_error' });
			expect((await t.admin('PATCH', '/templates/tpl_unknown', { active: true })).status).toBe(404);
		});

		test('PATCH /document-types/:documentTypeId sets requiresReview or a restriction', async () => {
			const res = await t.admin('PATCH', `/document-types/${DOCUMENT_TYPE_IDS.confidentiality}`, {
				requiresReview: true,
			});
			expect(await res.json()).toMatchObject({
				id: DOCUMENT_TYPE_IDS.confidentiality,
				requiresReview: true,
			});
			const nda = await produce(T.ndaShort, { counterparty: 'Initech' });
			expect((await t.call(nda.links.pdf, { key: FIXTURE_KEYS.full })).status).toBe(403);
		});

		test('GET /documents and /documents/:id show records without bytes (files by size, pictures by description)', async () => {
			const produced = await produce(T.offerLetter, {
				employee: { name: 'Jane Doe', start_date: '2026-03-01' },
				role: 'Counsel',
			});
			const views = (await (await t.admin('GET', '/documents')).json()) as DocumentAdminView[];
			expect(views.map((view) => view.documentId)).toEqual([
				APP_DOCUMENT_IDS.offerLetter,
				produced.documentId,
			]);
			const view = (await (
				await t.admin('GET', `/documents/${produced.documentId}`)
			).json()) as DocumentAdminView;
			expect(view.files?.pdf).toEqual({
				filename: 'employment-offer-letter-2026-01-15.pdf',
				contentType: 'application/pdf',
				sizeBytes: expect.any(Number),
			});
			expect(view.answers).toContainEqual({
				path: 'company_logo',
				source: 'fixed',
				value: 'PNG picture, 48 x 16 px',
			});
			expect(view.answers).toContainEqual({
				path: 'probation_months',
				source: 'default',
				value: 6,
			});
			expect(view).not.toHaveProperty('content');
			expect((await t.admin('GET', '/documents/tdoc_unknown')).status).toBe(404);
		});

		test('POST /documents/:documentId/attest; 404 for an unknown id', async () => {
			const produced = await produce(T.boardResolution, {
				resolution_text: 'Appoint auditors.',
				meeting_date: '2026-01-14',
			});
			expect((await t.call(produced.links.markdown, { key: FIXTURE_KEYS.full })).status).toBe(403);
			const res = await t.admin('POST', `/documents/${produced.documentId}/attest`);
			expect(res.status).toBe(200);
			expect((await t.call(produced.links.markdown, { key: FIXTURE_KEYS.full })).status).toBe(200);
			expect((await t.admin('POST', '/documents/tdoc_unknown/attest')).status).toBe(404);
		});

		test('POST /reset drops produced documents and admin changes', async () => {
			await produce(T.ndaShort, { counterparty: 'Initech' });
			await t.admin('PATCH', `/templates/${T.ndaShort}`, { active: false });
			await t.admin('POST', '/reset');
			expect(
				templatesAdmin(t.sim)
					.documents()
					.map((document) => document.documentId),
			).toEqual([APP_DOCUMENT_IDS.offerLetter]);
			expect(
				(await t.call(`/document-templates/${T.ndaShort}`, { key: FIXTURE_KEYS.full })).status,
			).toBe(200);
		});
	});
});
