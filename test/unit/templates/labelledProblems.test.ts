import type { IDataObject } from 'n8n-workflow';

import { buildRunInput, describeProblems } from '../../../nodes/DraftingWorkspace/runs/startInput';
import { buildTemplateInput } from '../../../nodes/DraftingWorkspace/templates/answers';
import { describeAnswerProblems } from '../../../nodes/DraftingWorkspace/templates/mapperFields';
import { TEMPLATE_IDS } from '../../simulator/templates/fixture-ids';
import { buildFixtureTemplates } from '../../simulator/templates/fixtures';

/**
 * A date typed as text is kept and sent; a date the service would refuse, or a choice it does not offer, is refused
 * before anything is sent, in words that name the field as the mapper labels it (not its internal key) and the fix.
 */
/** The demo's template, as the simulator serves it. */
const EMPLOYMENT_OFFER_SCHEMA = buildFixtureTemplates().find(
	(template) => template.id === TEMPLATE_IDS.offerLetter,
)?.inputSchema as IDataObject;
const noPicture = async () => ({ ok: false as const, problem: 'no picture' });

describe('Produce From Template: typed dates and the labels in messages', () => {
	it('keeps a typed yyyy-MM-dd date as typed', async () => {
		const built = await buildTemplateInput(
			EMPLOYMENT_OFFER_SCHEMA,
			{ 'employee.start_date': '2026-03-01' },
			noPicture,
		);
		expect(built.problems).toEqual([]);
		expect((built.input.employee as IDataObject).start_date).toBe('2026-03-01');
	});

	it('refuses a wrong date and an unknown choice under their labels, with the fix', async () => {
		const built = await buildTemplateInput(
			EMPLOYMENT_OFFER_SCHEMA,
			{ 'employee.start_date': '01/03/2026', benefits: 'dental, gym' },
			noPicture,
		);
		expect(describeAnswerProblems(EMPLOYMENT_OFFER_SCHEMA, built.problems)).toBe(
			'Start date "01/03/2026" is not a date the service accepts: use yyyy-MM-dd (e.g. 2026-03-01), or write the month as a word; Benefits has "dental" is not one of Health, Pension, Gym, Training',
		);
	});

	it('takes several choices as a list too (an expression, Map Automatically)', async () => {
		const built = await buildTemplateInput(
			EMPLOYMENT_OFFER_SCHEMA,
			{ benefits: ['Gym', 'Health'] },
			noPicture,
		);
		expect(built).toEqual({ input: { benefits: ['Gym', 'Health'] }, problems: [] });
	});
});

describe('Start Run: typed dates and the labels in messages', () => {
	const schema = {
		type: 'object',
		required: ['effective_date'],
		properties: { effective_date: { type: 'string', format: 'date', title: 'Effective date' } },
	};

	it('keeps a typed date, takes a date-time as its date', () => {
		expect(buildRunInput(schema, { effective_date: '2026-03-01' })).toMatchObject({
			input: { effective_date: '2026-03-01' },
			problems: [],
		});
		expect(buildRunInput(schema, { effective_date: '2026-03-01T10:00:00' })).toMatchObject({
			input: { effective_date: '2026-03-01' },
			problems: [],
		});
	});

	it('refuses any other form (a JSON Schema date is yyyy-MM-dd) under the label, with the fix', () => {
		for (const typed of ['01/03/2026', '1 March 2026', '2026-02-30']) {
			const { problems } = buildRunInput(schema, { effective_date: typed });
			expect(describeProblems(problems)).toMatch(
				/^Effective date "[^"]+" is not a (date the service accepts: use yyyy-MM-dd \(e\.g\. 2026-03-01\)|calendar date)$/,
			);
		}
	});
});
