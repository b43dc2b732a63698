/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Document → Produce From Template through n8n's engine against the simulator: the answers as items give them (Map Automatically's nested JSON and a spreadsheet's columns, option texts in any case, dates).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, type HarnessRun } from '../../harness';

import { TEMPLATE_IDS, templatesAdmin } from '../../simulator';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';
import { REQUIRED, produce, produceBodies } from '../support';

const ctx = useIntegrationContext();

/** What a first-time user types: the case of the option texts wrong, several choices comma-separated. */
const LOOSE = { ...REQUIRED, role: 'senior associate', benefits: 'health, gym' };
const postedInput = () => produceBodies(ctx)[0]?.input as IDataObject | undefined;
/** A document whose every field found its answer and every key of its item a field. */
const ASSEMBLED = { status: 'assembled', unresolvedFields: [], unmatchedInputKeys: [] };

describe('Map Automatically: nested item JSON', () => {
	const auto = (extra: IDataObject = {}) => ({
		resource: 'document',
		operation: 'produce',
		templateId: byId(TEMPLATE_IDS.offerLetter),
		answers: {
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: [],
			schema: [],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		},
		...extra,
	});

	it('an item shaped like the template answers its dotted fields: assembled, posted nested', async () => {
		const result = await ctx.run(auto(), 'full', {
			items: [
				{
					json: {
						employee: { name: 'Jordan Lee', start_date: '2026-03-01', salary: 85000 },
						role: 'Counsel',
						benefits: ['Health'],
					},
				},
			],
		});
		const [document] = items(result);
		expect(document).toMatchObject(ASSEMBLED);
		expect(produceBodies(ctx)[0].input).toEqual({
			employee: { name: 'Jordan Lee', start_date: '2026-03-01', salary: 85000 },
			role: 'Counsel',
			benefits: ['Health'],
		});
	});

	it('flat dotted keys work too; a misspelled key is named in the output beside the unresolved field it missed', async () => {
		const result = await ctx.run(auto(), 'full', {
			items: [
				{
					json: {
						'employee.name': 'Jordan Lee',
						employee: { startdate: '2026-03-01' },
						role: 'Counsel',
						rowNumber: 4,
					},
				},
			],
		});
		const [document] = items(result);
		expect(document).toMatchObject({
			status: 'incomplete',
			unresolvedFields: ['employee.start_date'],
			unmatchedInputKeys: ['employee.startdate', 'rowNumber'],
		});
		expect(produceBodies(ctx)[0].input).toEqual({
			employee: { name: 'Jordan Lee' },
			role: 'Counsel',
		});
	});

	it('with Strict, the fields_missing refusal names the keys that matched no field', async () => {
		const result = await ctx.run(auto({ strict: true }), 'full', {
			items: [{ json: { employe: { name: 'A', start_date: '2026-03-01' }, role: 'Counsel' } }],
		});
		expect(failure(result).httpCode).toBe('422');
		expect(failure(result).description).toMatch(
			/^Keys of the item that match no field \(Map Automatically ignored them; check their spelling\): employe\./,
		);
	});
});

/** The rows of a CSV file as n8n's Extract from File gives them: one item per row, every value text. */
function csvRows(path: string): IDataObject[] {
	const [header, ...rows] = readFileSync(path, 'utf8')
		.trim()
		.split('\n')
		.map((line) =>
			[...line.matchAll(/("([^"]*)"|[^,]*)(,|$)/g)]
				.filter((match) => match.index < line.length || match[0] !== '')
				.map((match) => match[2] ?? match[1]),
		);
	return rows.map((row) =>
		Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])),
	);
}

const hintsOf = (result: HarnessRun) =>
	(result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((hint) => hint.message);

describe('Map Automatically: a spreadsheet’s columns', () => {
	const byIdOnly = {
		...produce({}),
		answers: {
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: [],
			schema: [],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		},
	};
	const auto = { ...byIdOnly, answerOptions: { columnMatching: 'loose' } };

	it('by default (a workflow saved without Match Columns By) a column answers only the field whose ID it is; the hint says how to match the others', async () => {
		const rows = csvRows(join(__dirname, '..', '..', '..', 'examples', 'data', 'new-hires.csv'));
		const result = await ctx.run(byIdOnly, 'full', { items: [{ json: rows[0] }] });
		expect(items(result)[0]).toMatchObject({
			status: 'incomplete',
			unmatchedInputKeys: ['name', 'start_date', 'salary', 'remote'],
		});
		expect(produceBodies(ctx)[0].input).toEqual({
			role: 'Senior Associate',
			benefits: ['Health', 'Gym'],
		});
		expect(hintsOf(result)).toEqual([
			expect.stringMatching(/set Answer Options → Match Columns By to ID, Last Part or Title\.$/),
		]);
	});

	it('the example CSV (examples/data/new-hires.csv): every column answers its field, every letter is assembled, no hint', async () => {
		const rows = csvRows(join(__dirname, '..', '..', '..', 'examples', 'data', 'new-hires.csv'));
		expect(rows).toHaveLength(3);
		const result = await ctx.run(auto, 'full', { items: rows.map((json) => ({ json })) });
		for (const document of items(result)) expect(document).toMatchObject(ASSEMBLED);
		expect(produceBodies(ctx)[0].input).toEqual({
			employee: { name: 'Jordan Lee', start_date: '2026-03-01', salary: 85000, remote: true },
			role: 'Senior Associate',
			benefits: ['Health', 'Gym'],
		});
		expect(hintsOf(result)).toEqual([]);
	});

	it('a column names its field by the last part of its ID or by its title, in any case, spaces and underscores aside', async () => {
		const result = await ctx.run(auto, 'full', {
			items: [
				{
					json: {
						'Full Name': 'Jordan Lee',
						STARTDATE: '2026-03-01',
						Role: 'Counsel',
						'Annual salary': '90000',
					},
				},
			],
		});
		expect(items(result)[0]).toMatchObject({ status: 'assembled', unmatchedInputKeys: [] });
		expect(produceBodies(ctx)[0].input).toEqual({
			employee: { name: 'Jordan Lee', start_date: '2026-03-01', salary: 90000 },
			role: 'Counsel',
		});
	});

	it('an exact ID wins over a loose column, which is then named as unmatched', async () => {
		const result = await ctx.run(auto, 'full', {
			items: [
				{
					json: {
						name: 'Loose',
						'employee.name': 'Exact',
						start_date: '2026-03-01',
						role: 'Counsel',
					},
				},
			],
		});
		expect(items(result)[0]).toMatchObject({ status: 'assembled', unmatchedInputKeys: ['name'] });
		expect(produceBodies(ctx)[0].input).toMatchObject({ employee: { name: 'Exact' } });
	});

	it('a required field left unanswered is said above the output, once, with the columns that matched nothing', async () => {
		const row = { full_nam: 'Jordan Lee', start_date: '2026-03-01', role: 'Counsel' };
		const result = await ctx.run(auto, 'full', { items: [{ json: row }, { json: row }] });
		expect(items(result).map((document) => document.status)).toEqual(['incomplete', 'incomplete']);
		expect(hintsOf(result)).toEqual([
			"Map Automatically found no answer for these required fields: Full name (employee.name). Item keys that matched no field: full_nam. A key answers a field by its ID, the ID's last part or its title (letter case, spaces and underscores aside).",
		]);
	});
});

describe('a yes/no switch', () => {
	// n8n's mapper shows a switch on or off, never empty: off is an answer and is sent. A field removed from the
	// mapper (its value null) is left out, and the letter takes its alternative wording.
	it('off is sent as false; a removed switch is left out', async () => {
		await ctx.run(produce({ ...REQUIRED, role: 'Counsel', 'employee.remote': false }));
		expect(postedInput()).toMatchObject({ employee: { remote: false } });
		await ctx.run(produce({ ...REQUIRED, role: 'Counsel', 'employee.remote': null }));
		expect((produceBodies(ctx)[1]?.input as IDataObject).employee).toEqual({
			name: 'Jordan Lee',
			start_date: '2026-03-01',
		});
	});
});

describe('answers read leniently where the contract allows', () => {
	it('the option texts are posted whatever their letter case, and the document is assembled', async () => {
		const result = await ctx.run(produce(LOOSE));
		expect(items(result)[0]).toMatchObject({ status: 'assembled' });
		expect(postedInput()).toMatchObject({ role: 'Senior Associate', benefits: ['Health', 'Gym'] });
	});

	it('a choice given twice in another case is posted once', async () => {
		const result = await ctx.run(
			produce({ ...REQUIRED, role: 'Counsel', benefits: ['gym', 'Gym'] }),
		);
		expect(items(result)[0]).toMatchObject({ status: 'assembled' });
		expect(postedInput()).toMatchObject({ benefits: ['Gym'] });
	});

	it('a choice two options match once case is ignored is refused, naming both, before anything is posted', async () => {
		const admin = templatesAdmin(ctx.sim);
		const schema = structuredClone(
			admin.templates().find((template) => template.id === TEMPLATE_IDS.offerLetter)!.inputSchema,
		);
		const role = (schema.properties as Record<string, { enum?: string[] }>).role;
		role.enum = ['Counsel', 'COUNSEL', 'Associate'];
		admin.setTemplate(TEMPLATE_IDS.offerLetter, { inputSchema: schema });
		const result = await ctx.run(produce({ ...REQUIRED, role: 'counsel' }));
		expect(failure(result).message).toContain(
			'Role "counsel" matches Counsel, COUNSEL when letter case is ignored: write it exactly as one of them',
		);
		expect(produceBodies(ctx)).toEqual([]);
	});

	it('a date from the date picker, a Luxon DateTime or an ISO date-time is posted as yyyy-MM-dd', async () => {
		for (const date of [
			'2026-03-01T00:00:00',
			"={{ DateTime.fromISO('2026-03-01T23:30:00', { zone: 'Asia/Tokyo' }) }}",
			'2026-03-01T23:30:00-08:00',
		]) {
			ctx.sim.admin.reset();
			await ctx.run(produce({ ...REQUIRED, 'employee.start_date': date, role: 'Counsel' }));
			expect((postedInput()?.employee as IDataObject).start_date).toBe('2026-03-01');
		}
	});

	it('a picture given as a link says to fetch it first (the field takes a binary field name)', async () => {
		const result = await ctx.run(
			produce({ ...REQUIRED, role: 'Counsel', 'employee.photo': 'https://example.com/photo.png' }),
		);
		expect(failure(result).message).toContain(
			'Photo takes the name of a binary field of the item, not "https://example.com/photo.png": fetch the picture first',
		);
	});
});
