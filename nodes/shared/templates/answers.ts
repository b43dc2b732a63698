import type { FieldType, IDataObject, ResourceMapperField } from 'n8n-workflow';

import { coerceNumber, enumOptions, fieldTypeOfJsonType, getOwn, isEmptyAnswer, propertiesOf, setOwn, typeOf, type Coerced } from '../common/jsonSchema';

/**
 * A template's `inputSchema` (JSON Schema 2020-12, nested objects) between n8n's flat field mapper and
 * the nested `input` the service wants (contract, Template production 1). Pure: no I/O.
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

function isChoiceList(schema: Schema): boolean {
	const items = schema.items as Schema | undefined;
	return typeOf(schema) === 'array' && !!items && typeof items === 'object' && Array.isArray(items.enum);
}

function groupsOf(root: Schema): Map<string, string> {
	const byPath = new Map<string, string>();
	const groups = Array.isArray(root['x-groups']) ? (root['x-groups'] as IDataObject[]) : [];
	for (const group of groups) {
		const title = typeof group.title === 'string' ? group.title : typeof group.id === 'string' ? group.id : undefined;
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
			if (typeOf(property) === 'object' && Object.keys(propertiesOf(property)).length) visit(property, path, isRequired);
			else fields.push({ path, schema: property, required: isRequired, group: groups.get(path) });
		}
	};
	visit(root, '', true);
	const order = [...groups.keys()];
	const rank = (path: string) => (order.includes(path) ? order.indexOf(path) : order.length);
	return fields.map((field, index) => ({ field, index })).sort((a, b) => rank(a.field.path) - rank(b.field.path) || a.index - b.index).map(({ field }) => field);
}

function fieldType(schema: Schema): FieldType | undefined {
	if (isPictureField(schema)) return undefined; // a binary property name
	if (Array.isArray(schema.enum)) return 'options';
	if (isChoiceList(schema)) return undefined; // a list, or comma-separated option texts
	return fieldTypeOfJsonType(typeOf(schema));
}

function titleOf(field: TemplateField): string {
	return typeof field.schema.title === 'string' && field.schema.title ? field.schema.title : field.path;
}

/**
 * The label: the field's title, with its group (or dotted path) in front only where two fields share a title.
 * Format hints (dates, pictures, choice lists) live in the mapper's hint and defaults are pre-filled, because n8n
 * cuts long mapper labels at its default panel width and a mapper field has no description of its own.
 */
function labelsOf(fields: TemplateField[]): string[] {
	const titles = fields.map(titleOf);
	const shared = new Set(titles.filter((title, index) => titles.indexOf(title) !== index));
	return fields.map((field, index) => {
		const title = titles[index];
		if (!shared.has(title)) return title;
		const parent = field.group ?? field.path.split('.').slice(0, -1).join('.');
		return parent && title !== field.path ? `${parent}: ${title}` : field.path;
	});
}

/** The field mapper's columns, by dotted path; defaults shown, choices as options. */
export function templateMapperFields(root: Schema): ResourceMapperField[] {
	const fields = templateFields(root);
	const labels = labelsOf(fields);
	return fields.map((field, index) => {
		const column: ResourceMapperField = {
			id: field.path,
			displayName: labels[index],
			required: field.required && field.schema.default === undefined,
			defaultMatch: false,
			display: true,
			canBeUsedToMatch: false,
		};
		const type = fieldType(field.schema);
		if (type) column.type = type;
		const choices = enumOptions(field.schema);
		if (choices) column.options = choices;
		const fallback = field.schema.default;
		if (['string', 'number', 'boolean'].includes(typeof fallback)) column.defaultValue = fallback as string | number | boolean;
		return column;
	});
}

// ---- Dates (contract, Template production 3) -----------------------------------------------------

const MONTH_WORD = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\b/i;

export type DateAnswer = { ok: true; value: string } | { ok: false; problem: string };

/**
 * yyyy-MM-dd as is; a date-time → its date as written (no time-zone shift); a date object → its calendar
 * date; a date with the month as a word → passed on as written (the service reads it); any other numeric form
 * is refused here, as the service would refuse it.
 */
export function normaliseDateAnswer(value: unknown): DateAnswer {
	if (value && typeof value === 'object') {
		const candidate = value as { toISODate?: () => string | null; toISOString?: () => string };
		if (typeof candidate.toISODate === 'function') {
			const date = candidate.toISODate();
			if (date) return { ok: true, value: date };
		}
		if (typeof candidate.toISOString === 'function') return { ok: true, value: candidate.toISOString().slice(0, 10) };
	}
	const text = String(value).trim();
	const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
	if (iso) {
		const [, year, month, day] = iso;
		const probe = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
		if (probe.getUTCFullYear() === Number(year) && probe.getUTCMonth() === Number(month) - 1 && probe.getUTCDate() === Number(day))
			return { ok: true, value: `${year}-${month}-${day}` };
		return { ok: false, problem: `"${text}" is not a calendar date` };
	}
	if (MONTH_WORD.test(text) && /\d/.test(text)) return { ok: true, value: text };
	return { ok: false, problem: `"${text}" is not a date the service accepts: use yyyy-MM-dd (e.g. 2026-03-01), or write the month as a word` };
}

// ---- Pictures (contract, Template production 7) ---------------------------------------------------

export const PICTURE_LIMITS = { maxBytes: 1024 * 1024, maxSidePx: 2000 };

export interface PictureInfo {
	type: 'png' | 'jpeg';
	width: number;
	height: number;
}

/** Type by magic bytes and pixel size from the PNG IHDR or the JPEG SOF marker; undefined if neither. */
export function inspectPicture(bytes: Buffer): PictureInfo | undefined {
	if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a)
		return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
	if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
		let offset = 2;
		while (offset + 9 < bytes.length) {
			if (bytes[offset] !== 0xff) return undefined;
			const marker = bytes[offset + 1];
			const length = bytes.readUInt16BE(offset + 2);
			// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
			if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
				return { type: 'jpeg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
			offset += 2 + length;
		}
	}
	return undefined;
}

/** Why a picture would be refused, or undefined when it is fine. */
export function pictureProblem(bytes: Buffer): string | undefined {
	const info = inspectPicture(bytes);
	if (!info) return 'is not a PNG or JPEG picture';
	if (bytes.length > PICTURE_LIMITS.maxBytes) return `is ${(bytes.length / 1024 / 1024).toFixed(2)} MB; pictures may be at most 1 MB`;
	if (info.width > PICTURE_LIMITS.maxSidePx || info.height > PICTURE_LIMITS.maxSidePx)
		return `is ${info.width} × ${info.height} px; pictures may be at most 2,000 px on each side`;
	return undefined;
}

// ---- Answers → nested input ------------------------------------------------------------------------

export interface AnswerProblem {
	path: string;
	problem: string;
}

function convert(schema: Schema, value: unknown): Coerced {
	if (isChoiceList(schema)) {
		const list = Array.isArray(value) ? value : String(value).split(',').map((entry) => entry.trim()).filter(Boolean);
		const allowed = ((schema.items as Schema).enum as unknown[]).map(String);
		const unknown = list.filter((entry) => !allowed.includes(String(entry)));
		return unknown.length
			? { ok: false, problem: `has ${unknown.map((entry) => `"${String(entry)}"`).join(', ')}, not among ${allowed.join(', ')}` }
			: { ok: true, value: list.map(String) };
	}
	if (Array.isArray(schema.enum)) {
		const allowed = schema.enum.map(String);
		return allowed.includes(String(value)) ? { ok: true, value: schema.enum[allowed.indexOf(String(value))] } : { ok: false, problem: `"${String(value)}" is not one of ${allowed.join(', ')}` };
	}
	switch (typeOf(schema)) {
		case 'integer':
		case 'number':
			return coerceNumber(schema, value);
		case 'boolean': {
			if (typeof value === 'boolean') return { ok: true, value };
			const text = String(value).trim().toLowerCase();
			if (text === 'true' || text === 'yes') return { ok: true, value: true };
			if (text === 'false' || text === 'no') return { ok: true, value: false };
			return { ok: false, problem: `must be yes/no (true or false), got "${String(value)}"` };
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
	resolvePicture: (path: string, value: unknown) => Promise<{ ok: true; base64: string } | { ok: false; problem: string }>,
	options: { ignoreUnknown?: boolean } = {},
): Promise<{ input: IDataObject; problems: AnswerProblem[] }> {
	const fields = new Map(templateFields(root).map((field) => [field.path, field]));
	const input: IDataObject = {};
	const problems: AnswerProblem[] = [];
	for (const [path, value] of Object.entries(answers)) {
		const field = fields.get(path);
		if (!field) {
			if (!options.ignoreUnknown && !isEmptyAnswer(value)) problems.push({ path, problem: 'is not a field of this template (fixed fields are filled by the workspace)' });
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
		if (converted.ok) setPath(input, path, converted.value);
		else problems.push({ path, problem: converted.problem });
	}
	return { input, problems };
}
