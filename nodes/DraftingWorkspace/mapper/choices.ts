import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { parseJsonText } from '../../shared/common/jsonObject';
import { enumOptions, typeOf, type Coerced } from './jsonSchema';

/**
 * Choice answers (an `enum`, or an array whose items are an `enum`) as both mappers read them. Pure: no I/O.
 * The service takes a choice "exactly as its option text" (the API's Template production, section 4), so
 * whatever is read here is always one of the options themselves, never the text as typed: the option whose text
 * equals the value's, else the one option equal to it once both are trimmed and lower-cased. When several options
 * match that way ("Gym" and "GYM"), the value is refused: which one was meant is a guess.
 */

/** The options of a several-choice field (an array whose items are an `enum`), or undefined for any other field. */
export function choiceListOptions(schema: IDataObject): unknown[] | undefined {
	const items = schema.items as IDataObject | undefined;
	return typeOf(schema) === 'array' &&
		!!items &&
		typeof items === 'object' &&
		Array.isArray(items.enum)
		? (items.enum as unknown[])
		: undefined;
}

/**
 * A choice column's dropdown (an `options` column): the allowed values of one choice (an `enum`) or of several (an
 * array of `enum` items), so they are seen before a run however many there are (a label cannot hold them). n8n
 * 2.41's mapper has no multi-select: a column typed `multiOptions` lists the values, but the mapper keeps only
 * single values (a picked list is stored as nothing). So the dropdown picks one, and several are given as an
 * expression (a list, or comma-separated text such as `Health, Gym`), which the mapper keeps as it is: the node
 * reads the mapper whole, so n8n does not check the value against the options, and `readChoiceList` reads it,
 * naming the field's allowed values when one is not among them.
 */
export function choiceColumnOptions(schema: IDataObject): INodePropertyOptions[] | undefined {
	const several = choiceListOptions(schema);
	return enumOptions(several ? { enum: several } : schema);
}

/** A value's text as `String` gives it; a value that has none (an object whose toString is not a function) as JSON. */
function textOf(value: unknown): string {
	try {
		return String(value);
	} catch {
		return JSON.stringify(value) ?? typeof value;
	}
}

function folded(text: string): string {
	return text.trim().toLowerCase();
}

function listed(options: readonly unknown[]): string {
	return options.map(textOf).join(', ');
}

/** One choice: the option it names, or why it names none (or several). */
export function readChoice(options: readonly unknown[], value: unknown): Coerced {
	const text = textOf(value);
	const exact = options.findIndex((option) => textOf(option) === text);
	if (exact >= 0) return { ok: true, value: options[exact] };
	const matches = options.filter((option) => folded(textOf(option)) === folded(text));
	if (matches.length === 1) return { ok: true, value: matches[0] };
	if (matches.length > 1)
		return {
			ok: false,
			problem: `"${text}" matches ${listed(matches)} when letter case is ignored: write it exactly as one of them`,
		};
	return { ok: false, problem: `"${text}" is not one of ${listed(options)}` };
}

/** The entries of a several-choice answer: a list, a JSON list, or comma-separated text. */
function entriesOf(options: readonly unknown[], value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	const parsed = parseJsonText(value);
	if (Array.isArray(parsed)) return parsed;
	// An option whose text has a comma in it is one entry, not two.
	if (readChoice(options, value).ok) return [value];
	return textOf(value)
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
}

/** Several choices, posted as a list: each entry read as `readChoice` does, each option once, in the order given. */
export function readChoiceList(options: readonly unknown[], value: unknown): Coerced {
	const entries = entriesOf(options, value);
	const read = entries.map((entry) => readChoice(options, entry));
	const problems = read.flatMap((entry) => (entry.ok ? [] : [entry.problem]));
	if (problems.length) return { ok: false, problem: `has ${problems.join('; ')}` };
	const picked = read.map((entry) => (entry as { ok: true; value: unknown }).value);
	return { ok: true, value: picked.filter((option, index) => picked.indexOf(option) === index) };
}
