import type { IDataObject } from 'n8n-workflow';

/** The body of POST /v1/chat/completions, from what a node read. Pure: no I/O. */

export interface ChatMessage {
	role: string;
	content: string;
}

export interface CompletionRequest {
	model: string;
	messages: ChatMessage[];
	temperature?: number;
	/** Sent as max_completion_tokens (it also caps a reasoning model's reasoning). */
	maxCompletionTokens?: number;
	/** Structured output: the answer must be JSON matching `schema`. */
	jsonSchema?: { name: string; schema: IDataObject };
}

/**
 * Always streamed (the node relays deltas when the execution streams, and adds them up otherwise), with usage in
 * the last chunk. `tools` are never sent: the service refuses them (tools_not_supported_yet).
 */
export function completionBody(request: CompletionRequest): IDataObject {
	const body: IDataObject = {
		model: request.model,
		messages: request.messages as unknown as IDataObject[],
		stream: true,
		stream_options: { include_usage: true },
	};
	if (request.temperature !== undefined) body.temperature = request.temperature;
	if (request.maxCompletionTokens !== undefined)
		body.max_completion_tokens = request.maxCompletionTokens;
	if (request.jsonSchema)
		body.response_format = {
			type: 'json_schema',
			json_schema: {
				// The service takes letters, digits, _ and - in a schema name.
				name: request.jsonSchema.name.replace(/[^A-Za-z0-9_-]/g, '_'),
				schema: request.jsonSchema.schema,
				strict: true,
			},
		};
	return body;
}
