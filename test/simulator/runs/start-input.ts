/**
 * Checks the `input` of a start-run request (contract, Start-run request), in this order:
 *   1. an agent entry takes a non-empty string; an input entry takes an object (400 invalid_input);
 *   2. document fields: a bare id, or an array holding one, is 400 document_field_invalid_format;
 *   3. the workflow's input schema (JSON Schema 2020-12, every error at once): 400 invalid_input
 *      with `details`, one entry per failing field, in plain words;
 *   4. every referenced document exists in the tenant (400 document_not_found) and is `ready`
 *      (400 document_not_ready).
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { findInputDocument, type InputDocumentRecord } from '../input-documents';
import { HttpError } from '../responses';
import type { SimulatorState } from '../state';
import type { JsonSchema, StepKind } from '../types';

interface FieldDetail {
  field: string;
  message: string;
}

export interface DocumentUse {
  /** The schema field (dotted, no indexes), e.g. 'documents'. */
  field: string;
  /** Where in the input, e.g. 'documents.1'. */
  path: string;
  record: InputDocumentRecord;
}

// ---- Schema validation (ajv) -------------------------------------------------------------------

/** yyyy-MM-dd and a real calendar date (2026-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true });
ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
// `format: document` is an annotation: the object shape is in the schema itself.
ajv.addFormat('document', true);

/** Fixture schemas are rebuilt on every reset: cache by content, not by object identity. */
const validators = new Map<string, ValidateFunction>();

function validatorFor(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

type SchemaNode = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const joinPath = (base: string, name: string | number): string => (base === '' ? String(name) : `${base}.${name}`);

/** '/documents/0/documentId' -> ['documents', '0', 'documentId'] (JSON Pointer unescaped). */
function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Whether the property at `segments` is listed in its parent object's `required`. */
function isRequiredAt(schema: SchemaNode, segments: string[]): boolean {
  let node: SchemaNode | undefined = schema;
  let parent: SchemaNode | undefined;
  for (const segment of segments) {
    parent = node;
    const properties: unknown = node?.properties;
    if (isObject(properties) && isObject(properties[segment])) node = properties[segment] as SchemaNode;
    else if (isObject(node?.items)) node = node.items as SchemaNode;
    else return false;
  }
  const required: unknown = parent?.required;
  return Array.isArray(required) && required.includes(segments[segments.length - 1]);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

function plural(count: unknown, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** One ajv error in plain words, attached to the field it is about. */
function describe(error: ErrorObject, schema: SchemaNode): FieldDetail {
  const base = pointerSegments(error.instancePath).join('.');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: joinPath(base, String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { field: joinPath(base, String(params.additionalProperty)), message: 'is not a field of this workflow input (leave it out)' };
    case 'type': {
      if (error.data === null) {
        // Start-run request: "An optional document field is left out entirely, never sent as null."
        const required = isRequiredAt(schema, pointerSegments(error.instancePath));
        return {
          field: base,
          message: required ? 'is required and cannot be null' : 'must be left out when it has no value (never sent as null)',
        };
      }
      const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
      return { field: base, message: `must be ${types.map((type: string) => TYPE_WORDS[type] ?? type).join(' or ')}` };
    }
    case 'enum':
      return { field: base, message: `must be one of: ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}` };
    case 'const':
      return { field: base, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'format':
      return {
        field: base,
        message: params.format === 'date' ? 'must be a date written yyyy-MM-dd (a real calendar date)' : `must be a valid ${String(params.format)}`,
      };
    case 'minimum':
      return { field: base, message: `must be at least ${params.limit}` };
    case 'maximum':
      return { field: base, message: `must be at most ${params.limit}` };
    case 'exclusiveMinimum':
      return { field: base, message: `must be more than ${params.limit}` };
    case 'exclusiveMaximum':
      return { field: base, message: `must be less than ${params.limit}` };
    case 'minLength':
      return { field: base, message: params.limit === 1 ? 'must not be empty' : `must be at least ${plural(params.limit, 'character')} long` };
    case 'maxLength':
      return { field: base, message: `must be at most ${plural(params.limit, 'character')} long` };
    case 'minItems':
      return { field: base, message: `must contain at least ${plural(params.limit, 'item')}` };
    case 'maxItems':
      return { field: base, message: `must contain at most ${plural(params.limit, 'item')}` };
    default:
      return { field: base, message: error.message ?? 'is invalid' };
  }
}

/** One entry per failing field (several problems of one field are joined), in document order. */
function schemaProblems(schema: JsonSchema, input: unknown): FieldDetail[] {
  const validate = validatorFor(schema);
  if (validate(input)) return [];
  const byField = new Map<string, string[]>();
  const nullFields = new Set<string>();
  for (const error of validate.errors ?? []) {
    const { field, message } = describe(error, schema);
    if (nullFields.has(field)) continue;
    // A null value fails `enum` and the like too; saying "leave it out" is the whole answer.
    if (error.keyword === 'type' && error.data === null) {
      nullFields.add(field);
      byField.set(field, [message]);
      continue;
    }
    const messages = byField.get(field) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byField.set(field, messages);
  }
  return [...byField].map(([field, messages]) => ({ field: field || 'input', message: messages.join(', and ') }));
}

// ---- Document fields ---------------------------------------------------------------------------

interface DocumentSlot {
  field: string;
  path: string;
  value: unknown;
  /** 'one': a `format: document` field; 'many': an array of them. */
  arity: 'one' | 'many';
}

const isDocumentSchema = (node: unknown): boolean => isObject(node) && node.format === 'document';

/** Every document field present in the input, found through the schema (nested objects included). */
function documentSlots(schema: SchemaNode, value: unknown, field = '', path = ''): DocumentSlot[] {
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
function bareIdProblems(slots: DocumentSlot[]): FieldDetail[] {
  const problems: FieldDetail[] = [];
  for (const slot of slots) {
    if (typeof slot.value === 'string') {
      problems.push({
        field: slot.path,
        message: slot.arity === 'one' ? SINGLE_ID : 'must be an array of objects with documentId and documentVersionId, not a single id',
      });
    } else if (slot.arity === 'many' && Array.isArray(slot.value)) {
      slot.value.forEach((item, index) => {
        if (typeof item === 'string') problems.push({ field: joinPath(slot.path, index), message: SINGLE_ID });
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

function references(slots: DocumentSlot[]): Reference[] {
  const refs: Reference[] = [];
  const add = (field: string, path: string, value: unknown): void => {
    if (isObject(value) && typeof value.documentId === 'string' && typeof value.documentVersionId === 'string') {
      refs.push({ field, path, documentId: value.documentId, documentVersionId: value.documentVersionId });
    }
  };
  for (const slot of slots) {
    if (slot.arity === 'one') add(slot.field, slot.path, slot.value);
    else if (Array.isArray(slot.value)) slot.value.forEach((item, index) => add(slot.field, joinPath(slot.path, index), item));
  }
  return refs;
}

// ---- The whole check -----------------------------------------------------------------------------

function invalidInput(message: string, details: FieldDetail[]): HttpError {
  return new HttpError(400, 'invalid_input', message, { details });
}

/** Throws the refusal, or returns the documents the run uses (in input order). */
export function checkStartInput(
  state: SimulatorState,
  workspaceId: string,
  entryKind: StepKind,
  schema: JsonSchema | null,
  input: unknown,
): DocumentUse[] {
  if (entryKind === 'agent') {
    if (typeof input !== 'string' || input.trim() === '') {
      throw invalidInput('This workflow starts with an agent step: input must be a non-empty string.', [
        { field: 'input', message: 'must be text: this workflow starts with an agent step' },
      ]);
    }
    return [];
  }

  if (!isObject(input)) {
    throw invalidInput('This workflow starts with an input step: input must be an object matching its input schema.', [
      { field: 'input', message: 'must be an object matching the input schema: this workflow starts with an input step' },
    ]);
  }
  const slots = schema ? documentSlots(schema, input) : [];

  const bareIds = bareIdProblems(slots);
  if (bareIds.length > 0) {
    throw new HttpError(
      400,
      'document_field_invalid_format',
      `A document field takes an object with both documentId and documentVersionId (from the upload response); a single id is refused: ${bareIds.map((detail) => detail.field).join(', ')}.`,
      { details: bareIds },
    );
  }

  const problems = schema ? schemaProblems(schema, input) : [];
  if (problems.length > 0) {
    const summary = problems.map((detail) => `${detail.field} ${detail.message}`).join('; ');
    const count = problems.length === 1 ? '1 field' : `${problems.length} fields`;
    throw invalidInput(`The input does not match the input schema of this workflow (${count}): ${summary}.`, problems);
  }

  const uses: DocumentUse[] = [];
  const missing: Record<string, string>[] = [];
  const notReady: Record<string, string>[] = [];
  for (const ref of references(slots)) {
    const record = findInputDocument(state, workspaceId, ref.documentId);
    if (!record || record.documentVersionId !== ref.documentVersionId) {
      missing.push({
        field: ref.path,
        documentId: ref.documentId,
        documentVersionId: ref.documentVersionId,
        message: 'no uploaded document with this id and version in this workspace',
      });
    } else if (record.status !== 'ready') {
      notReady.push({
        field: ref.path,
        documentId: ref.documentId,
        status: record.status,
        message: record.status === 'processing' ? 'is still processing; start the run once its status is ready' : `failed ingestion (${record.processingError}); upload it again`,
      });
    } else {
      uses.push({ field: ref.field, path: ref.path, record });
    }
  }
  if (missing.length > 0) {
    throw new HttpError(400, 'document_not_found', `Referenced document not found: ${missing.map((detail) => detail.documentId).join(', ')}.`, { details: missing });
  }
  if (notReady.length > 0) {
    throw new HttpError(
      400,
      'document_not_ready',
      `Referenced document not ready: ${notReady.map((detail) => `${detail.documentId} (${detail.status})`).join(', ')}.`,
      { details: notReady },
    );
  }
  return uses;
}
