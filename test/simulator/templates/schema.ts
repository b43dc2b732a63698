/**
 * Reading a template's inputSchema (JSON Schema 2020-12 with the contract's conventions,
 * Resources: Document template): objects nest answers, `readOnly` marks fixed fields, `default`
 * workspace defaults, `contentEncoding: base64` pictures, `format: date` dates, a string `enum` one
 * choice and an array of `enum` items several choices.
 *
 * Lookups use own properties only: answers arrive as parsed JSON, and a key such as `constructor`
 * must be an unknown key, not Object.prototype's.
 */
import type { AnswerKind } from './types';

export type SchemaNode = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

export const hasOwn = (object: object, key: string): boolean =>
	Object.prototype.hasOwnProperty.call(object, key);

export const joinPath = (base: string, name: string | number): string =>
	base === '' ? String(name) : `${base}.${name}`;

function propertiesOf(node: SchemaNode): Record<string, SchemaNode> {
	return isPlainObject(node.properties) ? (node.properties as Record<string, SchemaNode>) : {};
}

export function propertyOf(node: SchemaNode, name: string): SchemaNode | undefined {
	const properties = propertiesOf(node);
	return hasOwn(properties, name) && isPlainObject(properties[name]) ? properties[name] : undefined;
}

function requiredOf(node: SchemaNode): string[] {
	return Array.isArray(node.required)
		? node.required.filter((name): name is string => typeof name === 'string')
		: [];
}

export const isObjectNode = (node: SchemaNode): boolean =>
	node.type === 'object' || (node.type === undefined && isPlainObject(node.properties));
export const isPictureNode = (node: SchemaNode): boolean =>
	node.type === 'string' && node.contentEncoding === 'base64';
export const isDateNode = (node: SchemaNode): boolean =>
	node.type === 'string' && node.format === 'date';
export const isReadOnly = (node: SchemaNode): boolean => node.readOnly === true;

export function itemsOf(node: SchemaNode): SchemaNode | undefined {
	return isPlainObject(node.items) ? node.items : undefined;
}

export function optionsOf(node: SchemaNode | undefined): string[] | undefined {
	return node && Array.isArray(node.enum) ? node.enum.map(String) : undefined;
}

export function kindOf(node: SchemaNode): AnswerKind {
	if (isPictureNode(node)) return 'picture';
	if (isDateNode(node)) return 'date';
	if (node.type === 'string') return optionsOf(node) ? 'choice' : 'text';
	if (node.type === 'number' || node.type === 'integer') return 'number';
	if (node.type === 'boolean') return 'boolean';
	if (node.type === 'array' && optionsOf(itemsOf(node))) return 'choices';
	return 'other';
}

/** A leaf of the answer tree (anything but an object), with what decides its source. */
export interface SchemaLeaf {
	path: string;
	node: SchemaNode;
	/** Listed in its parent's `required`. */
	required: boolean;
	/** The leaf or one of its ancestors is readOnly. */
	fixed: boolean;
	/** The leaf's `default`, else the value at its place in an ancestor's `default` object. */
	defaultValue: unknown;
	/** Ancestor objects that are optional: the leaf is only owed when each of them was posted. */
	optionalAncestors: string[];
}

/** Every leaf in schema order (property order of the document). */
export function leavesOf(schema: SchemaNode): SchemaLeaf[] {
	const leaves: SchemaLeaf[] = [];
	const walk = (
		node: SchemaNode,
		path: string,
		fixed: boolean,
		inheritedDefault: unknown,
		optionalAncestors: string[],
	): void => {
		const required = requiredOf(node);
		for (const [name, child] of Object.entries(propertiesOf(node))) {
			if (!isPlainObject(child)) continue;
			const childPath = joinPath(path, name);
			const childFixed = fixed || isReadOnly(child);
			const fromParent =
				isPlainObject(inheritedDefault) && hasOwn(inheritedDefault, name)
					? inheritedDefault[name]
					: undefined;
			const defaultValue = child.default !== undefined ? child.default : fromParent;
			const isRequired = required.includes(name);
			if (isObjectNode(child))
				walk(
					child,
					childPath,
					childFixed,
					defaultValue,
					isRequired ? optionalAncestors : [...optionalAncestors, childPath],
				);
			else
				leaves.push({
					path: childPath,
					node: child,
					required: isRequired,
					fixed: childFixed,
					defaultValue,
					optionalAncestors,
				});
		}
	};
	walk(schema, '', isReadOnly(schema), schema.default, []);
	return leaves;
}
