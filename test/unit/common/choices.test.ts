import fc from 'fast-check';
import { DateTime } from 'luxon';

import { readChoice, readChoiceList } from '../../../nodes/DraftingWorkspace/mapper/choices';
import { normaliseDateAnswer } from '../../../nodes/DraftingWorkspace/mapper/dates';
import { runsOf } from '../../support/depth';

/**
 * The mappers' reading of choices and dates. A choice is read in any letter case; the promise attacked here:
 * whatever is read is one of the options themselves, and a value that two options match once case is ignored is
 * never guessed.
 */

const fold = (text: string) => text.trim().toLowerCase();
/** Option texts from a tiny alphabet, so that case collisions ("ab", "AB") and commas are frequent. */
const optionText = fc.stringMatching(/^[abAB ,]{1,4}$/);
const options = fc.uniqueArray(optionText, { minLength: 1, maxLength: 6 });
/** A value near the options: one of them re-cased and padded, or any short text of the same alphabet. */
const valueFor = (choices: string[]) =>
	fc.oneof(
		fc
			.tuple(fc.constantFrom(...choices), fc.boolean(), fc.constantFrom('', ' ', '  '))
			.map(
				([text, upper, pad]) => `${pad}${upper ? text.toUpperCase() : text.toLowerCase()}${pad}`,
			),
		fc.constantFrom(...choices),
		fc.stringMatching(/^[abAB ,]{0,5}$/),
	);
const scenario = options.chain((choices) => fc.tuple(fc.constant(choices), valueFor(choices)));

describe('readChoice (one choice)', () => {
	it('what it reads is always one of the options, never the text as typed', () => {
		fc.assert(
			fc.property(scenario, ([choices, value]) => {
				const read = readChoice(choices, value);
				if (read.ok) expect(choices).toContain(read.value);
			}),
			{ numRuns: runsOf(2000, 200) },
		);
	});

	it('an exact option wins; otherwise exactly one case-insensitive match is taken, two or more are refused', () => {
		fc.assert(
			fc.property(scenario, ([choices, value]) => {
				const read = readChoice(choices, value);
				const folded = choices.filter((choice) => fold(choice) === fold(value));
				if (choices.includes(value)) expect(read).toEqual({ ok: true, value });
				else if (folded.length === 1) expect(read).toEqual({ ok: true, value: folded[0] });
				else {
					expect(read.ok).toBe(false);
					if (folded.length > 1 && !read.ok)
						expect(read.problem).toContain('when letter case is ignored');
				}
			}),
			{ numRuns: runsOf(2000, 200) },
		);
	});

	it('examples: "senior associate " is Senior Associate; "gym" against Gym and GYM is refused; numbers stay numbers', () => {
		expect(readChoice(['Associate', 'Senior Associate'], 'senior associate ')).toEqual({
			ok: true,
			value: 'Senior Associate',
		});
		expect(readChoice(['Gym', 'GYM'], 'gym').ok).toBe(false);
		expect(readChoice(['Gym', 'GYM'], 'GYM')).toEqual({ ok: true, value: 'GYM' });
		expect(readChoice([6, 12], '12')).toEqual({ ok: true, value: 12 });
	});
});

describe('choices from untrusted schemas and items', () => {
	it('never throw, whatever the options and the value hold (an object without a toString included)', () => {
		const odd = fc.oneof(
			fc.jsonValue({ maxDepth: 2 }),
			fc.constant(JSON.parse('{"toString": null}') as unknown),
		);
		fc.assert(
			fc.property(fc.array(odd, { maxLength: 5 }), odd, (choices, value) => {
				const one = readChoice(choices, value);
				const several = readChoiceList(choices, value);
				if (one.ok) expect(choices).toContain(one.value);
				if (several.ok)
					for (const entry of several.value as unknown[]) expect(choices).toContain(entry);
			}),
			{ numRuns: runsOf(1000, 100) },
		);
	});
});

describe('readChoiceList (several choices)', () => {
	const listScenario = options.chain((choices) =>
		fc.tuple(
			fc.constant(choices),
			fc.oneof(
				fc.array(valueFor(choices), { maxLength: 4 }),
				fc.array(valueFor(choices), { maxLength: 4 }).map((values) => values.join(',')),
			),
		),
	);

	it('every entry read is one of the options, each once, whether given as a list or as comma-separated text', () => {
		fc.assert(
			fc.property(listScenario, ([choices, value]) => {
				const read = readChoiceList(choices, value);
				if (!read.ok) return;
				const list = read.value as unknown[];
				for (const entry of list) expect(choices).toContain(entry);
				expect(new Set(list).size).toBe(list.length);
			}),
			{ numRuns: runsOf(2000, 200) },
		);
	});

	it('a list entry that two options match once case is ignored refuses the whole answer', () => {
		fc.assert(
			fc.property(listScenario, ([choices, value]) => {
				if (!Array.isArray(value)) return;
				const ambiguous = value.some(
					(entry) =>
						!choices.includes(entry) &&
						choices.filter((choice) => fold(choice) === fold(entry)).length > 1,
				);
				if (ambiguous) expect(readChoiceList(choices, value).ok).toBe(false);
			}),
			{ numRuns: runsOf(2000, 200) },
		);
	});

	it('"dental, gym" is read in any letter case; an entry that is no option is named', () => {
		const benefits = ['Health', 'Dental', 'Gym'];
		expect(readChoiceList(benefits, 'dental, gym')).toEqual({ ok: true, value: ['Dental', 'Gym'] });
		expect(readChoiceList(benefits, '["gym","Gym"]')).toEqual({ ok: true, value: ['Gym'] });
		expect(readChoiceList(benefits, ['HEALTH'])).toEqual({ ok: true, value: ['Health'] });
		expect(readChoiceList(benefits, 'Dental, Gym')).toEqual({ ok: true, value: ['Dental', 'Gym'] });
		expect(readChoiceList(benefits, 'dental, spa')).toEqual({
			ok: false,
			problem: 'has "spa" is not one of Health, Dental, Gym',
		});
		// An option with a comma in its text is one entry.
		expect(readChoiceList(['Tea, hot', 'Milk'], 'tea, hot')).toEqual({
			ok: true,
			value: ['Tea, hot'],
		});
		expect(readChoiceList(benefits, ' , ')).toEqual({ ok: true, value: [] });
	});
});

describe('normaliseDateAnswer: whatever n8n hands over for a dateTime field is posted as yyyy-MM-dd', () => {
	const day = fc
		.date({
			min: new Date(Date.UTC(1900, 0, 1)),
			max: new Date(Date.UTC(2199, 11, 31)),
			noInvalidDate: true,
		})
		.map((date) => date.toISOString().slice(0, 10));
	const zone = fc.constantFrom(
		'UTC',
		'America/Los_Angeles',
		'Europe/Berlin',
		'Asia/Tokyo',
		'Pacific/Kiritimati',
		'Pacific/Pago_Pago',
	);

	it('an ISO date, an ISO date-time in any offset (the date as written) and a Luxon DateTime in any zone', () => {
		fc.assert(
			fc.property(day, zone, fc.integer({ min: 0, max: 23 }), (date, tz, hour) => {
				expect(normaliseDateAnswer(date)).toEqual({ ok: true, value: date });
				const luxon = DateTime.fromISO(`${date}T${String(hour).padStart(2, '0')}:30:00`, {
					zone: tz,
				});
				expect(normaliseDateAnswer(luxon.toISO())).toEqual({ ok: true, value: date });
				expect(normaliseDateAnswer(luxon)).toEqual({ ok: true, value: date });
				// The editor's date picker stores a date-time without a zone.
				expect(normaliseDateAnswer(`${date}T00:00:00`)).toEqual({ ok: true, value: date });
			}),
		);
	});

	it('never posts a numeric date in another form: it is yyyy-MM-dd and a calendar date, or text with the month as a word', () => {
		fc.assert(
			fc.property(
				fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{1,4}[-/. ][0-9]{1,2}[-/. ][0-9]{1,4}$/)),
				(text) => {
					const read = normaliseDateAnswer(text);
					if (!read.ok) return;
					if (/^\d{4}-\d{2}-\d{2}$/.test(read.value))
						expect(new Date(`${read.value}T00:00:00Z`).toISOString().slice(0, 10)).toBe(read.value);
					else expect(read.value).toMatch(/jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/i);
				},
			),
			{ numRuns: runsOf(2000, 200) },
		);
		expect(normaliseDateAnswer('03/01/2026').ok).toBe(false);
	});
});
