import type { ResourceMapperFields } from 'n8n-workflow';

import { listSearch, resourceMapperFields } from '../harness/editor';
import { FIXTURE_IDS, FIXTURE_KEYS, TEMPLATE_IDS } from '../simulator';
import { IntegrationContext } from './support';

/**
 * Issue 26 in the editor, items 3, 7 and 11: what n8n's editor gets from the action node's mapper and picker
 * methods, called through n8n-core's LoadOptionsContext against the simulator, at node versions 1 and 2.
 */

const ctx = new IntegrationContext();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const credential = () => ({ baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full });
const templateFields = (typeVersion: number, templateId: string | undefined) =>
	resourceMapperFields('getTemplateFields', {
		typeVersion,
		credential: credential(),
		path: 'parameters.answers',
		parameters: { resource: 'document', operation: 'produce', ...(templateId ? { templateId: byId(templateId) } : {}) },
	});
const runFields = (typeVersion: number) =>
	resourceMapperFields('getRunInputFields', {
		typeVersion,
		credential: credential(),
		path: 'parameters.inputFields',
		parameters: { resource: 'run', operation: 'start', workflowId: byId(FIXTURE_IDS.workflows.inputNda) },
	});
const columns = (answer: ResourceMapperFields) => Object.fromEntries(answer.fields.map((field) => [field.id, field]));

beforeAll(async () => ctx.start());
afterAll(async () => ctx.stop());
beforeEach(() => ctx.sim.admin.reset());

describe('Produce From Template mapper (item 3)', () => {
	it('version 2: dates as dateTime, choices as options with their texts, the rule in the label where a type cannot show it', async () => {
		const offer = columns(await templateFields(2, TEMPLATE_IDS.offerLetter));
		expect(offer['employee.start_date']).toMatchObject({ type: 'string', displayName: 'Start date (yyyy-MM-dd)', required: true });
		expect(offer.role).toMatchObject({ type: 'options', options: ['Associate', 'Senior Associate', 'Counsel'].map((text) => ({ name: text, value: text })) });
		expect(offer['employee.remote'].type).toBe('boolean');
		expect(offer['employee.salary'].type).toBe('number');
		expect(offer.benefits).toMatchObject({ type: 'string', displayName: 'Benefits (comma-separated)' });
		expect(offer['employee.photo'].displayName).toBe('Photo (binary)');
	});

	it('version 1 keeps the columns its saved workflows have (dates as text, bare labels)', async () => {
		const offer = columns(await templateFields(1, TEMPLATE_IDS.offerLetter));
		expect(offer['employee.start_date']).toMatchObject({ type: 'string', displayName: 'Start date' });
		expect(offer.benefits.displayName).toBe('Benefits');
		expect(offer['employee.photo'].displayName).toBe('Photo');
	});
});

describe('Start Run mapper: the same rules (item 3)', () => {
	it('version 2 shows the date as a date and labels the document field; version 1 is unchanged', async () => {
		const v2 = columns(await runFields(2));
		expect(v2.effective_date).toMatchObject({ type: 'string', displayName: 'Effective date (date)' });
		expect(v2.source_document.displayName).toBe('Source document (binary)');
		const v1 = columns(await runFields(1));
		expect(v1.effective_date).toMatchObject({ type: 'string', displayName: 'Effective date' });
		expect(v1.source_document.displayName).toBe('Source document');
	});
});

describe('the notice n8n keeps (item 11)', () => {
	/** n8n 2.41's ResourceMapper: `if (answer.emptyFieldsNotice) state.emptyFieldsNotice = answer.emptyFieldsNotice`, never cleared. */
	const noticeAfter = (answers: ResourceMapperFields[]) => answers.reduce((kept, answer) => answer.emptyFieldsNotice || kept, '');

	it.each([1, 2])('version %i: after picking a template the kept notice is about Map Automatically, not "Select a template first."', async (version) => {
		const before = await templateFields(version, undefined);
		expect(before).toEqual({ fields: [], emptyFieldsNotice: 'Select a template first.' });
		const after = await templateFields(version, TEMPLATE_IDS.offerLetter);
		expect(after.fields.length).toBeGreaterThan(0);
		// Shown when the fields are not: with Map Automatically selected.
		expect(noticeAfter([before, after])).toMatch(/^Map Automatically answers each field/);
		expect(noticeAfter([await runFields(version)])).toMatch(/^Map Automatically sends each item key/);
	});
});

describe('a template that needs attention (item 7)', () => {
	it.each([1, 2])('version %i: the mapper shows why instead of its fields', async (version) => {
		const answer = await templateFields(version, TEMPLATE_IDS.ndaShort);
		expect(answer.fields).toEqual([]);
		expect(answer.emptyFieldsNotice).toMatch(/^This template needs attention: a document author must look at its recipe/);
	});

	it('the picker marks it, beside the review-required one, reading the details the list does not carry', async () => {
		const search = (filter?: string) => listSearch('searchTemplates', { typeVersion: 2, credential: credential(), parameters: { resource: 'document', operation: 'produce' } }, filter);
		const names = (await search()).results.map((entry) => entry.name);
		expect(names).toEqual(expect.arrayContaining(['Short NDA (needs attention)', 'Board resolution (review required)', 'Employment offer letter']));
		const details = ctx.sim.admin.requests().filter((entry) => /^\/document-templates\/[^/]+$/.test(entry.path));
		expect(details).toHaveLength(names.length);

		ctx.sim.admin.reset();
		const filtered = await search('nda');
		expect(filtered.results.map((entry) => entry.name)).toEqual(['Short NDA (needs attention)']);
		expect(ctx.sim.admin.requests().filter((entry) => /^\/document-templates\/[^/]+$/.test(entry.path))).toHaveLength(1);
	});

	it('a detail that cannot be read leaves its template unmarked; the picker still opens', async () => {
		ctx.sim.admin.addFault({ kind: 'status', status: 500, method: 'GET', path: `^/document-templates/${TEMPLATE_IDS.ndaShort}$` });
		const { results } = await listSearch('searchTemplates', { typeVersion: 1, credential: credential(), parameters: {} });
		expect(results.map((entry) => entry.name)).toContain('Short NDA');
		expect(results.length).toBeGreaterThan(2);
	});
});
