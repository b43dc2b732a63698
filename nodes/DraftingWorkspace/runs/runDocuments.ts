import type { IDataObject } from 'n8n-workflow';

import { isJsonObject } from '../../shared/transport/answer';

/**
 * The documents a run can give back through `…/input-documents/{documentVersionId}/download`: the contract allows
 * the versions "on the run's own input or knowledge-base coverage lists" and says the run record carries them, but
 * not under which names. So every object of the record that names a `documentVersionId` counts (an input field's
 * `{ documentId, documentVersionId }` in `input` included), placed by the keys on its way: a key that speaks of a
 * knowledge base or coverage makes it a knowledge-base document. Pure; any record shape is read without throwing.
 */
export interface RunDocument {
	documentVersionId: string;
	documentId?: string;
	/** The document's file name, as the record gives it (shown in the picker, never used as a path). */
	filename?: string;
	/** The run's input field that took it, when the record says. */
	field?: string;
	source: 'input' | 'knowledgeBase';
}

/** How deep the record is searched: its lists and an input object's nested fields, not a pathological nesting. */
const MAX_DEPTH = 8;
/** Keys that say the documents beneath are the run's knowledge-base coverage, not its input. */
const KNOWLEDGE_BASE = /knowledge|coverage/i;

function idText(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function textField(object: IDataObject, keys: string[]): string | undefined {
	for (const key of keys) {
		const value = object[key];
		if (typeof value === 'string' && value.trim()) return value.trim();
	}
	return undefined;
}

/** Where a value sits in the record: under a knowledge-base key, inside the run's `input` (under which field). */
interface Place {
	knowledgeBase: boolean;
	inInput: boolean;
	field?: string;
}

function placeOf(place: Place, key: string, depth: number): Place {
	const inInput = place.inInput || (depth === 0 && key === 'input');
	return {
		knowledgeBase: place.knowledgeBase || KNOWLEDGE_BASE.test(key),
		inInput,
		// The run's `input` is keyed by its fields: the first key inside it names the field that took the document.
		field: place.field ?? (place.inInput ? key : undefined),
	};
}

function documentAt(object: IDataObject, versionId: string, place: Place): RunDocument {
	const document: RunDocument = {
		documentVersionId: versionId,
		source: place.knowledgeBase ? 'knowledgeBase' : 'input',
	};
	const documentId = idText(object.documentId);
	if (documentId !== undefined) document.documentId = documentId;
	const filename = textField(object, ['filename', 'fileName', 'name', 'title']);
	if (filename !== undefined) document.filename = filename;
	const field = textField(object, ['field', 'fieldName']) ?? place.field;
	if (field !== undefined && !place.knowledgeBase) document.field = field;
	return document;
}

/** Every document version the record names, once each (what its mentions say, the first first), input ones first. */
export function runDocumentsOf(record: IDataObject): RunDocument[] {
	const found = new Map<string, RunDocument>();
	const visit = (value: unknown, depth: number, place: Place): void => {
		if (depth > MAX_DEPTH) return;
		if (Array.isArray(value)) {
			for (const entry of value) visit(entry, depth + 1, place);
			return;
		}
		if (!isJsonObject(value)) return;
		const versionId = idText(value.documentVersionId);
		if (versionId !== undefined) {
			const document = documentAt(value, versionId, place);
			const known = found.get(versionId);
			// One document mentioned twice (the input's ids, the input list's entry with its name): what each says.
			const source =
				known?.source === 'input' || document.source === 'input' ? 'input' : 'knowledgeBase';
			found.set(versionId, known ? { ...document, ...known, source } : document);
		}
		for (const [key, child] of Object.entries(value))
			visit(child, depth + 1, placeOf(place, key, depth));
	};
	visit(record, 0, { knowledgeBase: false, inInput: false });
	return [...found.values()].sort(
		(a, b) => Number(a.source === 'knowledgeBase') - Number(b.source === 'knowledgeBase'),
	);
}
