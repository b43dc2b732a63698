import type { IDataObject } from 'n8n-workflow';

/**
 * The chat options both nodes offer under the same names (Chat → Complete's, the Chat Model's: the Options
 * collection and the Response Format fields), read once. Pure. Unknown or empty values are left out; the schema stays text, for each node to parse with its
 * own wording (jsonObjectParameter names the field the user knows).
 */
export interface ChatOptions {
	temperature?: number;
	/** A whole number of tokens, sent as max_completion_tokens. */
	maxCompletionTokens?: number;
	responseFormat?: 'text' | 'jsonSchema';
	/** The JSON Schema option as entered (only with Response Format JSON Schema). */
	jsonSchemaText?: unknown;
	/** Trimmed; 'answer' when left blank (only with Response Format JSON Schema). */
	schemaName?: string;
}

/**
 * The Options collection with the response format fields beside it (optionFields.ts): what a node reads for them,
 * by the same names, so `readChatOptions` reads both at once.
 */
export function withResponseFormat(
	options: IDataObject,
	read: (name: 'responseFormat' | 'jsonSchema' | 'schemaName') => unknown,
): IDataObject {
	const format = read('responseFormat');
	if (format !== 'jsonSchema') return { ...options, responseFormat: 'text' };
	return {
		...options,
		responseFormat: format,
		jsonSchema: read('jsonSchema') as IDataObject[string],
		schemaName: read('schemaName') as IDataObject[string],
	};
}

/** A node's parameter by name, with the value to take when it is not set. */
export type ParameterReader = (name: string, fallback: unknown) => unknown;

/** The chat options from a node's parameters: the Options collection and the Response Format fields beside it. */
export function chatOptionsOf(read: ParameterReader): ChatOptions {
	return readChatOptions(
		withResponseFormat(read('options', {}) as IDataObject, (name) => read(name, undefined)),
	);
}

export function readChatOptions(raw: IDataObject): ChatOptions {
	const read: ChatOptions = {};
	if (typeof raw.temperature === 'number') read.temperature = raw.temperature;
	if (typeof raw.maxCompletionTokens === 'number' && raw.maxCompletionTokens > 0)
		read.maxCompletionTokens = Math.floor(raw.maxCompletionTokens);
	if (raw.responseFormat === 'jsonSchema') {
		read.responseFormat = 'jsonSchema';
		read.jsonSchemaText = raw.jsonSchema;
		read.schemaName =
			typeof raw.schemaName === 'string' && raw.schemaName.trim()
				? raw.schemaName.trim()
				: 'answer';
	}
	return read;
}
