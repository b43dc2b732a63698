/**
 * The document fields of a start-run input, found through the workflow's input schema (`format: document`, or an
 * array of them): a bare id where an object belongs, and the references the run will use.
 */
import { isObject, joinPath, type FieldDetail, type SchemaNode } from './input-schema';

export interface DocumentSlot {
	field: string;
	path: string;
	value: unknown;
	/** 'one': a `format: document` field; 'many': an array of them. */
	arity: 'one' | 'many';
}

const isDocumentSchema = (node: unknown): boolean => isObject(node) && node.format === 'document';

/** Every document field present in the input, found through the schema (nested objects included). */
export function documentSlots(
	schema: SchemaNode,
	value: unknown,
	field = '',
	path = '',
): DocumentSlot[] {
	const properties = schema.properties;
	if (!isObject(properties) || !isObject(value)) return [];
	const slots: DocumentSlot[] = [];
	for (const [name, node] of Object.entries(properties)) {
		if (!isObject(node) || !(name in value)) continue;
		const slot = { field: joinPath(field, name), path: joinPath(path, name), value: value[name] };
		if (isDocumentSchema(node)) slots.push({ ...slot, arity: 'one' });
		else if (isDocumentSchema(node.items)) slots.push({ ...slot, arity: 'many' });
		else slots.push(...documentSlots(node, value[name], slot.field, slot.path));
	}
	return slots;
}

const SINGLE_ID = 'must be an object with documentId and documentVersionId, not a single id';

/** Start-run request: "A bare single id is refused" (document_field_invalid_format). */
export function bareIdProblems(slots: DocumentSlot[]): FieldDetail[] {
	const problems: FieldDetail[] = [];
	for (const slot of slots) {
		if (typeof slot.value === 'string') {
			problems.push({
				field: slot.path,
				message:
					slot.arity === 'one'
						? SINGLE_ID
						: 'must be an array of objects with documentId and documentVersionId, not a single id',
			});
		} else if (slot.arity === 'many' && Array.isArray(slot.value)) {
			slot.value.forEach((item, index) => {
				if (typeof item === 'string')
					problems.push({ field: joinPath(slot.path, index), message: SINGLE_ID });
			});
		}
	}
	return problems;
}

interface Reference {
	field: string;
	path: string;
	documentId: string;
	documentVersionId: string;
}

export function references(slots: DocumentSlot[]): Reference[] {
	const refs: Reference[] = [];
	const add = (field: string, path: string, value: unknown): void => {
		if (
			isObject(value) &&
			typeof value.documentId === 'string' &&
			typeof value.documentVersionId === 'string'
		) {
			refs.push({
				field,
				path,
				documentId: value.documentId,
				documentVersionId: value.documentVersionId,
			});
		}
	};
	for (const slot of slots) {
		if (slot.arity === 'one') add(slot.field, slot.path, slot.value);
		else if (Array.isArray(slot.value))
			slot.value.forEach((item, index) => add(slot.field, joinPath(slot.path, index), item));
	}
	return refs;
}
