import type { IDataObject } from 'n8n-workflow';

import { jsonItems, type Row } from './table';

/** Bad input of Chat → Complete (model, message, Response Schema, scope) and Chat → List Models. */

const chat = (extra: IDataObject = {}) => ({
	resource: 'chat',
	operation: 'complete',
	model: '={{ $json.model }}',
	messages: { values: [{ role: 'user', content: '={{ $json.question }}' }] },
	...extra,
});
const chatItem = { model: 'dw-standard', question: 'What is the notice period?' };
const SCHEMA = JSON.stringify({
	type: 'object',
	properties: { summary: { type: 'string' } },
	required: ['summary'],
	additionalProperties: false,
});

export const CHAT_ROWS: Row[] = [
	{
		operation: 'Chat → Complete',
		input: 'a model that is not allowed',
		parameters: chat(),
		items: jsonItems(chatItem, { ...chatItem, model: 'gpt-unknown' }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message:
			/^The workspace does not allow this model for API access \(model_not_allowed\); allowed: dw-standard, dw-reasoning$/,
	},
	{
		operation: 'Chat → Complete',
		input: 'an empty user message',
		parameters: chat(),
		items: jsonItems(chatItem, { ...chatItem, question: '' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^No user message to answer$/,
	},
	{
		operation: 'Chat → Complete',
		input: 'invalid JSON in the Response Schema option',
		parameters: chat({ responseFormat: 'jsonSchema', jsonSchema: '={{ $json.schema }}' }),
		items: jsonItems(
			{ ...chatItem, schema: SCHEMA },
			{ ...chatItem, schema: '{"type": "object",' },
		),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^The Response Schema \(below Response Format\) is not valid JSON$/,
	},
	{
		operation: 'Chat → Complete',
		input: 'a JSON Schema the deployment cannot honour ($ref)',
		parameters: chat({ responseFormat: 'jsonSchema', jsonSchema: '={{ $json.schema }}' }),
		items: jsonItems(
			{ ...chatItem, schema: SCHEMA },
			{
				...chatItem,
				schema: JSON.stringify({
					type: 'object',
					properties: { a: { $ref: '#/$defs/x' } },
					$defs: { x: { type: 'string' } },
				}),
			},
		),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message:
			/^The deployment cannot honour this response format \(structured_output_unsupported\)$/,
	},
	{
		operation: 'Chat → Complete',
		input: 'a key without the chat:completions scope',
		parameters: chat(),
		key: 'readOnly',
		items: jsonItems(chatItem, chatItem),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /^The API key lacks the scope chat:completions \(missing_scope\)$/,
	},
	{
		operation: 'Chat → List Models',
		input: 'a key whose user left the workspace',
		parameters: { resource: 'chat', operation: 'listModels' },
		key: 'noTenant',
		items: jsonItems({}, {}),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '401',
		message: /^The user who issued this API key no longer belongs to a workspace \(no_tenant\)$/,
	},
];
