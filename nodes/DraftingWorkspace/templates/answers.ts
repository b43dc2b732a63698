import type { IDataObject } from 'n8n-workflow';

import { booleanFromText } from '../mapper/booleanText';
import { choiceListOptions, readChoice, readChoiceList } from '../mapper/choices';
import {
	coerceNumber,
	isEmptyAnswer,
	propertiesOf,
	typeOf,
	type Coerced,
} from '../mapper/jsonSchema';
import { getOwn, setOwn } from '../../shared/common/ownKeys';
import { isJsonObject } from '../../shared/transport/answer';
import { normaliseDateAnswer } from '../mapper/dates';

/**
 * A template's `inputSchema` (JSON Schema 2020-12, nested objects) between n8n's flat field mapper and
 * the nested `input` the service wants (the API's Template production, section 1). Pure: no I/O. The mapper's
 * columns: mapperFields.ts.
 */

type Schema = IDataObject;

export interface TemplateField {
	/** Dotted path, e.g. `employee.start_date`: the mapper's field id. */
	path: string;
	schema: Schema;
	required: boolean;
	/** Title of the `x-groups` section the field belongs to, if any. */
	group?: string;
}

export function isPictureField(schema: Schema): boolean {
	return typeOf(schema) === 'string' && schema.contentEncoding === 'base64';
}

function groupsOf(root: Schema): Map<string, string> {
	const byPath = new Map<string, string>();
	const groups = Array.isArray(root['x-groups']) ? (root['x-groups'] as unknown[]) : [];
	for (const entry of groups) {
		// The schema is the service's JSON: a section that is not an object names nothing.
		if (!isJsonObject(entry)) continue;
		const group = entry;
		const title =
			typeof group.title === 'string'
				? group.title
				: typeof group.id === 'string'
					? group.id
					: undefined;
		const fields = Array.isArray(group.fields) ? group.fields : [];
		for (const field of fields) if (typeof field === 'string' && title) byPath.set(field, title);
	}
	return byPath;
}

/**
 * Every answerable leaf, by dotted path, in `x-groups` order first. Fixed fields (`readOnly: true`, or inside a
 * fixed object) are never offered: posting them is refused (field_fixed). A field is required when it and
 * every object above it are required.
 */
export function templateFields(root: Schema): TemplateField[] {
	const groups = groupsOf(root);
	const fields: TemplateField[] = [];
	const visit = (schema: Schema, prefix: string, parentRequired: boolean) => {
		const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
		for (const [name, property] of Object.entries(propertiesOf(schema))) {
			if (!property || typeof property !== 'object' || property.readOnly === true) continue;
			const path = prefix ? `${prefix}.${name}` : name;
			const isRequired = parentRequired && required.has(name);
			if (typeOf(property) === 'object' && Object.keys(propertiesOf(property)).length)
				visit(property, path, isRequired);
			else fields.push({ path, schema: property, required: isRequired, group: groups.get(path) });
		}
	};
	visit(root, '', true);
	const order = [...groups.keys()];
	const rank = (path: string) => (order.includes(path) ? order.indexOf(path) : order.length);
	return fields
		.map((field, index) => ({ field, index }))
		.sort((a, b) => rank(a.field.path) - rank(b.field.path) || a.index - b.index)
		.map(({ field }) => field);
}

export interface AnswerProblem {
	path: string;
	problem: string;
}

/** One answer as its JSON type; choices in any letter case (choices.ts). */
function convert(schema: Schema, value: unknown): Coerced {
	const listOptions = choiceListOptions(schema);
	if (listOptions) return readChoiceList(listOptions, value);
	if (Array.isArray(schema.enum)) return readChoice(schema.enum, value);
	switch (typeOf(schema)) {
		case 'integer':
		case 'number':
			return coerceNumber(schema, value);
		case 'boolean': {
			const answer = booleanFromText(value);
			return answer === undefined
				? { ok: false, problem: `must be yes/no (true or false), got "${String(value)}"` }
				: { ok: true, value: answer };
		}
		default:
			if (schema.format === 'date') {
				const date = normaliseDateAnswer(value);
				return date.ok ? { ok: true, value: date.value } : { ok: false, problem: date.problem };
			}
			return { ok: true, value: typeof value === 'string' ? value : String(value) };
	}
}

function setPath(target: IDataObject, path: string, value: unknown): void {
	const keys = path.split('.');
	let cursor = target;
	for (const key of keys.slice(0, -1)) {
		const inner = getOwn(cursor, key);
		if (!inner || typeof inner !== 'object') setOwn(cursor, key, {});
		cursor = getOwn(cursor, key) as IDataObject;
	}
	setOwn(cursor, keys[keys.length - 1], value);
}

/**
 * The nested `input` from flat answers keyed by dotted path. Empty answers are left out (the service
 * refuses empty values and applies defaults and alternative wordings itself). Picture fields are resolved by
 * `resolvePicture` (a binary property name → base64). Every problem is reported, together.
 */
export async function buildTemplateInput(
	root: Schema,
	answers: IDataObject,
	resolvePicture: (
		path: string,
		value: unknown,
	) => Promise<{ ok: true; base64: string } | { ok: false; problem: string }>,
	options: { ignoreUnknown?: boolean } = {},
): Promise<{ input: IDataObject; problems: AnswerProblem[] }> {
	const fields = new Map(templateFields(root).map((field) => [field.path, field]));
	const input: IDataObject = {};
	const problems: AnswerProblem[] = [];
	for (const [path, value] of Object.entries(answers)) {
		const field = fields.get(path);
		if (!field) {
			if (!options.ignoreUnknown && !isEmptyAnswer(value))
				problems.push({
					path,
					problem: 'is not a field of this template (fixed fields are filled by the workspace)',
				});
			continue;
		}
		if (isEmptyAnswer(value)) continue;
		if (isPictureField(field.schema)) {
			const picture = await resolvePicture(path, value);
			if (picture.ok) setPath(input, path, picture.base64);
			else problems.push({ path, problem: picture.problem });
			continue;
		}
		const converted = convert(field.schema, value);
		// A value that looked filled may hold nothing to send (", "): left out, as an empty answer.
		if (converted.ok && isEmptyAnswer(converted.value)) continue;
		if (converted.ok) setPath(input, path, converted.value);
		else problems.push({ path, problem: converted.problem });
	}
	return { input, problems };
}
