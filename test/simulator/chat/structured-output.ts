/**
 * `response_format` of a chat request (contract, Chat completion: "structured-output constraint
 * forwarded verbatim"; Errors: structured_output_unsupported when the deployment cannot honour it).
 *
 * This deployment honours plain text and `{ type: 'json_schema', json_schema: { name, schema, strict? } }`
 * whose schema uses only the keywords in SUPPORTED_KEYWORDS. Anything else is refused with a message
 * naming what it cannot honour, so a client can tell "fix my schema" from "the service failed".
 *
 * An honoured schema is answered with a deterministic instance that validates against it
 * (exampleInstance, in example-instance.ts).
 */
import { HttpError } from '../responses';

export type OutputFormat =
	| { kind: 'text' }
	| { kind: 'json_schema'; name: string; schema: SchemaNode };

export type SchemaNode = Record<string, unknown>;

export const SUPPORTED_KEYWORDS = [
	'type',
	'properties',
	'required',
	'items',
	'enum',
	'additionalProperties',
	'description',
	'title',
	'minimum',
	'maximum',
	'minItems',
	'maxItems',
	'format',
] as const;

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

export const isObject = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

function unsupported(message: string): never {
	throw new HttpError(400, 'structured_output_unsupported', message);
}

/** Reads `response_format`: absent (or null) and `{ type: 'text' }` mean text. */
export function checkResponseFormat(value: unknown): OutputFormat {
	if (value === undefined || value === null) return { kind: 'text' };
	if (!isObject(value)) {
		unsupported(
			'This deployment cannot honour this response_format: it must be { "type": "text" } or { "type": "json_schema", "json_schema": { "name", "schema" } }.',
		);
	}
	if (value.type === 'text') return { kind: 'text' };
	if (value.type !== 'json_schema') {
		unsupported(
			`This deployment cannot honour response_format type ${JSON.stringify(value.type ?? null)}; ` +
				'it honours "text" and "json_schema" (a JSON Schema using only: ' +
				SUPPORTED_KEYWORDS.join(', ') +
				').',
		);
	}
	const spec = value.json_schema;
	if (!isObject(spec))
		unsupported(
			'This deployment cannot honour a json_schema response_format without a json_schema object { name, schema, strict? }.',
		);
	if (typeof spec.name !== 'string' || spec.name === '')
		unsupported(
			'This deployment cannot honour a json_schema response_format without json_schema.name (a non-empty string).',
		);
	if (spec.strict !== undefined && spec.strict !== null && typeof spec.strict !== 'boolean') {
		unsupported('This deployment cannot honour json_schema.strict other than true or false.');
	}
	if (!isObject(spec.schema))
		unsupported(
			'This deployment cannot honour a json_schema response_format without json_schema.schema (a JSON Schema object).',
		);
	checkSchema(spec.schema, '#');
	return { kind: 'json_schema', name: spec.name, schema: spec.schema };
}

/** Walks the schema; every keyword must be one this deployment honours, with a value of the right kind. */
function checkSchema(node: unknown, at: string): void {
	if (!isObject(node))
		unsupported(
			`This deployment cannot honour the schema at ${at}: it must be a JSON Schema object.`,
		);
	for (const [keyword, value] of Object.entries(node)) {
		if (!(SUPPORTED_KEYWORDS as readonly string[]).includes(keyword)) {
			unsupported(
				`This deployment cannot honour the JSON Schema keyword "${keyword}" (at ${at}); ` +
					`structured output here supports only: ${SUPPORTED_KEYWORDS.join(', ')}.`,
			);
		}
		checkKeyword(keyword, value, at);
	}
}

function checkKeyword(keyword: string, value: unknown, at: string): void {
	const bad = (expected: string): never =>
		unsupported(`This deployment cannot honour "${keyword}" at ${at}: it must be ${expected}.`);
	switch (keyword) {
		case 'type': {
			const types = Array.isArray(value) ? value : [value];
			if (
				types.length === 0 ||
				!types.every((type) => typeof type === 'string' && JSON_TYPES.includes(type))
			) {
				unsupported(
					`This deployment cannot honour the type ${JSON.stringify(value)} at ${at}; known types: ${JSON_TYPES.join(', ')}.`,
				);
			}
			return;
		}
		case 'properties':
			if (!isObject(value)) bad('an object of property schemas');
			for (const [name, schema] of Object.entries(value as Record<string, unknown>))
				checkSchema(schema, `${at}/properties/${name}`);
			return;
		case 'items':
			// 2020-12: `items` is one schema (the array form is `prefixItems`, not supported).
			checkSchema(value, `${at}/items`);
			return;
		case 'additionalProperties':
			if (typeof value !== 'boolean') checkSchema(value, `${at}/additionalProperties`);
			return;
		case 'required':
			if (!Array.isArray(value) || !value.every((name) => typeof name === 'string'))
				bad('an array of property names');
			return;
		case 'enum':
			if (!Array.isArray(value) || value.length === 0) bad('a non-empty array');
			return;
		case 'description':
		case 'title':
		case 'format':
			if (typeof value !== 'string') bad('a string');
			return;
		case 'minimum':
		case 'maximum':
			if (typeof value !== 'number' || !Number.isFinite(value)) bad('a number');
			return;
		case 'minItems':
		case 'maxItems':
			if (!Number.isInteger(value) || (value as number) < 0) bad('a whole number >= 0');
			return;
	}
}
