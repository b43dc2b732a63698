/**
 * The deterministic answer to an honoured json_schema response format (structured-output.ts checks it): an
 * instance that validates against the schema, filled from the prompt (prompt-facts.ts), so tests can check the
 * answer with a real validator and a reader sees an answer to the question asked.
 */
import type { JsonValue } from '../types';
import {
	isDateLike,
	isNameLike,
	NO_FACTS,
	numbersFor,
	phraseFor,
	type PromptFacts,
} from './prompt-facts';
import { isObject, type SchemaNode } from './structured-output';

/** Fixed values for the string formats the generator knows; other formats get the plain example string. */
const FORMAT_EXAMPLES: Record<string, string> = {
	date: '2026-01-15',
	'date-time': '2026-01-15T12:00:00Z',
	time: '12:00:00Z',
	email: 'example@example.com',
	uri: 'https://example.com/',
	uuid: '00000000-0000-4000-8000-000000000000',
};

/** The type an instance is built for: the declared one (the first non-null of a list), else inferred. */
function primaryType(schema: SchemaNode): string {
	const type = schema.type;
	if (typeof type === 'string') return type;
	if (Array.isArray(type))
		return (type.find((candidate) => candidate !== 'null') as string | undefined) ?? 'null';
	if (
		isObject(schema.properties) ||
		schema.required !== undefined ||
		schema.additionalProperties !== undefined
	)
		return 'object';
	if (schema.items !== undefined || schema.minItems !== undefined || schema.maxItems !== undefined)
		return 'array';
	if (schema.minimum !== undefined || schema.maximum !== undefined) return 'number';
	return 'string';
}

/** The first enum value the prompt mentions (as a word, any case), else the first one. */
function enumValue(values: unknown[], facts: PromptFacts): JsonValue {
	const words = new Set(facts.text.toLowerCase().match(/[\p{L}\p{N}_-]+/gu) ?? []);
	const mentioned = values.find(
		(value) =>
			(typeof value === 'string' || typeof value === 'number') &&
			words.has(String(value).toLowerCase()),
	);
	return (mentioned ?? values[0]) as JsonValue;
}

function exampleNumber(
	schema: SchemaNode,
	integer: boolean,
	name: string,
	facts: PromptFacts,
	index: number,
): number {
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
const pick = (values: string[], index: number): string | undefined =>
	values.length === 0 ? undefined : values[index % values.length];

function exampleString(
	schema: SchemaNode,
	name: string,
	facts: PromptFacts,
	index: number,
): string {
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
		const properties = Object.entries(items.properties).filter(
			([, sub]) => isObject(sub) && primaryType(sub) === 'string' && !Array.isArray(sub.enum),
		);
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
export function exampleInstance(
	schema: SchemaNode,
	name: string,
	facts: PromptFacts = NO_FACTS,
	index = 0,
): JsonValue {
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
			const count = Math.min(
				Math.max((schema.minItems as number | undefined) ?? 0, offered(items, name, facts), 1),
				(schema.maxItems as number | undefined) ?? Infinity,
			);
			return Array.from({ length: count }, (_, item) => exampleInstance(items, name, facts, item));
		}
		default: {
			const out: Record<string, JsonValue> = {};
			const properties = isObject(schema.properties) ? schema.properties : {};
			for (const [property, sub] of Object.entries(properties))
				out[property] = exampleInstance(sub as SchemaNode, property, facts, index);
			// A required name the properties do not describe takes the additionalProperties schema, if any.
			const extra = isObject(schema.additionalProperties) ? schema.additionalProperties : {};
			for (const property of (schema.required as string[] | undefined) ?? []) {
				if (!(property in out)) out[property] = exampleInstance(extra, property, facts, index);
			}
			return out;
		}
	}
}
