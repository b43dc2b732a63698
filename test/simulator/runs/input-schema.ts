/**
 * A start-run input checked against the workflow's input schema (JSON Schema 2020-12, ajv, every error at once):
 * one entry per failing field, in plain words (contract, Start-run request).
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import type { JsonSchema } from '../types';

/** A refusal's entry: the field it is about and what is wrong, in plain words. */
export interface FieldDetail {
	field: string;
	message: string;
}

/** yyyy-MM-dd and a real calendar date (2026-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
	if (!match) return false;
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const date = new Date(Date.UTC(year, month - 1, day));
	return (
		date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
	);
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

export type SchemaNode = Record<string, unknown>;

export const isObject = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

export const joinPath = (base: string, name: string | number): string =>
	base === '' ? String(name) : `${base}.${name}`;

/** '/documents/0/documentId' -> ['documents', '0', 'documentId'] (JSON Pointer unescaped). */
function pointerSegments(pointer: string): string[] {
	return pointer === ''
		? []
		: pointer
				.slice(1)
				.split('/')
				.map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Whether the property at `segments` is listed in its parent object's `required`. */
function isRequiredAt(schema: SchemaNode, segments: string[]): boolean {
	let node: SchemaNode | undefined = schema;
	let parent: SchemaNode | undefined;
	for (const segment of segments) {
		parent = node;
		const properties: unknown = node?.properties;
		if (isObject(properties) && isObject(properties[segment]))
			node = properties[segment] as SchemaNode;
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
			return {
				field: joinPath(base, String(params.additionalProperty)),
				message: 'is not a field of this workflow input (leave it out)',
			};
		case 'type': {
			if (error.data === null) {
				// Start-run request: "An optional document field is left out entirely, never sent as null."
				const required = isRequiredAt(schema, pointerSegments(error.instancePath));
				return {
					field: base,
					message: required
						? 'is required and cannot be null'
						: 'must be left out when it has no value (never sent as null)',
				};
			}
			const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
			return {
				field: base,
				message: `must be ${types.map((type: string) => TYPE_WORDS[type] ?? type).join(' or ')}`,
			};
		}
		case 'enum':
			return {
				field: base,
				message: `must be one of: ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`,
			};
		case 'const':
			return { field: base, message: `must be ${JSON.stringify(params.allowedValue)}` };
		case 'format':
			return {
				field: base,
				message:
					params.format === 'date'
						? 'must be a date written yyyy-MM-dd (a real calendar date)'
						: `must be a valid ${String(params.format)}`,
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
			return {
				field: base,
				message:
					params.limit === 1
						? 'must not be empty'
						: `must be at least ${plural(params.limit, 'character')} long`,
			};
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
export function schemaProblems(schema: JsonSchema, input: unknown): FieldDetail[] {
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
	return [...byField].map(([field, messages]) => ({
		field: field || 'input',
		message: messages.join(', and '),
	}));
}
