import type { IDataObject } from 'n8n-workflow';

import { getOwn, isEmptyAnswer, setOwn } from './jsonSchema';

/**
 * "Map Automatically": an item's JSON onto the field mapper's field ids. Pure: no I/O. Shared by Produce From
 * Template (dotted ids such as `employee.start_date`) and Start Run (top-level ids).
 *
 * - A key that is a field id is taken as it is (`"employee.start_date"`, `role`, an object for an object field).
 * - A nested object is walked where its path leads to field ids: `{ employee: { start_date } }` answers
 *   `employee.start_date`, at any depth.
 * - When both forms answer one field, the flat key wins, unless it is empty and the nested one is not: the flat
 *   key is the field's id as the mapper shows it, so it is the more deliberate of the two.
 * - Every key (by its dotted path) that leads to no field is reported in `unmatchedInputKeys`, so a misspelled
 *   key is named instead of silently producing an incomplete document.
 */

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
		for (let length = 1; length < parts.length; length++) prefixes.add(parts.slice(0, length).join('.'));
	}
	return prefixes;
}

export function autoMapItem(item: IDataObject, fieldIds: readonly string[]): AutoMapped {
	const fields = new Set(fieldIds);
	const prefixes = prefixesOf(fieldIds);
	const nested: IDataObject = {};
	const flat: IDataObject = {};
	const unmatchedInputKeys: string[] = [];
	const walk = (object: IDataObject, prefix: string) => {
		for (const key of Object.keys(object)) {
			const path = prefix ? `${prefix}.${key}` : key;
			const value = getOwn(object, key);
			if (fields.has(path)) setOwn(prefix ? nested : flat, path, value);
			else if (isPlainObject(value) && prefixes.has(path)) walk(value, path);
			else unmatchedInputKeys.push(path);
		}
	};
	walk(item, '');
	const values: IDataObject = {};
	for (const [path, value] of Object.entries(nested)) setOwn(values, path, value);
	for (const [path, value] of Object.entries(flat)) {
		if (!isEmptyAnswer(value) || isEmptyAnswer(getOwn(values, path))) setOwn(values, path, value);
	}
	return { values, unmatchedInputKeys };
}

/** A sentence for error descriptions naming the keys that matched no field, or '' when there are none. */
export function unmatchedKeysHint(keys: readonly string[] | undefined): string {
	if (!keys?.length) return '';
	return `Keys of the item that match no field (Map Automatically ignored them; check their spelling): ${keys.join(', ')}.`;
}
