/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import Ajv2020 from 'ajv/dist/2020';
import {
	COMPANY_LOGO_PNG,
	DOCUMENT_TYPE_IDS,
	FIXTURE_IDS,
	FIXTURE_KEYS,
	readPicture,
	TEMPLATE_IDS,
	templatesAdmin,
	type TemplateDetail,
	type TemplateSummary,
} from '../index';
import { offerLetterGroups } from '../templates/offer-letter';
import { contractSchemaCheck } from './contract-schemas';
import { useTestServer } from './helpers';

const K = FIXTURE_KEYS;
const T = TEMPLATE_IDS;

/** Contract, Endpoints (GET /document-templates[/{templateId}]), Resources: Document template, Authentication 3. */
describe('Document templates: list and detail', () => {
	const t = useTestServer();
	const list = (key: string = K.full) => t.call('/document-templates', { key });
	const detail = (templateId: string, key: string = K.full) =>
		t.call(`/document-templates/${templateId}`, { key });
	const namesFor = async (key: string): Promise<string[]> =>
		((await (await list(key)).json()) as TemplateSummary[]).map((item) => item.name);

	test('GET /document-templates: summaries { id, name, description, documentType, requiresReview, updatedAt }, sorted by name', async () => {
		const res = await list();
		expect(res.status).toBe(200);
		const items = (await res.json()) as TemplateSummary[];
		expect(items.map((item) => item.id)).toEqual([
			T.boardResolution,
			T.offerLetter,
			T.partnerOnly,
			T.ndaShort,
		]);
		for (const item of items)
			expect(Object.keys(item).sort()).toEqual([
				'description',
				'documentType',
				'id',
				'name',
				'requiresReview',
				'updatedAt',
			]);
		expect(items[0]).toEqual({
			id: T.boardResolution,
			name: 'Board resolution',
			description: expect.any(String),
			documentType: DOCUMENT_TYPE_IDS.corporate,
			requiresReview: true,
			updatedAt: '2025-12-12T16:40:00.000Z',
		});
		expect(items.find((item) => item.id === T.offerLetter)?.requiresReview).toBe(false);
	});

	test.each([
		[
			'alice (restricted template included)',
			K.full,
			['Board resolution', 'Employment offer letter', 'Partner remuneration memo', 'Short NDA'],
		],
		[
			'bob (not on the restriction)',
			K.bob,
			['Board resolution', 'Employment offer letter', 'Short NDA'],
		],
		['carol (another tenant)', K.otherTenant, ['Globex internal memo']],
	])(
		'visibility: %s sees only active templates of the tenant that the user may access',
		async (_name, key, names) => {
			expect(await namesFor(key)).toEqual(names);
		},
	);

	test('GET /document-templates/{templateId}: the summary plus inputSchema and needsAttention', async () => {
		const res = await detail(T.offerLetter);
		expect(res.status).toBe(200);
		const body = (await res.json()) as TemplateDetail;
		expect(Object.keys(body).sort()).toEqual([
			'description',
			'documentType',
			'id',
			'inputSchema',
			'name',
			'needsAttention',
			'requiresReview',
			'updatedAt',
		]);
		expect(body).toMatchObject({
			id: T.offerLetter,
			name: 'Employment offer letter',
			needsAttention: false,
			requiresReview: false,
		});
		const nda = (await (await detail(T.ndaShort)).json()) as TemplateDetail;
		expect(nda.needsAttention).toBe(true);
	});

	describe('inputSchema conventions (Resources: Document template)', () => {
		let schema: Record<string, any>;
		beforeEach(async () => {
			schema = ((await (await detail(T.offerLetter)).json()) as TemplateDetail).inputSchema;
		});

		test('JSON Schema 2020-12, nested objects, additionalProperties: false at every level, required at each level', () => {
			expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
			expect(schema.required).toEqual(['employee', 'role']);
			expect(schema.properties.employee.required).toEqual(['name', 'start_date']);
			for (const node of [schema, schema.properties.employee, schema.properties.company])
				expect(node.additionalProperties).toBe(false);
		});

		test('field kinds: date, number, boolean, one choice, several choices, integer with a workspace default, optional text', () => {
			const p = schema.properties;
			expect(p.employee.properties.start_date).toMatchObject({ type: 'string', format: 'date' });
			expect(p.employee.properties.salary).toMatchObject({ type: 'number', minimum: 0 });
			expect(p.employee.properties.remote).toMatchObject({ type: 'boolean' });
			expect(p.role).toMatchObject({
				type: 'string',
				enum: ['Associate', 'Senior Associate', 'Counsel'],
			});
			expect(p.benefits).toMatchObject({
				type: 'array',
				uniqueItems: true,
				items: { type: 'string', enum: ['Health', 'Pension', 'Gym', 'Training'] },
			});
			expect(p.probation_months).toMatchObject({
				type: 'integer',
				minimum: 1,
				maximum: 12,
				default: 6,
			});
			expect(p.notes).toMatchObject({ type: 'string' });
			expect(p.notes.default).toBeUndefined();
		});

		test('an image field is a string with contentEncoding: base64 (a picture without a workspace picture)', () => {
			expect(schema.properties.employee.properties.photo).toMatchObject({
				type: 'string',
				contentEncoding: 'base64',
				contentMediaType: 'image/jpeg',
			});
			expect(schema.properties.employee.properties.photo.default).toBeUndefined();
		});

		test('fixed fields carry default and readOnly: true, including the workspace picture (a real PNG)', () => {
			const { company, company_logo: logo } = schema.properties;
			expect(company).toMatchObject({
				type: 'object',
				readOnly: true,
				default: { name: 'Acme Legal LLP', signatory: 'Alice Archer, Partner' },
			});
			expect(company.properties.name).toMatchObject({ readOnly: true, default: 'Acme Legal LLP' });
			expect(company.properties.signatory).toMatchObject({
				readOnly: true,
				default: 'Alice Archer, Partner',
			});
			expect(logo).toMatchObject({
				type: 'string',
				contentEncoding: 'base64',
				contentMediaType: 'image/png',
				readOnly: true,
			});
			expect(Buffer.from(logo.default, 'base64').equals(COMPANY_LOGO_PNG)).toBe(true);
			expect(readPicture(logo.default)).toMatchObject({
				ok: true,
				picture: { format: 'png', width: 48, height: 16 },
			});
		});

		test('x-groups names the form sections with dotted field paths', () => {
			expect(schema['x-groups']).toEqual(offerLetterGroups());
		});

		test('the schema compiles with ajv (2020-12) and accepts a canonical answer set', () => {
			const ajv = new Ajv2020({ strict: false });
			ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
			const validate = ajv.compile(schema);
			expect(
				validate({
					employee: { name: 'Jane', start_date: '2026-03-01', salary: 1, remote: true },
					role: 'Counsel',
					benefits: ['Gym'],
					probation_months: 3,
					notes: 'x',
				}),
			).toBe(true);
			expect(
				validate({ employee: { name: 'Jane', start_date: '2026-03-01' }, role: 'Partner' }),
			).toBe(false);
		});
	});

	test.each([
		['an unknown id', 'tpl_unknown', K.full],
		['an inactive template', T.retired, K.full],
		['a template restricted to another user', T.partnerOnly, K.bob],
		["another tenant's template", T.globexMemo, K.full],
		['an acme template for a globex key', T.offerLetter, K.otherTenant],
	])(
		'GET /document-templates/{templateId}: %s -> 404 not_found',
		async (_name, templateId, key) => {
			const res = await detail(templateId, key);
			expect(res.status).toBe(404);
			expect(await res.json()).toEqual({
				error: 'not_found',
				message: `Template ${templateId} was not found.`,
			});
		},
	);

	describe('Changes made in the workspace (admin hooks)', () => {
		test('deactivating a template hides it (list and 404); reactivating brings it back', async () => {
			templatesAdmin(t.sim).setTemplate(T.ndaShort, { active: false });
			expect(await namesFor(K.full)).not.toContain('Short NDA');
			expect((await detail(T.ndaShort)).status).toBe(404);
			templatesAdmin(t.sim).setTemplate(T.ndaShort, { active: true });
			expect((await detail(T.ndaShort)).status).toBe(200);
		});

		test('a restricted document type hides its templates from users outside it (contract: "whose document type ... the user can access")', async () => {
			templatesAdmin(t.sim).setDocumentType(DOCUMENT_TYPE_IDS.employment, {
				restrictedToUserIds: [FIXTURE_IDS.users.alice],
			});
			expect(await namesFor(K.bob)).not.toContain('Employment offer letter');
			expect((await detail(T.offerLetter, K.bob)).status).toBe(404);
			expect((await detail(T.offerLetter, K.full)).status).toBe(200);
		});

		test('a document type that requires review makes requiresReview true on its templates', async () => {
			templatesAdmin(t.sim).setDocumentType(DOCUMENT_TYPE_IDS.employment, { requiresReview: true });
			const items = (await (await list()).json()) as TemplateSummary[];
			expect(items.find((item) => item.id === T.offerLetter)?.requiresReview).toBe(true);
		});

		test('needsAttention and requiresReview follow the template; updatedAt moves to the simulator clock', async () => {
			const updated = templatesAdmin(t.sim).setTemplate(T.offerLetter, {
				needsAttention: true,
				requiresReview: true,
			});
			const body = (await (await detail(T.offerLetter)).json()) as TemplateDetail;
			expect(body).toMatchObject({
				needsAttention: true,
				requiresReview: true,
				updatedAt: updated.updatedAt,
			});
			expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse('2026-01-05T10:15:00.000Z'));
		});

		test('reset() restores the fixtures', async () => {
			templatesAdmin(t.sim).setTemplate(T.offerLetter, { active: false });
			t.sim.reset();
			expect((await detail(T.offerLetter)).status).toBe(200);
		});
	});

	describe('Scopes and feature (Authentication 3)', () => {
		test('readOnly (document-templates:read) may list and read templates', async () => {
			expect((await list(K.readOnly)).status).toBe(200);
			expect((await detail(T.offerLetter, K.readOnly)).status).toBe(200);
		});

		test('a key without document-templates:read: 403 missing_scope', async () => {
			for (const res of [await list(K.chatOnly), await detail(T.offerLetter, K.chatOnly)]) {
				expect(res.status).toBe(403);
				expect(await res.json()).toMatchObject({
					error: 'missing_scope',
					requiredScope: 'document-templates:read',
				});
			}
		});

		test('templates off for the workspace: 403 documents_disabled', async () => {
			t.sim.admin.setWorkspaceFeatures(FIXTURE_IDS.workspaces.acme, { templates: false });
			expect(await (await list()).json()).toMatchObject({ error: 'documents_disabled' });
			expect((await list(K.otherTenant)).status).toBe(200);
		});
	});

	test('list items and the detail match the OpenAPI TemplateSummary and TemplateDetail components', async () => {
		const validate = await contractSchemaCheck(t);
		for (const item of (await (await list()).json()) as TemplateSummary[]) {
			expect(validate('TemplateSummary', item)).toEqual([]);
			expect(validate('TemplateDetail', await (await detail(item.id)).json())).toEqual([]);
		}
	});
});
