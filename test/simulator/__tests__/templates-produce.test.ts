import {
	FIXTURE_IDS,
	FIXTURE_KEYS,
	OFFER_LETTER_DEFAULTS,
	PRODUCE_BODY_LIMIT,
	TEMPLATE_IDS,
	templatesAdmin,
	type ProducedDocument,
} from '../index';
import { contractSchemaCheck } from './contract-schemas';
import { FakeTime, useTestServer } from './helpers';

const K = FIXTURE_KEYS;
const T = TEMPLATE_IDS;

/** Contract, Template production (request, rule 8, limits) and Resources: Produced document. */
describe('POST /document-templates/{templateId}/documents', () => {
	const time = new FakeTime(Date.parse('2026-01-15T12:00:00.000Z'));
	const t = useTestServer({ clock: time.source });
	const VALID = { employee: { name: 'Jane Doe', start_date: '2026-03-01' }, role: 'Associate' };

	const produce = (body: unknown, templateId: string = T.offerLetter, key: string = K.full) =>
		t.call(`/document-templates/${templateId}/documents`, { method: 'POST', key, json: body });
	const markdownOf = async (document: ProducedDocument, key: string = K.full): Promise<string> =>
		(await t.call(document.links.markdown, { key })).text();

	test('Produced document: 201 { documentId, status, unresolvedFields, title, templateId, createdAt, links } with path links', async () => {
		const res = await produce({ input: VALID, title: 'Offer Jane Doe' });
		expect(res.status).toBe(201);
		const body = (await res.json()) as ProducedDocument;
		expect(Object.keys(body).sort()).toEqual([
			'createdAt',
			'documentId',
			'links',
			'status',
			'templateId',
			'title',
			'unresolvedFields',
		]);
		const id = body.documentId;
		expect(id).toMatch(/^tdoc_[0-9a-f]{16}$/);
		expect(body).toEqual({
			documentId: id,
			status: 'assembled',
			unresolvedFields: [],
			title: 'Offer Jane Doe',
			templateId: T.offerLetter,
			createdAt: '2026-01-15T12:00:00.000Z',
			links: {
				document: `/documents/${id}`,
				docx: `/documents/${id}/content/docx`,
				pdf: `/documents/${id}/content/pdf`,
				markdown: `/documents/${id}/content/markdown`,
			},
		});
	});

	test('The 201 body and the document record match the OpenAPI ProducedDocument component', async () => {
		const validate = await contractSchemaCheck(t);
		const body = (await (await produce({ input: VALID })).json()) as ProducedDocument;
		expect(validate('ProducedDocument', body)).toEqual([]);
		const record = await (await t.call(body.links.document, { key: K.full })).json();
		expect(validate('ProducedDocument', record)).toEqual([]);
		expect(record).toEqual(body);
	});

	test("The document belongs to the key's issuing user; counter documentsProduced by keyId; the log names the document", async () => {
		const body = (await (await produce({ input: VALID })).json()) as ProducedDocument;
		expect(templatesAdmin(t.sim).document(body.documentId)).toMatchObject({
			userId: FIXTURE_IDS.users.alice,
			keyId: FIXTURE_IDS.keys.full,
			workspaceId: FIXTURE_IDS.workspaces.acme,
			origin: 'api',
		});
		await produce({ input: VALID }, T.offerLetter, K.full2);
		await produce({ input: VALID }, T.offerLetter, K.full2);
		expect(t.sim.admin.counters().documentsProduced).toEqual({ key_full: 1, key_full2: 2 });
		const entry = t.sim.admin.requests().find((log) => log.method === 'POST');
		expect(entry?.note).toEqual({ documentId: body.documentId, status: 'assembled' });
	});

	describe('Rule 8: missing required answers', () => {
		test('strict: true -> 422 fields_missing with unresolvedFields (dotted paths) and nothing is produced', async () => {
			const before = templatesAdmin(t.sim).documents().length;
			const res = await produce({ input: { employee: { name: 'Jane Doe' } }, strict: true });
			expect(res.status).toBe(422);
			const body = (await res.json()) as Record<string, unknown>;
			expect(body).toMatchObject({
				error: 'fields_missing',
				unresolvedFields: ['employee.start_date', 'role'],
			});
			expect(body.message).toMatch(/employee\.start_date, role/);
			expect(templatesAdmin(t.sim).documents()).toHaveLength(before);
			expect(t.sim.admin.counters().documentsProduced).toBeUndefined();
		});

		test('without strict (default false, or strict: false) -> 201 status incomplete with the same unresolvedFields', async () => {
			for (const body of [
				{ input: { employee: { name: 'Jane Doe' } } },
				{ input: { employee: { name: 'Jane Doe' } }, strict: false },
			]) {
				const res = await produce(body);
				expect(res.status).toBe(201);
				expect(await res.json()).toMatchObject({
					status: 'incomplete',
					unresolvedFields: ['employee.start_date', 'role'],
				});
			}
		});

		test('a required object left out names each of its required answers', async () => {
			const res = await produce({ input: { role: 'Counsel' }, strict: true });
			expect(await res.json()).toMatchObject({
				unresolvedFields: ['employee.name', 'employee.start_date'],
			});
		});

		test('the incomplete document says what is missing, where the answer would be', async () => {
			const document = (await (
				await produce({ input: { employee: { name: 'Jane Doe' }, role: 'Counsel' } })
			).json()) as ProducedDocument;
			const markdown = await markdownOf(document);
			expect(markdown).toContain('starting on [not answered: employee.start_date].');
			expect(markdown).toContain('- employee.start_date: not answered');
			expect(markdown).toContain('Status: incomplete. Unanswered: employee.start_date.');
		});

		test('strict: true with every required answer -> 201 assembled; input problems are answered before fields_missing', async () => {
			expect((await produce({ input: VALID, strict: true })).status).toBe(201);
			const res = await produce({
				input: { employee: { start_date: '01/03/2026' } },
				strict: true,
			});
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({ error: 'input_validation_failed' });
		});
	});

	describe('Rule 2: defaults and alternative wording', () => {
		test('a missing defaulted answer takes the default, and the document shows it', async () => {
			const markdown = await markdownOf(
				(await (await produce({ input: VALID })).json()) as ProducedDocument,
			);
			expect(markdown).toContain(
				`The probation period is ${OFFER_LETTER_DEFAULTS.probationMonths} months.`,
			);
			expect(markdown).toContain('- probation_months: 6 (default)');
		});

		test('a posted answer replaces the default', async () => {
			const markdown = await markdownOf(
				(await (
					await produce({ input: { ...VALID, probation_months: 3 } })
				).json()) as ProducedDocument,
			);
			expect(markdown).toContain('The probation period is 3 months.');
			expect(markdown).toContain('- probation_months: 3\n');
		});

		test.each([
			[
				'notes',
				'No further terms apply.',
				{ notes: 'Subject to references.' },
				'Further terms: Subject to references.',
			],
			[
				'employee.salary',
				'Your salary will be confirmed separately.',
				{ employee: { ...VALID.employee, salary: 85000 } },
				'Your annual salary will be 85000.',
			],
			[
				'employee.remote',
				'Your place of work will be agreed with your manager.',
				{ employee: { ...VALID.employee, remote: false } },
				'Remote working: no.',
			],
			[
				'benefits',
				'No additional benefits are included.',
				{ benefits: ['Health', 'Gym'] },
				'Benefits: Health, Gym.',
			],
			['employee.photo', 'No photo supplied.', null, null],
		])(
			'a missing optional answer (%s) makes the document take its alternative wording',
			async (path, otherwise, answer, wording) => {
				const leftOut = await markdownOf(
					(await (await produce({ input: VALID })).json()) as ProducedDocument,
				);
				expect(leftOut).toContain(otherwise);
				expect(leftOut).toContain(`- ${path}: left out`);
				if (answer && wording) {
					const given = await markdownOf(
						(await (await produce({ input: { ...VALID, ...answer } })).json()) as ProducedDocument,
					);
					expect(given).toContain(wording);
					expect(given).not.toContain(otherwise);
				}
			},
		);

		test('the fixed company fields and the workspace picture are printed from the workspace', async () => {
			const markdown = await markdownOf(
				(await (await produce({ input: VALID })).json()) as ProducedDocument,
			);
			expect(markdown).toContain('Signed for Acme Legal LLP by Alice Archer, Partner.');
			expect(markdown).toContain('- company.name: Acme Legal LLP (fixed by the workspace)');
			expect(markdown).toContain(
				'- company.signatory: Alice Archer, Partner (fixed by the workspace)',
			);
			expect(markdown).toContain(
				'- company_logo: PNG picture, 48 x 16 px (fixed by the workspace)',
			);
		});
	});

	describe('Request body { input, title, strict }', () => {
		test('title defaults to the template name and the date of production', async () => {
			const body = (await (await produce({ input: VALID })).json()) as ProducedDocument;
			expect(body.title).toBe('Employment offer letter 2026-01-15');
		});

		test.each([
			['no input', { title: 'x' }, ['input']],
			['input not an object', { input: 'Jane Doe' }, ['input']],
			['input an array', { input: [VALID] }, ['input']],
			['title not a string', { input: VALID, title: 5 }, ['title']],
			['title blank', { input: VALID, title: '  ' }, ['title']],
			['title too long', { input: VALID, title: 'x'.repeat(201) }, ['title']],
			['strict as text', { input: VALID, strict: 'true' }, ['strict']],
			['answers posted beside input', { input: VALID, role: 'Associate' }, ['role']],
			['a body that is not an object', [VALID], ['body']],
		])('%s -> 400 invalid_request naming the body field', async (_name, body, paths) => {
			const res = await produce(body);
			expect(res.status).toBe(400);
			const answer = (await res.json()) as { error: string; errors: { path: string }[] };
			expect(answer.error).toBe('invalid_request');
			expect(answer.errors.map((entry) => entry.path)).toEqual(paths);
		});

		test('malformed JSON -> 400 invalid_json', async () => {
			const res = await t.call(`/document-templates/${T.offerLetter}/documents`, {
				method: 'POST',
				key: K.full,
				headers: { 'content-type': 'application/json' },
				body: '{"input": {',
			});
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({ error: 'invalid_json' });
		});

		test('Limits: a body over 10 MB -> 413 payload_too_large; nothing is produced', async () => {
			const notes = 'x'.repeat(PRODUCE_BODY_LIMIT);
			const res = await produce({ input: { ...VALID, notes } });
			expect(res.status).toBe(413);
			expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
			expect(
				templatesAdmin(t.sim)
					.documents()
					.filter((document) => document.origin === 'api'),
			).toHaveLength(0);
		});

		test('Limits: a body just under 10 MB is read (the 1 MB picture limit is a separate rule)', async () => {
			const notes = 'x'.repeat(PRODUCE_BODY_LIMIT - 1024);
			const res = await produce({ input: { ...VALID, notes } });
			expect(res.status).toBe(201);
		});
	});

	describe('Which templates can produce', () => {
		test.each([
			['an unknown template', 'tpl_unknown', K.full],
			['an inactive template', T.retired, K.full],
			['a template restricted to another user', T.partnerOnly, K.bob],
			["another tenant's template", T.globexMemo, K.full],
		])('%s -> 404 not_found (before the body is judged)', async (_name, templateId, key) => {
			const res = await produce({ nothing: true }, templateId, key);
			expect(res.status).toBe(404);
			expect(await res.json()).toMatchObject({
				error: 'not_found',
				message: `Template ${templateId} was not found.`,
			});
		});

		test('a template that needsAttention is usable (only flagged): 201', async () => {
			const res = await produce({ input: { counterparty: 'Initech' } }, T.ndaShort);
			expect(res.status).toBe(201);
			const markdown = await markdownOf((await res.json()) as ProducedDocument);
			expect(markdown).toContain('This agreement is made between Acme Legal LLP and Initech.');
			expect(markdown).toContain('It takes effect on the date of the last signature.');
			expect(markdown).toContain('Confidential information is protected for 24 months.');
		});

		test('the restricted template produces for its user; other tenants produce from their own templates', async () => {
			expect(
				(
					await produce(
						{ input: { partner_name: 'Alice Archer', year: 2026 } },
						T.partnerOnly,
						K.full,
					)
				).status,
			).toBe(201);
			expect(
				(await produce({ input: { subject: 'Q1' } }, T.globexMemo, K.otherTenant)).status,
			).toBe(201);
		});
	});

	describe('Scopes and feature', () => {
		test('a key without documents:write (readOnly) cannot produce: 403 missing_scope', async () => {
			const res = await produce({ input: VALID }, T.offerLetter, K.readOnly);
			expect(res.status).toBe(403);
			expect(await res.json()).toMatchObject({
				error: 'missing_scope',
				requiredScope: 'documents:write',
			});
		});

		test('templates off for the workspace: 403 documents_disabled', async () => {
			t.sim.admin.setWorkspaceFeatures(FIXTURE_IDS.workspaces.acme, { templates: false });
			const res = await produce({ input: VALID });
			expect(res.status).toBe(403);
			expect(await res.json()).toMatchObject({ error: 'documents_disabled' });
		});
	});
});
