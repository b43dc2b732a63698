// Document → Produce From Template in the editor: the Answers mapper's columns and notices, and the template picker, as n8n's editor asks for them.
import type { ResourceMapperFields } from 'n8n-workflow';

import { listSearch, resourceMapperFields } from '../../harness/editor';
import { FIXTURE_IDS, FIXTURE_KEYS, TEMPLATE_IDS } from '../../simulator';
import { byId, useIntegrationContext } from '../../integration/support';

const ctx = useIntegrationContext();
const credential = () => ({ baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full });
const templateFields = (templateId: string | undefined) =>
	resourceMapperFields('getTemplateFields', {
		credential: credential(),
		path: 'parameters.answers',
		parameters: {
			resource: 'document',
			operation: 'produce',
			...(templateId ? { templateId: byId(templateId) } : {}),
		},
	});
const runFields = () =>
	resourceMapperFields('getRunInputFields', {
		credential: credential(),
		path: 'parameters.inputFields',
		parameters: {
			resource: 'run',
			operation: 'start',
			workflowId: byId(FIXTURE_IDS.workflows.inputNda),
		},
	});
const columns = (answer: ResourceMapperFields) =>
	Object.fromEntries(answer.fields.map((field) => [field.id, field]));

describe('the Answers mapper', () => {
	it('dates as text with their form, choices as options with their texts, the rule in the label where a type cannot show it', async () => {
		const offer = columns(await templateFields(TEMPLATE_IDS.offerLetter));
		expect(offer['employee.start_date']).toMatchObject({
			type: 'string',
			displayName: 'Start date (yyyy-MM-dd)',
			required: true,
		});
		expect(offer.role).toMatchObject({
			type: 'options',
			options: ['Associate', 'Senior Associate', 'Counsel'].map((text) => ({
				name: text,
				value: text,
			})),
		});
		expect(offer['employee.remote'].type).toBe('boolean');
		expect(offer['employee.salary'].type).toBe('number');
		expect(offer.benefits).toMatchObject({
			displayName: 'Benefits (several: Expression)',
			type: 'options',
			options: ['Health', 'Pension', 'Gym', 'Training'].map((text) => ({
				name: text,
				value: text,
			})),
		});
		expect(offer['employee.photo'].displayName).toBe('Photo (binary)');
	});

	it('after picking a template the notice n8n keeps is about Map Automatically, not "Select a template first."', async () => {
		/** n8n 2.41's ResourceMapper: `if (answer.emptyFieldsNotice) state.emptyFieldsNotice = answer.emptyFieldsNotice`, never cleared. */
		const noticeAfter = (answers: ResourceMapperFields[]) =>
			answers.reduce((kept, answer) => answer.emptyFieldsNotice || kept, '');
		const before = await templateFields(undefined);
		expect(before).toEqual({ fields: [], emptyFieldsNotice: 'Select a template first.' });
		const after = await templateFields(TEMPLATE_IDS.offerLetter);
		expect(after.fields.length).toBeGreaterThan(0);
		// Shown when the fields are not: with Map Automatically selected.
		expect(noticeAfter([before, after])).toMatch(/^Map Automatically answers each field/);
		expect(noticeAfter([await runFields()])).toMatch(/^Map Automatically sends each item key/);
	});

	it('a template that needs attention: the mapper shows why instead of its fields', async () => {
		const answer = await templateFields(TEMPLATE_IDS.ndaShort);
		expect(answer.fields).toEqual([]);
		expect(answer.emptyFieldsNotice).toMatch(
			/^This template needs attention: a document author must look at its recipe/,
		);
	});
});

describe('the template picker', () => {
	it('marks a template that needs attention, beside the review-required one, reading the details the list does not carry', async () => {
		const search = (filter?: string) =>
			listSearch(
				'searchTemplates',
				{ credential: credential(), parameters: { resource: 'document', operation: 'produce' } },
				filter,
			);
		const names = (await search()).results.map((entry) => entry.name);
		expect(names).toEqual(
			expect.arrayContaining([
				'Short NDA (needs attention)',
				'Board resolution (review required)',
				'Employment offer letter',
			]),
		);
		const details = ctx.sim.admin
			.requests()
			.filter((entry) => /^\/document-templates\/[^/]+$/.test(entry.path));
		expect(details).toHaveLength(names.length);

		ctx.sim.admin.reset();
		const filtered = await search('nda');
		expect(filtered.results.map((entry) => entry.name)).toEqual(['Short NDA (needs attention)']);
		expect(
			ctx.sim.admin.requests().filter((entry) => /^\/document-templates\/[^/]+$/.test(entry.path)),
		).toHaveLength(1);
	});

	it('a detail that cannot be read leaves its template unmarked; the picker still opens', async () => {
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 500,
			method: 'GET',
			path: `^/document-templates/${TEMPLATE_IDS.ndaShort}$`,
		});
		const { results } = await listSearch('searchTemplates', {
			credential: credential(),
			parameters: {},
		});
		expect(results.map((entry) => entry.name)).toContain('Short NDA');
		expect(results.length).toBeGreaterThan(2);
	});
});
