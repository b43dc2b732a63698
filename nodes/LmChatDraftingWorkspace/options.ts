import type { IDataObject } from 'n8n-workflow';

import type { ChatOptions } from '../shared/chat/options';
import { completionBody, type ChatMessage, type CompletionRequest } from '../shared/chat/request';

/** The Chat Model's options → the body of POST /v1/chat/completions. Pure: no I/O. */

/** The options as read (shared/chat/options.ts), with the schema already parsed (the node checks the JSON text). */
export interface ChatModelOptions extends Omit<ChatOptions, 'jsonSchemaText'> {
	jsonSchema?: IDataObject;
}

/** The request body: streamed, never with `tools`; max_completion_tokens for the cap; response_format for a schema. */
export function modelRequestBody(
	model: string,
	messages: ChatMessage[],
	options: ChatModelOptions,
): IDataObject {
	const request: CompletionRequest = {
		model,
		messages,
		temperature: options.temperature,
		maxCompletionTokens: options.maxCompletionTokens,
	};
	if (options.responseFormat === 'jsonSchema' && options.jsonSchema)
		request.jsonSchema = { name: options.schemaName ?? 'answer', schema: options.jsonSchema };
	return completionBody(request);
}
