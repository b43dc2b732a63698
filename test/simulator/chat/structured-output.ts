/**
 * `response_format` of a chat request (contract, Chat completion: "structured-output constraint
 * forwarded verbatim"; Errors: structured_output_unsupported when the deployment cannot honour it).
 *
 * This deployment honours plain text and `{ type: 'json_schema', json_schema: { name, schema, strict? } }`
 * whose schema uses only the keywords in SUPPORTED_KEYWORDS. Anything else is refused with a message
 * naming what it cannot honour, so a client can tell "fix my schema" from "the service failed".
 *
 * An honoured schema is answered with a deterministic instance that validates against it
 * (exampleInstance), filled from the prompt (prompt-facts.ts), so tests can check the answer with a real
 * validator and a reader sees an answer to the question asked.
 */
import { HttpError } from '../responses';
import type { JsonValue } from '../types';
import { isDateLike, isNameLike, NO_FACTS, numbersFor, phraseFor, type PromptFacts } from './prompt-facts';

export type OutputFormat = { kind: 'text' } | { kind: 'json_schema'; name: string; schema: SchemaNode };

type SchemaNode = Record<string, unknown>;

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

/** Fixed values for the string formats the generator knows; other formats get the plain example string. */
const FORMAT_EXAMPLES: Record<string, string> = {
  date: '2026-01-15',
  'date-time': '2026-01-15T12:00:00Z',
  time: '12:00:00Z',
  email: 'example@example.com',
  uri: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function unsupported(message: string): never {
  throw new HttpError(400, 'structured_output_unsupported', message);
}

/** Reads `response_format`: absent (or null) and `{ type: 'text' }` mean text. */
export function checkResponseFormat(value: unknown): OutputFormat {
  if (value === undefined || value === null) return { kind: 'text' };
  if (!isObject(value)) {
    unsupported('This deployment cannot honour this response_format: it must be { "type": "text" } or { "type": "json_schema", "json_schema": { "name", "schema" } }.');
  }
  if (value.type === 'text') return { kind: 'text' };
  if (value.type !== 'json_schema') {
    unsupported(
      `This deployment cannot honour response_format type ${JSON.stringify(value.type ?? null)}; ` +
        'it honours "text" and "json_schema" (a JSON Schema using only: ' + SUPPORTED_KEYWORDS.join(', ') + ').',
    );
  }
  const spec = value.json_schema;
  if (!isObject(spec)) unsupported('This deployment cannot honour a json_schema response_format without a json_schema object { name, schema, strict? }.');
  if (typeof spec.name !== 'string' || spec.name === '') unsupported('This deployment cannot honour a json_schema response_format without json_schema.name (a non-empty string).');
  if (spec.strict !== undefined && spec.strict !== null && typeof spec.strict !== 'boolean') {
    unsupported('This deployment cannot honour json_schema.strict other than true or false.');
  }
  if (!isObject(spec.schema)) unsupported('This deployment cannot honour a json_schema response_format without json_schema.schema (a JSON Schema object).');
  checkSchema(spec.schema, '#');
  return { kind: 'json_schema', name: spec.name, schema: spec.schema };
}

/** Walks the schema; every keyword must be one this deployment honours, with a value of the right kind. */
function checkSchema(node: unknown, at: string): void {
  if (!isObject(node)) unsupported(`This deployment cannot honour the schema at ${at}: it must be a JSON Schema object.`);
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
  const bad = (expected: string): never => unsupported(`This deployment cannot honour "${keyword}" at ${at}: it must be ${expected}.`);
  switch (keyword) {
    case 'type': {
      const types = Array.isArray(value) ? value : [value];
      if (types.length === 0 || !types.every((type) => typeof type === 'string' && JSON_TYPES.includes(type))) {
        unsupported(`This deployment cannot honour the type ${JSON.stringify(value)} at ${at}; known types: ${JSON_TYPES.join(', ')}.`);
      }
      return;
    }
    case 'properties':
      if (!isObject(value)) bad('an object of property schemas');
      for (const [name, schema] of Object.entries(value as Record<string, unknown>)) checkSchema(schema, `${at}/properties/${name}`);
      return;
    case 'items':
      // 2020-12: `items` is one schema (the array form is `prefixItems`, not supported).
      checkSchema(value, `${at}/items`);
      return;
    case 'additionalProperties':
      if (typeof value !== 'boolean') checkSchema(value, `${at}/additionalProperties`);
      return;
    case 'required':
      if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) bad('an array of property names');
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

// ---- The deterministic answer -------------------------------------------------------------------

/** The type an instance is built for: the declared one (the first non-null of a list), else inferred. */
function primaryType(schema: SchemaNode): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return (type.find((candidate) => candidate !== 'null') as string | undefined) ?? 'null';
  if (isObject(schema.properties) || schema.required !== undefined || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined || schema.minItems !== undefined || schema.maxItems !== undefined) return 'array';
  if (schema.minimum !== undefined || schema.maximum !== undefined) return 'number';
  return 'string';
}

/** The first enum value the prompt mentions (as a word, any case), else the first one. */
function enumValue(values: unknown[], facts: PromptFacts): JsonValue {
  const words = new Set(facts.text.toLowerCase().match(/[\p{L}\p{N}_-]+/gu) ?? []);
  const mentioned = values.find((value) => (typeof value === 'string' || typeof value === 'number') && words.has(String(value).toLowerCase()));
  return (mentioned ?? values[0]) as JsonValue;
}

function exampleNumber(schema: SchemaNode, integer: boolean, name: string, facts: PromptFacts, index: number): number {
  const minimum = schema.minimum as number | undefined;
  const maximum = schema.maximum as number | undefined;
  const found = numbersFor(facts, name);
  const from = found[index] ?? found[0];
  let value = from === undefined ? (minimum ?? 1) : integer ? Math.round(from) : from;
  if (minimum !== undefined && value < minimum) value = minimum;
  if (integer) value = Math.ceil(value);
  if (maximum !== undefined && value > maximum) value = integer ? Math.floor(maximum) : maximum;
  return value;
}

/** The `index`-th of a list (cycling), or undefined when it is empty. */
const pick = (values: string[], index: number): string | undefined => (values.length === 0 ? undefined : values[index % values.length]);

function exampleString(schema: SchemaNode, name: string, facts: PromptFacts, index: number): string {
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  if (format !== undefined) {
    const fromPrompt =
      format === 'date'
        ? pick(facts.dates, index)
        : format === 'date-time'
          ? pick(facts.dates, index)?.concat('T00:00:00Z')
          : format === 'email'
            ? pick(facts.emails, index)
            : format === 'uri'
              ? pick(facts.urls, index)
              : undefined;
    const fixed = fromPrompt ?? FORMAT_EXAMPLES[format];
    if (fixed !== undefined) return fixed;
  }
  // A date or name field the prompt offers nothing for keeps a placeholder rather than an unrelated phrase.
  if (isDateLike(name)) return pick(facts.dates, index) ?? FORMAT_EXAMPLES.date;
  if (isNameLike(name)) return pick(facts.names, index) ?? `example ${name}`;
  return phraseFor(facts, name) ?? `example ${name}`;
}

/** How many things of this kind the prompt offers (names for a list of parties…); 1 when it is not a list of those. */
function offered(items: SchemaNode, name: string, facts: PromptFacts): number {
  if (Array.isArray(items.enum)) return 1;
  const type = primaryType(items);
  if (type === 'string' && typeof items.format !== 'string') {
    if (isDateLike(name)) return facts.dates.length;
    if (isNameLike(name)) return facts.names.length;
  }
  if (type === 'object' && isObject(items.properties)) {
    const properties = Object.entries(items.properties).filter(([, sub]) => isObject(sub) && primaryType(sub) === 'string' && !Array.isArray(sub.enum));
    if (properties.some(([property]) => isNameLike(property))) return facts.names.length;
  }
  return 1;
}

/**
 * A deterministic instance of an honoured schema, filled from the prompt's facts (prompt-facts.ts) so it reads
 * like an answer to the question asked:
 * - strings: a date of the prompt for a date field (format date / date-time, or a name such as effective_date),
 *   an email or URL of the prompt for those formats, a name of the prompt for a name field (parties, party,
 *   counterparty, name…), else a short phrase of the prompt (up to 10 words of its first sentence naming one
 *   of the field's words, else of its first sentence); when the prompt has none of what a field wants: the
 *   fixed valid value of its format (a date field: 2026-01-15), "example <name>" for a name field;
 * - numbers: the prompt's number nearest a word of the field's name, kept within minimum/maximum (none: the
 *   minimum, or 1); booleans true; enums the first value the prompt mentions, else the first one;
 * - arrays: one item per name (or date) the prompt offers for a list of names (or dates), else one item, kept
 *   within minItems/maxItems; the i-th item takes the i-th name; objects: every property, required or not.
 * Without facts (NO_FACTS) strings are "example <propertyName>". `name` is the property the value is for
 * (array items take their array's name; the root, the schema name).
 */
export function exampleInstance(schema: SchemaNode, name: string, facts: PromptFacts = NO_FACTS, index = 0): JsonValue {
  if (Array.isArray(schema.enum)) return enumValue(schema.enum, facts);
  switch (primaryType(schema)) {
    case 'string':
      return exampleString(schema, name, facts, index);
    case 'integer':
      return exampleNumber(schema, true, name, facts, index);
    case 'number':
      return exampleNumber(schema, false, name, facts, index);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const items = isObject(schema.items) ? schema.items : {};
      const count = Math.min(Math.max((schema.minItems as number | undefined) ?? 0, offered(items, name, facts), 1), (schema.maxItems as number | undefined) ?? Infinity);
      return Array.from({ length: count }, (_, item) => exampleInstance(items, name, facts, item));
    }
    default: {
      const out: Record<string, JsonValue> = {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      for (const [property, sub] of Object.entries(properties)) out[property] = exampleInstance(sub as SchemaNode, property, facts, index);
      // A required name the properties do not describe takes the additionalProperties schema, if any.
      const extra = isObject(schema.additionalProperties) ? schema.additionalProperties : {};
      for (const property of (schema.required as string[] | undefined) ?? []) {
        if (!(property in out)) out[property] = exampleInstance(extra, property, facts, index);
      }
      return out;
    }
  }
}
