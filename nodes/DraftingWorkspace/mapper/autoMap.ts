import type { IDataObject } from 'n8n-workflow';

import { isEmptyAnswer } from './jsonSchema';
import { getOwn, setOwn } from '../../shared/common/ownKeys';

/**
 * "Map Automatically": an item's JSON onto the field mapper's field ids. Pure: no I/O. Shared by Produce From
 * Template (dotted ids such as `employee.start_date`) and Start Run (top-level ids).
 *
 * - A key that is a field id is taken as it is (`"employee.start_date"`, `role`, an object for an object field).
 * - A nested object is walked where its path leads to field ids: `{ employee: { start_date } }` answers
 *   `employee.start_date`, at any depth.
 * - When both forms answer one field, the flat key wins, unless it is empty and the nested one is not: the flat
 *   key is the field's id as the mapper shows it, so it is the more deliberate of the two.
 * - With `loose` (Produce From Template), a column (a top-level key that is none of the above, as a spreadsheet row
 *   has them) answers the field it names loosely: by the field's id, by its last part when no other field ends that way (`start_date`), or by its title
 *   (`Start date`), ignoring letter case, spaces and underscores. A row's own headers rarely carry a template's dotted
 *   ids, and an exact match still wins over a loose one.
 * - Every key (by its dotted path) that leads to no field is reported in `unmatchedInputKeys`, so a misspelled
 *   key is named instead of silently producing an incomplete document.
 */

/** A field as Map Automatically may name it: its id, and its title when it has one. */
export interface MappableField {
	id: string;
	title?: string;
}

export interface AutoMapped {
	/** Answers keyed by field id. */
	values: IDataObject;
	/** Paths of the item's keys that match no field, in the item's order. */
	unmatchedInputKeys: string[];
}

function isPlainObject(value: unknown): value is IDataObject {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
}

/** Every proper prefix of a dotted id: `a`, `a.b` for `a.b.c`. */
function prefixesOf(fieldIds: readonly string[]): Set<string> {
	const prefixes = new Set<string>();
	for (const id of fieldIds) {
		const parts = id.split('.');
		for (let length = 1; length < parts.length; length++)
			prefixes.add(parts.slice(0, length).join('.'));
	}
	return prefixes;
}

/** A name as a column may write it: letter case, spaces and underscores do not count. */
const looseName = (name: string) => name.toLowerCase().replace(/[\s_]+/g, '');

/** The field each loose name leads to, for the names that lead to one field only. */
function uniqueNames(
	fields: readonly MappableField[],
	nameOf: (field: MappableField) => string | undefined,
): Map<string, string | undefined> {
	const byName = new Map<string, string | undefined>();
	for (const field of fields) {
		const name = nameOf(field);
		if (!name) continue;
		const key = looseName(name);
		byName.set(key, byName.has(key) && byName.get(key) !== field.id ? undefined : field.id);
	}
	return byName;
}

/** The field a column names loosely (by id, then last part, then title), if exactly one. */
function looseMatcher(fields: readonly MappableField[]): (column: string) => string | undefined {
	const tiers = [
		uniqueNames(fields, (field) => field.id),
		uniqueNames(fields, (field) => field.id.split('.').pop()),
		uniqueNames(fields, (field) => field.title),
	];
	return (column) => {
		const name = looseName(column);
		for (const tier of tiers) if (tier.get(name)) return tier.get(name);
		return undefined;
	};
}

export function autoMapItem(
	item: IDataObject,
	fieldList: ReadonlyArray<string | MappableField>,
	{ loose = false } = {},
): AutoMapped {
	const mappable = fieldList.map((field) => (typeof field === 'string' ? { id: field } : field));
	const fieldIds = mappable.map((field) => field.id);
	const fields = new Set(fieldIds);
	const prefixes = prefixesOf(fieldIds);
	const looseField = looseMatcher(mappable);
	const nested: IDataObject = {};
	const flat: IDataObject = {};
	const looseColumns: Array<{ key: string; id: string; value: unknown }> = [];
	const unmatchedInputKeys: string[] = [];
	const walk = (object: IDataObject, prefix: string) => {
		for (const key of Object.keys(object)) {
			const path = prefix ? `${prefix}.${key}` : key;
			const value = getOwn(object, key);
			const looseId = prefix || !loose ? undefined : looseField(key);
			if (fields.has(path)) setOwn(prefix ? nested : flat, path, value);
			else if (isPlainObject(value) && prefixes.has(path)) walk(value, path);
			else if (looseId) looseColumns.push({ key, id: looseId, value });
			else unmatchedInputKeys.push(path);
		}
	};
	walk(item, '');
	const values: IDataObject = {};
	for (const [path, value] of Object.entries(nested)) setOwn(values, path, value);
	for (const [path, value] of Object.entries(flat)) {
		if (!isEmptyAnswer(value) || isEmptyAnswer(getOwn(values, path))) setOwn(values, path, value);
	}
	// A field already answered by its exact id (or by an earlier column) leaves a loose column unused, and named.
	const answeredLoosely = new Set<string>();
	for (const { key, id, value } of looseColumns) {
		if (Object.prototype.hasOwnProperty.call(values, id) || answeredLoosely.has(id))
			unmatchedInputKeys.push(key);
		else {
			setOwn(values, id, value);
			answeredLoosely.add(id);
		}
	}
	return { values, unmatchedInputKeys };
}

/** A sentence for error descriptions naming the keys that matched no field, or '' when there are none. */
export function unmatchedKeysHint(keys: readonly string[] | undefined): string {
	if (!keys?.length) return '';
	return `Keys of the item that match no field (Map Automatically ignored them; check their spelling): ${keys.join(', ')}.`;
}

/**
 * What Map Automatically left unanswered, for the execution hint: the required fields no key answered (by title
 * and id) and the item's keys that matched no field. '' when nothing required is missing.
 */
export function autoMapGapHint(
	unanswered: readonly MappableField[],
	unmatchedInputKeys: readonly string[],
	loose: boolean,
): string {
	if (!unanswered.length) return '';
	const fields = unanswered
		.map((field) => (field.title ? `${field.title} (${field.id})` : field.id))
		.join(', ');
	const keys = unmatchedInputKeys.length
		? ` Item keys that matched no field: ${unmatchedInputKeys.join(', ')}.`
		: '';
	const rule = loose
		? "A key answers a field by its ID, the ID's last part or its title (letter case, spaces and underscores aside)."
		: 'A key answers a field by its ID; to match columns such as start_date or Start date, set Answer Options → Match Columns By to ID, Last Part or Title.';
	return `Map Automatically found no answer for these required fields: ${fields}.${keys} ${rule}`;
}
