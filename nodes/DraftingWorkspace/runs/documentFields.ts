import type { IDataObject } from 'n8n-workflow';

import { parseJsonText } from '../../shared/common/jsonObject';
import { typeOf, type Coerced, type JsonSchemaObject } from '../mapper/jsonSchema';
import { setOwn } from '../../shared/common/ownKeys';

/**
 * Document fields of a run input (`format: document`, or an array of them): what a field was given (uploaded
 * documents' ids, or binary files the node uploads first) and where the uploads' ids go. Pure: no I/O.
 */

export function isDocumentField(property: JsonSchemaObject): boolean {
	return property.format === 'document';
}

/** An array whose items are documents: the API's "field that takes several documents". */
export function isDocumentListField(property: JsonSchemaObject): boolean {
	const items = property.items;
	return (
		typeOf(property) === 'array' &&
		!!items &&
		typeof items === 'object' &&
		isDocumentField(items as JsonSchemaObject)
	);
}

export type DocumentReference = { documentId: string; documentVersionId: string };

/** `{documentId, documentVersionId}` from an Input Document → Upload output (extra fields dropped), or undefined. */
export function toDocumentReference(value: unknown): DocumentReference | undefined {
	const parsed = parseJsonText(value);
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
	const { documentId, documentVersionId } = parsed as IDataObject;
	if (
		typeof documentId !== 'string' ||
		!documentId ||
		typeof documentVersionId !== 'string' ||
		!documentVersionId
	)
		return undefined;
	return { documentId, documentVersionId };
}

const DOCUMENT_HINT =
	'needs the name of the binary property that holds the file (e.g. data), or {documentId, documentVersionId} from an Upload step';

/** What a document field was given: an uploaded document's ids, or a binary file the node uploads first. */
type DocumentEntry = { reference: DocumentReference } | { binaryProperty: string };

/** A document field that names binary files: its value is known only after the uploads. */
export interface PendingDocumentField {
	field: string;
	list: boolean;
	entries: DocumentEntry[];
}

function isBinaryDataObject(value: unknown): boolean {
	return (
		!!value &&
		typeof value === 'object' &&
		'mimeType' in value &&
		('data' in value || 'id' in value)
	);
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
		const names = parsed
			.split(',')
			.map((name) => name.trim())
			.filter(Boolean);
		if (names.length) return names.map((binaryProperty) => ({ binaryProperty }));
	}
	if (isBinaryDataObject(parsed))
		return `${DOCUMENT_HINT}; it got a binary file object: enter the binary property's name (e.g. data) instead`;
	return DOCUMENT_HINT;
}

/**
 * Id pairs are placed at once; a field naming binary files is recorded in `pending` and left out of
 * the input until the start operation has uploaded them (`placeUploadedDocuments`).
 */
export function coerceDocuments(
	name: string,
	property: JsonSchemaObject,
	value: unknown,
	pending: PendingDocumentField[],
): Coerced | undefined {
	const list = isDocumentListField(property);
	const entries = documentEntries(value);
	if (typeof entries === 'string')
		return { ok: false, problem: list ? `${entries}, or a list of these` : entries };
	if (!list && entries.length !== 1)
		return { ok: false, problem: `takes one document, got ${entries.length}` };
	if (entries.every((entry) => 'reference' in entry)) {
		const references = entries.map(
			(entry) => (entry as { reference: DocumentReference }).reference,
		);
		return { ok: true, value: list ? references : references[0] };
	}
	pending.push({ field: name, list, entries });
	return undefined;
}

/** The binary property names the pending fields need, each once (a file named twice is uploaded once). */
export function binaryPropertiesToUpload(pending: PendingDocumentField[]): string[] {
	const names = new Set<string>();
	for (const field of pending)
		for (const entry of field.entries)
			if ('binaryProperty' in entry) names.add(entry.binaryProperty);
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
