// Document → Produce From Template through n8n's engine against the simulator: the answers as items give them (Map Automatically's nested JSON, option texts in any case, dates).
import type { IDataObject } from 'n8n-workflow';

import { TEMPLATE_IDS, templatesAdmin } from '../../simulator';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';
import { REQUIRED, produce, produceBodies } from '../support';

const ctx = useIntegrationContext();

/** What a first-time user types: the case of the option texts wrong, several choices comma-separated. */
const LOOSE = { ...REQUIRED, role: 'senior associate', benefits: 'health, gym' };
const postedInput = () => produceBodies(ctx)[0]?.input as IDataObject | undefined;

describe('Map Automatically: nested item JSON', () => {
	const auto = (extra: IDataObject = {}) => ({
		resource: 'document',
		operation: 'produce',
		templateId: byId(TEMPLATE_IDS.offerLetter),
		answers: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: false },
		...extra,
	});

	it('an item shaped like the template answers its dotted fields: assembled, posted nested', async () => {
		const result = await ctx.run(auto(), 'full', {
			items: [{ json: { employee: { name: 'Jordan Lee', start_date: '2026-03-01', salary: 85000 }, role: 'Counsel', benefits: ['Health'] } }],
		});
		const [document] = items(result);
		expect(document).toMatchObject({ status: 'assembled', unresolvedFields: [], unmatchedInputKeys: [] });
		expect(produceBodies(ctx)[0].input).toEqual({ employee: { name: 'Jordan Lee', start_date: '2026-03-01', salary: 85000 }, role: 'Counsel', benefits: ['Health'] });
	});

	it('flat dotted keys work too; a misspelled key is named in the output beside the unresolved field it missed', async () => {
		const result = await ctx.run(auto(), 'full', {
			items: [{ json: { 'employee.name': 'Jordan Lee', employee: { startdate: '2026-03-01' }, role: 'Counsel', rowNumber: 4 } }],
		});
		const [document] = items(result);
		expect(document).toMatchObject({ status: 'incomplete', unresolvedFields: ['employee.start_date'], unmatchedInputKeys: ['employee.startdate', 'rowNumber'] });
		expect(produceBodies(ctx)[0].input).toEqual({ employee: { name: 'Jordan Lee' }, role: 'Counsel' });
	});

	it('with Strict, the fields_missing refusal names the keys that matched no field', async () => {
		const result = await ctx.run(auto({ strict: true }), 'full', { items: [{ json: { employe: { name: 'A', start_date: '2026-03-01' }, role: 'Counsel' } }] });
		expect(failure(result).httpCode).toBe('422');
		expect(failure(result).description).toMatch(/^Keys of the item that match no field \(Map Automatically ignored them; check their spelling\): employe\./);
	});
});

describe('answers read leniently where the contract allows', () => {
	it('the option texts are posted whatever their letter case, and the document is assembled', async () => {
		const result = await ctx.run(produce(LOOSE));
		expect(items(result)[0]).toMatchObject({ status: 'assembled' });
		expect(postedInput()).toMatchObject({ role: 'Senior Associate', benefits: ['Health', 'Gym'] });
	});

	it('a choice given twice in another case is posted once', async () => {
		const result = await ctx.run(produce({ ...REQUIRED, role: 'Counsel', benefits: ['gym', 'Gym'] }));
		expect(items(result)[0]).toMatchObject({ status: 'assembled' });
		expect(postedInput()).toMatchObject({ benefits: ['Gym'] });
	});

	it('a choice two options match once case is ignored is refused, naming both, before anything is posted', async () => {
		const admin = templatesAdmin(ctx.sim);
		const schema = structuredClone(admin.templates().find((template) => template.id === TEMPLATE_IDS.offerLetter)!.inputSchema);
		const role = (schema.properties as Record<string, { enum?: string[] }>).role;
		role.enum = ['Counsel', 'COUNSEL', 'Associate'];
		admin.setTemplate(TEMPLATE_IDS.offerLetter, { inputSchema: schema });
		const result = await ctx.run(produce({ ...REQUIRED, role: 'counsel' }));
		expect(failure(result).message).toContain('Role "counsel" matches Counsel, COUNSEL when letter case is ignored: write it exactly as one of them');
		expect(produceBodies(ctx)).toEqual([]);
	});

	it('a date from the date picker, a Luxon DateTime or an ISO date-time is posted as yyyy-MM-dd', async () => {
		for (const date of ['2026-03-01T00:00:00', "={{ DateTime.fromISO('2026-03-01T23:30:00', { zone: 'Asia/Tokyo' }) }}", '2026-03-01T23:30:00-08:00']) {
			ctx.sim.admin.reset();
			await ctx.run(produce({ ...REQUIRED, 'employee.start_date': date, role: 'Counsel' }));
			expect((postedInput()?.employee as IDataObject).start_date).toBe('2026-03-01');
		}
	});

	it('a picture given as a link says to fetch it first (the field takes a binary field name)', async () => {
		const result = await ctx.run(produce({ ...REQUIRED, role: 'Counsel', 'employee.photo': 'https://example.com/photo.png' }));
		expect(failure(result).message).toContain('Photo takes the name of a binary field of the item, not "https://example.com/photo.png": fetch the picture first');
	});
});
