import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

/** JSON read from parameters and streams, by one set of rules. Pure: no I/O. */

export type ParsedJsonObject =
	| { ok: true; value: IDataObject }
	| { ok: false; problem: 'syntax'; detail: string }
	| { ok: false; problem: 'notObject' };

/** A JSON object from text, or an object n8n already parsed; arrays, null and other values are not objects. */
export function parseJsonObject(raw: unknown): ParsedJsonObject {
	let value: unknown = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw);
		} catch (error) {
			return { ok: false, problem: 'syntax', detail: (error as Error).message };
		}
	}
	return value && typeof value === 'object' && !Array.isArray(value)
		? { ok: true, value: value as IDataObject }
		: { ok: false, problem: 'notObject' };
}

/** How a parameter's refusals are worded: its name, and what to enter instead. */
export interface JsonObjectWording {
	/** "Input (JSON)": the messages read "<field> is not valid JSON" and "<field> must be an object". */
	field: string;
	/** The description of a syntax error, from the parser's own message. */
	syntaxHint: (detail: string) => string;
	objectHint: string;
}

/** A JSON-object parameter, or an error naming the field and the item. */
export function jsonObjectParameter(
	node: INode,
	raw: unknown,
	itemIndex: number,
	wording: JsonObjectWording,
): IDataObject {
	const parsed = parseJsonObject(raw);
	if (parsed.ok) return parsed.value;
	if (parsed.problem === 'syntax')
		throw new NodeOperationError(node, `${wording.field} is not valid JSON`, {
			description: wording.syntaxHint(parsed.detail),
			itemIndex,
		});
	throw new NodeOperationError(node, `${wording.field} must be an object`, {
		description: wording.objectHint,
		itemIndex,
	});
}

/** Text that looks like a JSON object or array is parsed; anything else (or text that fails to parse) is kept as given. */
export function parseJsonText(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (!text.startsWith('{') && !text.startsWith('[')) return value;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return value;
	}
}
