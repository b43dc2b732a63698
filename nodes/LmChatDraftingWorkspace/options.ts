import type { IDataObject } from 'n8n-workflow';

import { completionBody, type ChatMessage, type CompletionRequest } from '../shared/chat/request';

/** The Chat Model's options → the body of POST /v1/chat/completions. Pure: no I/O. */

export interface ChatModelOptions {
	temperature?: number;
	maxCompletionTokens?: number;
	responseFormat?: 'text' | 'jsonSchema';
	/** Already parsed (the node checks the JSON text and names the problem). */
	jsonSchema?: IDataObject;
	schemaName?: string;
}

/** What the node reads from its Options collection, typed; unknown or empty values are left out. */
export function readModelOptions(raw: IDataObject): Omit<ChatModelOptions, 'jsonSchema'> & { jsonSchemaText?: unknown } {
	const read: Omit<ChatModelOptions, 'jsonSchema'> & { jsonSchemaText?: unknown } = {};
	if (typeof raw.temperature === 'number') read.temperature = raw.temperature;
	if (typeof raw.maxCompletionTokens === 'number' && raw.maxCompletionTokens > 0) read.maxCompletionTokens = Math.floor(raw.maxCompletionTokens);
	if (raw.responseFormat === 'jsonSchema') {
		read.responseFormat = 'jsonSchema';
		read.jsonSchemaText = raw.jsonSchema;
		read.schemaName = typeof raw.schemaName === 'string' && raw.schemaName.trim() ? raw.schemaName.trim() : 'answer';
	}
	return read;
}

/** The request body: streamed, never with `tools`; max_completion_tokens for the cap; response_format for a schema. */
export function modelRequestBody(model: string, messages: ChatMessage[], options: ChatModelOptions): IDataObject {
	const request: CompletionRequest = { model, messages, temperature: options.temperature, maxCompletionTokens: options.maxCompletionTokens };
	if (options.responseFormat === 'jsonSchema' && options.jsonSchema) request.jsonSchema = { name: options.schemaName ?? 'answer', schema: options.jsonSchema };
	return completionBody(request);
}
