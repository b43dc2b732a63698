import { bool, int, ref, str, type Schema } from './schema-parts';

/** The OpenAI-compatible chat as JSON Schemas of the OpenAPI components: messages, the request, the completion, its chunks, the model list. */
export const CHAT_SCHEMAS: Record<string, Schema> = {
	ChatMessage: {
		type: 'object',
		required: ['role', 'content'],
		properties: { role: { type: 'string', enum: ['system', 'user', 'assistant'] }, content: str },
	},
	ChatCompletionRequest: {
		type: 'object',
		description:
			'Checked in this order: tools/tool_choice, model, messages (and the optional scalars), response_format; then the workspace quota.',
		required: ['model', 'messages'],
		properties: {
			model: {
				type: 'string',
				description: 'An id from GET /v1/models; any other is 400 model_not_allowed.',
			},
			messages: {
				type: 'array',
				minItems: 1,
				items: ref('ChatMessage'),
				description: 'The full conversation, every turn.',
			},
			stream: bool,
			stream_options: {
				type: 'object',
				properties: {
					include_usage: {
						type: 'boolean',
						description: 'A last chunk with `usage` (and empty choices) before [DONE].',
					},
				},
			},
			temperature: { type: 'number' },
			max_completion_tokens: {
				type: 'integer',
				minimum: 1,
				description: 'Output-token cap; on a reasoning model it bounds the reasoning tokens too.',
			},
			max_tokens: {
				type: 'integer',
				minimum: 1,
				description: 'Legacy; max_completion_tokens wins when both are sent.',
			},
			response_format: {
				description:
					'Absent or { type: text }, or { type: json_schema, json_schema: { name, schema, strict? } } whose schema uses only type, properties, required, items, enum, additionalProperties, description, title, minimum, maximum, minItems, maxItems, format. Anything else: 400 structured_output_unsupported.',
			},
			tools: { description: 'Refused: 400 tools_not_supported_yet.' },
			tool_choice: { description: 'Refused: 400 tools_not_supported_yet.' },
		},
	},
	ChatUsage: {
		type: 'object',
		required: ['prompt_tokens', 'completion_tokens', 'total_tokens', 'completion_tokens_details'],
		properties: {
			prompt_tokens: int,
			completion_tokens: { type: 'integer', description: 'Includes the reasoning tokens.' },
			total_tokens: int,
			completion_tokens_details: {
				type: 'object',
				required: ['reasoning_tokens'],
				properties: { reasoning_tokens: int },
			},
		},
	},
	ChatCompletion: {
		type: 'object',
		required: ['id', 'object', 'created', 'model', 'choices', 'usage'],
		properties: {
			id: { type: 'string', pattern: '^chatcmpl-' },
			object: { const: 'chat.completion' },
			created: { type: 'integer', description: 'Unix seconds.' },
			model: str,
			choices: {
				type: 'array',
				minItems: 1,
				items: {
					type: 'object',
					required: ['index', 'message', 'finish_reason'],
					properties: {
						index: int,
						message: {
							type: 'object',
							required: ['role', 'content'],
							properties: { role: { const: 'assistant' }, content: str },
						},
						finish_reason: { type: 'string', enum: ['stop', 'length'] },
					},
				},
			},
			usage: ref('ChatUsage'),
		},
	},
	ChatCompletionChunk: {
		type: 'object',
		description:
			'One `data:` frame of a streamed completion (no `event:` lines): a first delta { role, content: "" }, one delta per word, a delta {} with the finish_reason, with stream_options.include_usage a chunk with empty choices and `usage`; then `data: [DONE]`.',
		required: ['id', 'object', 'created', 'model', 'choices'],
		properties: {
			id: { type: 'string', pattern: '^chatcmpl-' },
			object: { const: 'chat.completion.chunk' },
			created: int,
			model: str,
			choices: {
				type: 'array',
				maxItems: 1,
				items: {
					type: 'object',
					required: ['index', 'delta', 'finish_reason'],
					properties: {
						index: int,
						delta: { type: 'object', properties: { role: { const: 'assistant' }, content: str } },
						finish_reason: {
							anyOf: [{ type: 'string', enum: ['stop', 'length'] }, { type: 'null' }],
						},
					},
				},
			},
			usage: ref('ChatUsage'),
		},
	},
	ModelList: {
		type: 'object',
		description:
			'OpenAI-compatible list: the chat models the workspace allows for API access (only the fixed one when the workspace fixes one).',
		required: ['object', 'data'],
		properties: {
			object: { const: 'list' },
			data: {
				type: 'array',
				items: {
					type: 'object',
					required: ['id', 'object', 'created', 'owned_by'],
					properties: {
						id: { type: 'string', description: 'Usable as `model`.' },
						object: { const: 'model' },
						created: int,
						owned_by: str,
					},
				},
			},
		},
	},
};
