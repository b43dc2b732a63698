import type { FieldType, IDataObject, ResourceMapperField } from 'n8n-workflow';

import { coerceNumber, enumOptions, fieldTypeOfJsonType, getOwn, isEmptyAnswer, propertiesOf, requiredOf, setOwn, typeOf, type Coerced, type JsonSchemaObject } from '../common/jsonSchema';

/**
 * The run input of a `kind: input` workflow, between its JSON Schema and n8n's field mapper. Pure: no I/O.
 * The contract shows neither the schema envelope nor its field layout beyond `format: document`, so the
 * readers accept the schema itself or the common wrappers around it.
 */

/** The object schema of the input, whether sent bare or wrapped (`{ schema }`, `{ jsonSchema }`). */
export function unwrapInputSchema(raw: unknown): JsonSchemaObject | undefined {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	const schema = raw as JsonSchemaObject;
	if (schema.properties && typeof schema.properties === 'object') return schema;
	for (const key of ['schema', 'jsonSchema', 'json_schema', 'inputSchema']) {
		const inner = unwrapInputSchema(schema[key]);
		if (inner) return inner;
	}
	return undefined;
}

export function isDocumentField(property: JsonSchemaObject): boolean {
	return property.format === 'document';
}

/** An array whose items are documents: the contract's "field that takes several documents". */
export function isDocumentListField(property: JsonSchemaObject): boolean {
	const items = property.items;
	return typeOf(property) === 'array' && !!items && typeof items === 'object' && isDocumentField(items as JsonSchemaObject);
}

function fieldTypeOf(property: JsonSchemaObject): FieldType | undefined {
	// Document fields take either id pairs or (later) binary property names: left untyped so n8n converts nothing.
	if (isDocumentField(property) || isDocumentListField(property)) return undefined;
	if (enumOptions(property)) return 'options';
	return fieldTypeOfJsonType(typeOf(property));
}

/**
 * The label only: n8n cuts long mapper labels at its default panel width, and a mapper field has no description
 * of its own, so format hints (dates, documents) live in the mapper's hint instead.
 */
function displayNameOf(name: string, property: JsonSchemaObject): string {
	return typeof property.title === 'string' && property.title ? property.title : name;
}

/** The field mapper's columns: one per property, required ones marked, enums as options. */
export function runInputFields(schema: JsonSchemaObject): ResourceMapperField[] {
	const required = requiredOf(schema);
	return Object.entries(propertiesOf(schema))
		.filter(([, property]) => property && typeof property === 'object' && property.readOnly !== true)
		.map(([name, property]) => {
			const field: ResourceMapperField = {
				id: name,
				displayName: displayNameOf(name, property),
				required: required.has(name),
				defaultMatch: false,
				display: true,
				canBeUsedToMatch: false,
			};
			const type = fieldTypeOf(property);
			if (type) field.type = type;
			const options = enumOptions(property);
			if (options) field.options = options;
			return field;
		});
}

export interface InputProblem {
	field: string;
	problem: string;
}

export interface BuiltRunInput {
	input: IDataObject;
	problems: InputProblem[];
	/** Document fields naming binary files: uploaded by the caller, then placed with `placeUploadedDocuments`. */
	pendingDocuments: PendingDocumentField[];
}

function parseJsonText(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (!text.startsWith('{') && !text.startsWith('[')) return value;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return value;
	}
}

export type DocumentReference = { documentId: string; documentVersionId: string };

/** `{documentId, documentVersionId}` from an Upload Input output (extra fields dropped), or undefined. */
export function toDocumentReference(value: unknown): DocumentReference | undefined {
	const parsed = parseJsonText(value);
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
	const { documentId, documentVersionId } = parsed as IDataObject;
	if (typeof documentId !== 'string' || !documentId || typeof documentVersionId !== 'string' || !documentVersionId) return undefined;
	return { documentId, documentVersionId };
}

const DOCUMENT_HINT =
	'needs the name of the binary property that holds the file (e.g. data), or {documentId, documentVersionId} from an Upload step';

/** What a document field was given: an uploaded document's ids, or a binary file the node uploads first. */
export type DocumentEntry = { reference: DocumentReference } | { binaryProperty: string };

/** A document field that names binary files: its value is known only after the uploads. */
export interface PendingDocumentField {
	field: string;
	list: boolean;
	entries: DocumentEntry[];
}

function isBinaryDataObject(value: unknown): boolean {
	return !!value && typeof value === 'object' && 'mimeType' in value && ('data' in value || 'id' in value);
}

/** A document field's value as entries: ids (object or its JSON), or binary property names ("data, data_1"). */
function documentEntries(value: unknown): DocumentEntry[] | string {
	const parsed = parseJsonText(value);
	if (Array.isArray(parsed)) {
		const entries: DocumentEntry[] = [];
		for (const element of parsed) {
			const inner = documentEntries(element);
			if (typeof inner === 'string') return inner;
			entries.push(...inner);
		}
		return entries;
	}
	const reference = toDocumentReference(parsed);
	if (reference) return [{ reference }];
	if (typeof parsed === 'string') {
		const names = parsed.split(',').map((name) => name.trim()).filter(Boolean);
		if (names.length) return names.map((binaryProperty) => ({ binaryProperty }));
	}
	if (isBinaryDataObject(parsed)) return `${DOCUMENT_HINT}; it got a binary file object: enter the binary property's name (e.g. data) instead`;
	return DOCUMENT_HINT;
}

/**
 * Id pairs are placed at once; a field naming binary files is recorded in `pending` and left out of
 * the input until the start operation has uploaded them (`placeUploadedDocuments`).
 */
function coerceDocuments(name: string, property: JsonSchemaObject, value: unknown, pending: PendingDocumentField[]): Coerced | undefined {
	const list = isDocumentListField(property);
	const entries = documentEntries(value);
	if (typeof entries === 'string') return { ok: false, problem: list ? `${entries}, or a list of these` : entries };
	if (!list && entries.length !== 1) return { ok: false, problem: `takes one document, got ${entries.length}` };
	if (entries.every((entry) => 'reference' in entry)) {
		const references = entries.map((entry) => (entry as { reference: DocumentReference }).reference);
		return { ok: true, value: list ? references : references[0] };
	}
	pending.push({ field: name, list, entries });
	return undefined;
}

function coerce(property: JsonSchemaObject, value: unknown): Coerced {
	switch (typeOf(property)) {
		case 'integer':
		case 'number':
			return coerceNumber(property, value);
		case 'boolean': {
			if (typeof value === 'boolean') return { ok: true, value };
			const text = String(value).trim().toLowerCase();
			if (text === 'true') return { ok: true, value: true };
			if (text === 'false') return { ok: true, value: false };
			return { ok: false, problem: `must be true or false, got "${String(value)}"` };
		}
		case 'object':
		case 'array': {
			const parsed = parseJsonText(value);
			const wantArray = typeOf(property) === 'array';
			if (wantArray ? Array.isArray(parsed) : parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
				return { ok: true, value: parsed };
			return { ok: false, problem: `must be ${wantArray ? 'a list (JSON array)' : 'an object (JSON)'}` };
		}
		default:
			if (property.format === 'date') return { ok: true, value: toDateText(value) };
			return { ok: true, value: typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value) };
	}
}

/** A date answer as yyyy-MM-dd when it is a date object or an ISO date-time; other text is left to the service. */
function toDateText(value: unknown): unknown {
	if (value && typeof value === 'object') {
		const candidate = value as { toISODate?: () => string | null; toISOString?: () => string };
		if (typeof candidate.toISODate === 'function') return candidate.toISODate() ?? value;
		if (typeof candidate.toISOString === 'function') return candidate.toISOString().slice(0, 10);
	}
	if (typeof value === 'string') {
		const match = /^(\d{4}-\d{2}-\d{2})T/.exec(value.trim());
		if (match) return match[1];
		return value.trim();
	}
	return value;
}

/**
 * The input object to post, from the mapper's values (or an item's JSON). Empty answers are left out;
 * values are converted to the schema's JSON types; missing required fields and unusable values are
 * reported together so the user fixes them in one go. With `ignoreUnknown`, keys the schema does not
 * know are skipped (an item's JSON carries other data); otherwise they are problems.
 */
export function buildRunInput(schema: JsonSchemaObject, values: IDataObject, options: { ignoreUnknown?: boolean } = {}): BuiltRunInput {
	const properties = propertiesOf(schema);
	const input: IDataObject = {};
	const problems: InputProblem[] = [];
	const pendingDocuments: PendingDocumentField[] = [];
	for (const [name, value] of Object.entries(values)) {
		const property = getOwn(properties, name) as JsonSchemaObject | undefined;
		if (!property) {
			if (!options.ignoreUnknown && !isEmptyAnswer(value))
				problems.push({ field: name, problem: "is not in the workflow's input schema any more (refresh the field list)" });
			continue;
		}
		if (isEmptyAnswer(value) || property.readOnly === true) continue;
		const isDocuments = isDocumentField(property) || isDocumentListField(property);
		const coerced = isDocuments ? coerceDocuments(name, property, value, pendingDocuments) : coerce(property, value);
		if (!coerced) continue;
		if (coerced.ok) setOwn(input, name, coerced.value);
		else problems.push({ field: name, problem: coerced.problem });
	}
	const answered = new Set([...Object.keys(input), ...pendingDocuments.map((pending) => pending.field)]);
	for (const name of requiredOf(schema)) {
		if (!answered.has(name) && !problems.some((problem) => problem.field === name))
			problems.push({ field: name, problem: 'is required but empty' });
	}
	return { input, problems, pendingDocuments };
}

/** The binary property names the pending fields need, each once (a file named twice is uploaded once). */
export function binaryPropertiesToUpload(pending: PendingDocumentField[]): string[] {
	const names = new Set<string>();
	for (const field of pending) for (const entry of field.entries) if ('binaryProperty' in entry) names.add(entry.binaryProperty);
	return [...names];
}

/** Fills the pending document fields with the ids of the uploads, in the order the user gave them. */
export function placeUploadedDocuments(
	input: IDataObject,
	pending: PendingDocumentField[],
	uploaded: ReadonlyMap<string, DocumentReference>,
): IDataObject {
	const placed: IDataObject = { ...input };
	for (const field of pending) {
		const references = field.entries.map((entry) => {
			if ('reference' in entry) return entry.reference;
			const reference = uploaded.get(entry.binaryProperty);
			if (!reference) throw new Error(`no upload for binary property "${entry.binaryProperty}"`);
			return reference;
		});
		setOwn(placed, field.field, field.list ? references : references[0]);
	}
	return placed;
}

/** "counterparty is required but empty; term_months must be a number…" */
export function describeProblems(problems: InputProblem[]): string {
	return problems.map((problem) => `${problem.field} ${problem.problem}`).join('; ');
}
