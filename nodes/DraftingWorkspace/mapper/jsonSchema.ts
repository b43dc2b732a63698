import type { FieldType, IDataObject, INodePropertyOptions } from 'n8n-workflow';

/**
 * Readers of JSON Schema objects shared by the run-input and template-answer mappers. The schemas come from the
 * service as plain JSON, so every reader tolerates a missing or odd member.
 */

export type JsonSchemaObject = IDataObject;

export function propertiesOf(schema: JsonSchemaObject): Record<string, JsonSchemaObject> {
	const properties = schema.properties;
	return properties && typeof properties === 'object' && !Array.isArray(properties)
		? (properties as Record<string, JsonSchemaObject>)
		: {};
}

export function requiredOf(schema: JsonSchemaObject): Set<string> {
	return new Set(
		Array.isArray(schema.required)
			? schema.required.filter((name): name is string => typeof name === 'string')
			: [],
	);
}

export function typeOf(property: JsonSchemaObject): string | undefined {
	const type = property.type;
	if (typeof type === 'string') return type;
	if (Array.isArray(type))
		return type.find(
			(candidate): candidate is string => typeof candidate === 'string' && candidate !== 'null',
		);
	return undefined;
}

export function enumOptions(property: JsonSchemaObject): INodePropertyOptions[] | undefined {
	const values = Array.isArray(property.enum) ? property.enum : undefined;
	if (!values) return undefined;
	return values
		.filter((value): value is string | number | boolean =>
			['string', 'number', 'boolean'].includes(typeof value),
		)
		.map((value) => ({ name: String(value), value }));
}

/** The mapper type of a JSON Schema type. Dates stay strings: n8n's dateTime type hands back a Luxon object. */
export function fieldTypeOfJsonType(type: string | undefined): FieldType {
	switch (type) {
		case 'boolean':
			return 'boolean';
		case 'integer':
		case 'number':
			return 'number';
		case 'array':
			return 'array';
		case 'object':
			return 'object';
		default:
			return 'string';
	}
}

/** Nothing to send: n8n's empty field, an empty string, an empty list. Never sent (and never as null). */
export function isEmptyAnswer(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		(typeof value === 'string' && value.trim() === '') ||
		(Array.isArray(value) && value.length === 0)
	);
}

export type Coerced = { ok: true; value: unknown } | { ok: false; problem: string };

/** A JSON number from a number or numeric text; `integer` schemas also need a whole number. */
export function coerceNumber(property: JsonSchemaObject, value: unknown): Coerced {
	const number =
		typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
	if (!Number.isFinite(number))
		return { ok: false, problem: `must be a number, got "${String(value)}"` };
	if (typeOf(property) === 'integer' && !Number.isInteger(number))
		return { ok: false, problem: `must be a whole number, got ${number}` };
	return { ok: true, value: number };
}
