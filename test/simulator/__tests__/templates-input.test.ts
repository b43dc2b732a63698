import {
	readDate,
	TEMPLATE_IDS,
	templatesAdmin,
	COMPANY_LOGO_PNG,
	type ProducedDocument,
} from '../index';
import { useInputRules } from './template-input-rules';

/** Contract, Template production, input rules 1-6 (rule 7, pictures, is in templates-input-pictures.test.ts; rule 8 in templates-produce.test.ts). */
describe('Template production: input rules', () => {
	const { t, VALID, withEmployee, produce, refused, pathsOf, producedAnswer } = useInputRules();

	describe('Rule 1: keys are nested', () => {
		test('a nested answer (input.employee.start_date) is accepted', async () => {
			expect(await producedAnswer(VALID, 'employee.start_date')).toBe('2026-03-01');
		});

		test('a dotted key posted flat ("employee.start_date") is an unknown key: 400 input_validation_failed saying how to nest it', async () => {
			const body = await refused({
				'employee.name': 'Jane Doe',
				'employee.start_date': '2026-03-01',
				role: 'Associate',
			});
			expect(pathsOf(body)).toEqual(['employee.name', 'employee.start_date']);
			for (const entry of body.errors) expect(entry.message).toMatch(/keys are nested/);
			expect(body.errors[1].message).toContain('{"employee":{"start_date":');
		});

		test.each([
			['an unknown top-level key', { ...VALID, salary: 1 }, 'salary'],
			['an unknown nested key', withEmployee({ age: 30 }), 'employee.age'],
			['an Object.prototype name', { ...VALID, constructor: 'x' }, 'constructor'],
			['a key nested under a non-object field', { ...VALID, role: { name: 'Associate' } }, 'role'],
		])('%s is refused with its path', async (_name, input, path) => {
			expect(pathsOf(await refused(input))).toEqual([path]);
		});
	});

	describe('Rule 2: an empty value is refused (leave the answer out instead)', () => {
		test.each([
			['"" (optional text)', { ...VALID, notes: '' }, 'notes'],
			['whitespace only', { ...VALID, notes: ' \n\t ' }, 'notes'],
			['[] (several choices)', { ...VALID, benefits: [] }, 'benefits'],
			['{} (an object)', { employee: {}, role: 'Associate' }, 'employee'],
			['null (optional number)', withEmployee({ salary: null }), 'employee.salary'],
			['null (required choice)', { ...VALID, role: null }, 'role'],
			['"" (required text)', withEmployee({ name: '' }), 'employee.name'],
			['"" (date)', withEmployee({ start_date: '' }), 'employee.start_date'],
			['"" (picture)', withEmployee({ photo: '' }), 'employee.photo'],
			['"" inside several choices', { ...VALID, benefits: ['Health', ''] }, 'benefits.1'],
		])('%s -> 400 input_validation_failed naming the path', async (_name, input, path) => {
			const body = await refused(input);
			expect(pathsOf(body)).toEqual([path]);
			expect(body.errors[0].message).toMatch(/empty|null|left out|leave/);
		});

		test('false and 0 are answers, not empty values', async () => {
			expect(await producedAnswer(withEmployee({ remote: false }), 'employee.remote')).toBe(false);
			expect(await producedAnswer(withEmployee({ salary: 0 }), 'employee.salary')).toBe(0);
		});

		test('the whole input may be {}: nothing is answered (the required answers become unresolved, rule 8)', async () => {
			const res = await produce({});
			expect(res.status).toBe(201);
			expect(await res.json()).toMatchObject({
				status: 'incomplete',
				unresolvedFields: ['employee.name', 'employee.start_date', 'role'],
			});
		});
	});

	describe('Rule 3: dates', () => {
		test.each([
			['yyyy-MM-dd', '2026-03-01', '2026-03-01'],
			[
				'a date-time west of UTC: the date as written, not converted (UTC is already 2 March)',
				'2026-03-01T23:30:00-08:00',
				'2026-03-01',
			],
			[
				'a date-time east of UTC (UTC is still 28 February)',
				'2026-03-01T00:30:00+14:00',
				'2026-03-01',
			],
			['a date-time in UTC with fractions', '2026-03-01T12:00:00.250Z', '2026-03-01'],
			['a date-time without a zone', '2026-03-01T09:00', '2026-03-01'],
			['day, month word, year', '1 March 2026', '2026-03-01'],
			['month word, day, comma, year', 'March 1, 2026', '2026-03-01'],
			['abbreviated month', '1 Mar 2026', '2026-03-01'],
			['ordinal day', '1st March 2026', '2026-03-01'],
			['lower case, no comma', 'march 1 2026', '2026-03-01'],
			['hyphenated with a month word', '01-Mar-2026', '2026-03-01'],
			['September as Sept', '30 Sept 2026', '2026-09-30'],
			['a leap day', '2028-02-29', '2028-02-29'],
		])('%s is accepted: %s -> %s', async (_name, given, expected) => {
			expect(await producedAnswer(withEmployee({ start_date: given }), 'employee.start_date')).toBe(
				expected,
			);
		});

		test.each([
			['dd/MM/yyyy', '01/03/2026'],
			['yyyy/MM/dd', '2026/03/01'],
			['dd.MM.yyyy', '01.03.2026'],
			['yyyyMMdd', '20260301'],
			['d-M-yyyy', '1-3-2026'],
			['yyyy-M-d (unpadded)', '2026-3-1'],
			['an impossible date', '2026-02-30'],
			['an impossible date with a month word', '30 February 2026'],
			['not a leap year', '2026-02-29'],
			['a date-time with an impossible time', '2026-03-01T24:30:00Z'],
			['an unknown month word', '1 Smarch 2026'],
			['words', 'next Tuesday'],
		])(
			'%s is refused: %s -> 400 input_validation_failed at employee.start_date',
			async (_name, given) => {
				const body = await refused(withEmployee({ start_date: given }));
				expect(pathsOf(body)).toEqual(['employee.start_date']);
				expect(body.errors[0].message).toMatch(/date/);
			},
		);

		test('a date as a JSON number is the wrong type', async () => {
			const body = await refused(withEmployee({ start_date: 20260301 }));
			expect(body.errors).toEqual([{ path: 'employee.start_date', message: 'must be a string' }]);
		});

		test('the rule applies to every date field (Board resolution meeting_date)', async () => {
			const body = await refused(
				{ resolution_text: 'Approve the accounts.', meeting_date: '03/01/2026' },
				'input_validation_failed',
				TEMPLATE_IDS.boardResolution,
			);
			expect(pathsOf(body)).toEqual(['meeting_date']);
		});

		test('readDate (unit): the same rules without HTTP', () => {
			expect(readDate('March 1, 2026')).toEqual({ ok: true, date: '2026-03-01' });
			expect(readDate('2026-03-01T23:30:00-08:00')).toEqual({ ok: true, date: '2026-03-01' });
			expect(readDate('01/03/2026').ok).toBe(false);
			expect(readDate('0099-01-01')).toEqual({ ok: true, date: '0099-01-01' });
		});
	});

	describe('Rule 4: numbers, yes/no values and choices', () => {
		test.each([
			['a number as text', withEmployee({ salary: '85000' }), 'employee.salary', /JSON number/],
			[
				'a negative number below minimum 0',
				withEmployee({ salary: -1 }),
				'employee.salary',
				/at least 0/,
			],
			['a boolean as text', withEmployee({ remote: 'true' }), 'employee.remote', /JSON boolean/],
			['a boolean as 1', withEmployee({ remote: 1 }), 'employee.remote', /true or false/],
			[
				'a choice in another case',
				{ ...VALID, role: 'associate' },
				'role',
				/exactly one of the options.*case-sensitive/,
			],
			[
				'a choice outside the options',
				{ ...VALID, role: 'Partner' },
				'role',
				/"Associate", "Senior Associate", "Counsel"/,
			],
			[
				'one choice posted as an array',
				{ ...VALID, role: ['Associate'] },
				'role',
				/exactly one of the options/,
			],
			[
				'several choices posted as one string',
				{ ...VALID, benefits: 'Health' },
				'benefits',
				/array of option texts/,
			],
			[
				'an option outside the list',
				{ ...VALID, benefits: ['Health', 'Dental'] },
				'benefits.1',
				/exactly one of the options/,
			],
			[
				'an option repeated (uniqueItems)',
				{ ...VALID, benefits: ['Gym', 'Gym'] },
				'benefits',
				/repeat/,
			],
			[
				'an integer with a fraction',
				{ ...VALID, probation_months: 6.5 },
				'probation_months',
				/whole number/,
			],
			[
				'an integer above maximum 12',
				{ ...VALID, probation_months: 13 },
				'probation_months',
				/at most 12/,
			],
			[
				'an integer below minimum 1',
				{ ...VALID, probation_months: 0 },
				'probation_months',
				/at least 1/,
			],
			[
				'an integer as text',
				{ ...VALID, probation_months: '6' },
				'probation_months',
				/JSON number/,
			],
			['a text as a number', withEmployee({ name: 42 }), 'employee.name', /must be a string/],
			[
				'an object as a string',
				{ ...VALID, employee: 'Jane Doe' },
				'employee',
				/must be an object/,
			],
		])('%s -> 400 input_validation_failed', async (_name, input, path, message) => {
			const body = await refused(input);
			expect(pathsOf(body)).toEqual([path]);
			expect(body.errors[0].message).toMatch(message);
		});

		test('JSON numbers, booleans, an exact option text and an array of option texts are accepted as posted', async () => {
			const input = {
				...withEmployee({ salary: 85000.5, remote: true }),
				role: 'Senior Associate',
				benefits: ['Health', 'Training'],
				probation_months: 12,
			};
			const res = await produce(input);
			expect(res.status).toBe(201);
			const { documentId } = (await res.json()) as ProducedDocument;
			const answers = Object.fromEntries(
				templatesAdmin(t.sim)
					.document(documentId)!
					.answers.map((answer) => [answer.path, answer.value]),
			);
			expect(answers).toMatchObject({
				'employee.salary': 85000.5,
				'employee.remote': true,
				role: 'Senior Associate',
				benefits: ['Health', 'Training'],
				probation_months: 12,
			});
		});
	});

	describe('Rule 5: fixed fields (readOnly) -> 400 field_fixed, checked before the other rules', () => {
		const logo = COMPANY_LOGO_PNG.toString('base64');
		test.each([
			['the fixed object', { ...VALID, company: 'Acme' }, ['company']],
			['the fixed object, empty', { ...VALID, company: {} }, ['company']],
			['the fixed object, null', { ...VALID, company: null }, ['company']],
			[
				'company.name (even with the workspace value)',
				{ ...VALID, company: { name: 'Acme Legal LLP' } },
				['company.name'],
			],
			[
				'company.name and company.signatory',
				{ ...VALID, company: { name: 'X', signatory: 'Y' } },
				['company.name', 'company.signatory'],
			],
			[
				'a fixed object with an unknown key',
				{ ...VALID, company: { name: 'X', vat: '1' } },
				['company'],
			],
			['the workspace picture', { ...VALID, company_logo: logo }, ['company_logo']],
		])('%s', async (_name, input, paths) => {
			const body = await refused(input, 'field_fixed');
			expect(pathsOf(body)).toEqual(paths);
			expect(body.errors[0].message).toMatch(/fixed by the workspace/);
			expect(body.message).toContain(paths.join(', '));
		});

		test('field_fixed wins over every other problem in the same input (and names only the fixed fields)', async () => {
			const body = await refused(
				{
					employee: { start_date: '01/03/2026', age: 3 },
					role: 'associate',
					company: { name: 'Other LLP' },
					company_logo: 'nope',
				},
				'field_fixed',
			);
			expect(pathsOf(body)).toEqual(['company.name', 'company_logo']);
		});
	});

	describe('Rule 6: every failing path is named (the check does not stop at the first)', () => {
		test('wrong type, outside options, unknown key, bad date form and bad picture in one input -> one errors entry each', async () => {
			const body = await refused({
				employee: {
					name: 'Jane Doe',
					start_date: '01/03/2026',
					salary: '1',
					photo: 'R0lGODlhAQABAAAAACw=',
					age: 30,
				},
				role: 'Partner',
				benefits: ['Health', 'Dental'],
				extra: true,
			});
			expect(pathsOf(body).sort()).toEqual(
				[
					'benefits.1',
					'employee.age',
					'employee.photo',
					'employee.salary',
					'employee.start_date',
					'extra',
					'role',
				].sort(),
			);
			for (const entry of body.errors) {
				expect(Object.keys(entry).sort()).toEqual(['message', 'path']);
				expect(typeof entry.message).toBe('string');
			}
			expect(body.message).toMatch(
				/^The input does not match the template's inputSchema \(7 problems\)/,
			);
		});
	});
});
