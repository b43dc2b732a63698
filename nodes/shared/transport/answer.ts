import type { IDataObject } from 'n8n-workflow';

/**
 * The shape of a JSON answer, checked before anything reads it. The service's answers are untrusted input: a run
 * record of `null` would reach n8n as `{ json: null }` and crash n8n itself, a list would be split into items of
 * strings, a string would be spread into an item character by character. What the contract leaves open ("not
 * shown") stays open: only the outer shape, and the id a created resource must have, are required. Pure: no I/O.
 */

export type CheckedAnswer<T> = { ok: true; value: T } | { ok: false; problem: string };

/** How much of a text answer an error quotes. */
const QUOTED_CHARS = 80;
/** How many field names an error lists. */
const LISTED_FIELDS = 8;

function quoted(text: string): string {
	const cut = text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text;
	// JSON quoting shows control characters as escapes, so an error message never carries a raw line break.
	return JSON.stringify(cut);
}

function fieldsOf(object: IDataObject): string {
	const keys = Object.keys(object);
	if (!keys.length) return 'no fields';
	const listed = keys.slice(0, LISTED_FIELDS).map((key) => quoted(key).slice(1, -1));
	return `its fields: ${listed.join(', ')}${keys.length > LISTED_FIELDS ? `, … (${keys.length} in all)` : ''}`;
}

/** A JSON object: not null, not a list (what every reader of the service's objects checks before reading fields). */
export function isJsonObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A number the service wrote as a JSON number or numeric text; anything else is NaN. `Number()` on an answer's
 * object throws when the object has a `toString` that is not a function (`{"toString": null}` is valid JSON).
 */
export function numberIn(value: unknown): number {
	return typeof value === 'number'
		? value
		: typeof value === 'string' && value.trim()
			? Number(value)
			: Number.NaN;
}

/** What came back, in a few words, for an error: `null`, `a list of 3 entries`, `the text "<html>…"`. */
export function describeAnswer(value: unknown): string {
	if (value === undefined || value === '') return 'an empty answer';
	if (value === null) return 'null';
	if (Array.isArray(value))
		return value.length
			? `a list of ${value.length} entr${value.length === 1 ? 'y' : 'ies'}`
			: 'an empty list';
	if (typeof value === 'string') return `the text ${quoted(value)}`;
	if (typeof value === 'object') return `an object (${fieldsOf(value as IDataObject)})`;
	return `the ${typeof value} ${String(value)}`;
}

/** A usable id: a non-empty string, or a number (the readers accept both, `record.ts`). */
function isId(value: unknown): boolean {
	return (
		(typeof value === 'string' && value !== '') ||
		(typeof value === 'number' && Number.isFinite(value))
	);
}

/**
 * An object answer. With `idFields`, one of them must hold the id of what the request created or names: an
 * answer without it cannot be followed.
 */
export function objectAnswer(value: unknown, idFields: string[] = []): CheckedAnswer<IDataObject> {
	if (!isJsonObject(value)) return { ok: false, problem: describeAnswer(value) };
	if (idFields.length && !idFields.some((field) => isId(value[field])))
		return { ok: false, problem: `an object without ${idFields[0]} (${fieldsOf(value)})` };
	return { ok: true, value };
}

/**
 * A list answer: the array itself, or the array under `key` (or `data`, `items`, `results`) when a deployment
 * wraps it. Every entry must be an object: n8n makes one item of each.
 */
export function listAnswer(value: unknown, key: string): CheckedAnswer<IDataObject[]> {
	let list: unknown[] | undefined;
	if (Array.isArray(value)) list = value;
	else if (isJsonObject(value))
		list = [key, 'data', 'items', 'results'].map((name) => value[name]).find(Array.isArray);
	if (!list)
		return {
			ok: false,
			problem: isJsonObject(value)
				? `an object without a ${key} list (${fieldsOf(value)})`
				: describeAnswer(value),
		};
	const odd = list.findIndex((entry) => !isJsonObject(entry));
	if (odd >= 0)
		return { ok: false, problem: `a list whose entry ${odd} is ${describeAnswer(list[odd])}` };
	return { ok: true, value: list as IDataObject[] };
}
