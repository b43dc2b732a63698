import fc from 'fast-check';
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

/**
 * Random JSON Schemas for the property tests of the field mappers (nested objects, enums, choice lists, dates,
 * pictures, fixed fields, awkward names), the leaves a mapper must offer, valid answers, and the nested input expected.
 */

export type Leaf =
	| { kind: 'string' }
	| { kind: 'integer' }
	| { kind: 'number' }
	| { kind: 'boolean' }
	| { kind: 'enum'; options: string[] }
	| { kind: 'choices'; options: string[] }
	| { kind: 'date' }
	| { kind: 'picture' };
export type Node =
	| {
			kind: 'object';
			properties: Array<{ name: string; node: Node; required: boolean; fixed: boolean }>;
	  }
	| Leaf;

/** Property names as schemas carry them, awkward ones included (never a dot: a dot is the path separator). */
export const propertyName = fc.oneof(
	{ weight: 6, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,9}$/) },
	{
		weight: 1,
		arbitrary: fc.constantFrom(
			'__proto__',
			'constructor',
			'toString',
			'hasOwnProperty',
			'Start date',
			'naïve',
			'名前',
			'x-y',
		),
	},
);
const optionText = fc
	.string({ unit: fc.constantFrom('a', 'B', ' ', 'é', '-', '1', '中'), minLength: 1, maxLength: 8 })
	.map((text) => text.trim())
	.filter((text) => text.length > 0);

export const leaf: fc.Arbitrary<Leaf> = fc.oneof(
	fc.constant({ kind: 'string' as const }),
	fc.constant({ kind: 'integer' as const }),
	fc.constant({ kind: 'number' as const }),
	fc.constant({ kind: 'boolean' as const }),
	fc
		.uniqueArray(optionText, { minLength: 1, maxLength: 5 })
		.map((options) => ({ kind: 'enum' as const, options })),
	fc
		.uniqueArray(optionText, { minLength: 1, maxLength: 5 })
		.map((options) => ({ kind: 'choices' as const, options })),
	fc.constant({ kind: 'date' as const }),
	fc.constant({ kind: 'picture' as const }),
);

const { tree } = fc.letrec<{ tree: Node }>((tie) => ({
	tree: fc.oneof(
		{ depthSize: 'small', withCrossShrink: true },
		leaf,
		fc
			.uniqueArray(
				fc.record({
					name: propertyName,
					node: tie('tree'),
					required: fc.boolean(),
					fixed: fc.integer({ min: 0, max: 9 }).map((draw) => draw < 2),
				}),
				{
					minLength: 1,
					maxLength: 5,
					selector: (property) => property.name,
				},
			)
			.map((properties) => ({ kind: 'object' as const, properties })),
	),
}));
export const rootSchema = fc
	.uniqueArray(
		fc.record({ name: propertyName, node: tree, required: fc.boolean(), fixed: fc.boolean() }),
		{ minLength: 1, maxLength: 6, selector: (property) => property.name },
	)
	.map((properties) => ({ kind: 'object' as const, properties }));

/** A JSON Schema built as the service sends it: through JSON text, so `__proto__` is an own property. */
export function toSchema(node: Node): IDataObject {
	const build = (current: Node): string => {
		switch (current.kind) {
			case 'object': {
				const properties = current.properties.map(({ name, node, fixed }) => {
					const inner = JSON.parse(build(node)) as IDataObject;
					return `${JSON.stringify(name)}:${JSON.stringify(fixed ? { ...inner, readOnly: true } : inner)}`;
				});
				const required = current.properties
					.filter((property) => property.required)
					.map((property) => property.name);
				return `{"type":"object","additionalProperties":false,"properties":{${properties.join(',')}},"required":${JSON.stringify(required)}}`;
			}
			case 'enum':
				return JSON.stringify({ type: 'string', enum: current.options });
			case 'choices':
				return JSON.stringify({
					type: 'array',
					items: { type: 'string', enum: current.options },
					uniqueItems: true,
				});
			case 'date':
				return JSON.stringify({ type: 'string', format: 'date' });
			case 'picture':
				return JSON.stringify({
					type: 'string',
					contentEncoding: 'base64',
					contentMediaType: 'image/png',
				});
			default:
				return JSON.stringify({ type: current.kind });
		}
	};
	return JSON.parse(build(node)) as IDataObject;
}

interface OfferedLeaf {
	path: string;
	leaf: Leaf;
	required: boolean;
}

/** The leaves a mapper must offer, walked independently of the node's code: not fixed, not inside a fixed object. */
export function offeredLeaves(node: Node, prefix = '', parentRequired = true): OfferedLeaf[] {
	if (node.kind !== 'object') return [];
	return node.properties.flatMap(({ name, node: child, required, fixed }) => {
		if (fixed) return [];
		const path = prefix ? `${prefix}.${name}` : name;
		// An object with properties is walked into; an object with none would be a leaf, but the generator never makes one.
		if (child.kind === 'object') return offeredLeaves(child, path, parentRequired && required);
		return [{ path, leaf: child, required: parentRequired && required }];
	});
}

/** A valid answer for a leaf: the JSON value the service must receive, and a form a user or expression may give. */
export function answer(
	leaf: Leaf,
	mapper: 'template' | 'run' = 'template',
): fc.Arbitrary<{ sent: unknown; given: unknown }> {
	switch (leaf.kind) {
		case 'string':
			return fc
				.string({ minLength: 1, maxLength: 12 })
				.filter((text) => text.trim().length > 0)
				.map((text) => ({ sent: text, given: text }));
		case 'integer':
			return fc
				.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.boolean())
				.map(([value, asText]) => ({ sent: value, given: asText ? String(value) : value }));
		case 'number':
			return fc
				.tuple(
					fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
					fc.boolean(),
				)
				.map(([value, asText]) => ({
					sent: Object.is(value, -0) ? 0 : value,
					given: asText ? String(value) : value,
				}));
		case 'boolean':
			// Yes/no words are the template mapper's; the run-input mapper takes true/false only.
			return fc
				.tuple(
					fc.boolean(),
					mapper === 'template'
						? fc.constantFrom('value', 'text', 'yes/no', 'upper')
						: fc.constantFrom('value', 'text', 'upper'),
				)
				.map(([value, form]) => ({
					sent: value,
					given:
						form === 'value'
							? value
							: form === 'text'
								? String(value)
								: form === 'yes/no'
									? value
										? 'yes'
										: 'no'
									: String(value).toUpperCase(),
				}));
		case 'enum':
			return fc.constantFrom(...leaf.options).map((option) => ({ sent: option, given: option }));
		case 'choices':
			return fc
				.tuple(fc.subarray(leaf.options, { minLength: 1 }), fc.boolean())
				.map(([chosen, asText]) => ({ sent: chosen, given: asText ? chosen.join(', ') : chosen }));
		case 'date':
			return fc
				.tuple(
					fc.date({
						min: new Date('1900-01-01T00:00:00Z'),
						max: new Date('2199-12-31T00:00:00Z'),
						noInvalidDate: true,
					}),
					fc.constantFrom('iso', 'datetime', 'luxon', 'date'),
				)
				.map(([date, form]) => {
					const day = date.toISOString().slice(0, 10);
					const given =
						form === 'iso'
							? day
							: form === 'datetime'
								? `${day}T23:30:00-08:00`
								: form === 'luxon'
									? DateTime.fromISO(day, { zone: 'utc' })
									: new Date(`${day}T12:00:00Z`);
					return { sent: day, given };
				});
		case 'picture':
			return fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => ({
				sent: Buffer.from(bytes).toString('base64'),
				given: Buffer.from(bytes),
			}));
	}
}

/** Nested expected input from dotted paths, built with own properties (as JSON text would). */
export function nest(entries: Array<[string, unknown]>): IDataObject {
	const root: IDataObject = {};
	for (const [path, value] of entries) {
		const keys = path.split('.');
		let cursor = root;
		for (const key of keys.slice(0, -1)) {
			if (!Object.prototype.hasOwnProperty.call(cursor, key))
				Object.defineProperty(cursor, key, {
					value: {},
					enumerable: true,
					writable: true,
					configurable: true,
				});
			cursor = cursor[key] as IDataObject;
		}
		Object.defineProperty(cursor, keys[keys.length - 1], {
			value,
			enumerable: true,
			writable: true,
			configurable: true,
		});
	}
	return root;
}
