import type { INodeProperties } from 'n8n-workflow';

import { chatModelLocator } from '../../../shared/chat/modelLocator';

const show = { resource: ['chat'], operation: ['complete'] };

/**
 * Chat Completion's parameters. The Model is a dropdown in node version 1 and the Chat Model's locator (From list,
 * By ID) from version 2: a dropdown asks for its options before n8n attaches a new node's credential and fails
 * (issue 26). Both are named `model`; a saved version 1 value (a plain id) stays what it was.
 */
export const description: INodeProperties[] = [
	{
		displayName: 'Model Name or ID',
		name: 'model',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getChatModels' },
		default: '',
		required: true,
		description:
			'A model the workspace allows for API access. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { ...show, '@version': [1] } },
	},
	chatModelLocator({
		description: 'A model the workspace allows for API access (Chat → List Models lists them)',
		displayOptions: { show: { ...show, '@version': [{ _cnd: { gte: 2 } }] } },
	}),
	{
		displayName: 'Messages',
		name: 'messages',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add message',
		default: { values: [{ role: 'user', content: '' }] },
		description: 'The whole conversation, sent every time (the service keeps no history)',
		displayOptions: { show },
		options: [
			{
				displayName: 'Message',
				name: 'values',
				values: [
					{
						displayName: 'Role',
						name: 'role',
						type: 'options',
						default: 'user',
						options: [
							{ name: 'Assistant', value: 'assistant', description: 'An earlier answer of the model' },
							{ name: 'System', value: 'system', description: 'Instructions that shape every answer' },
							{ name: 'User', value: 'user', description: 'A message from the user' },
						],
					},
					{ displayName: 'Content', name: 'content', type: 'string', typeOptions: { rows: 3 }, default: '' },
				],
			},
		],
	},
	{
		displayName: 'Simplify Output',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			'Whether to return only the answer (text, or the parsed JSON for a JSON Schema response) instead of the whole chat.completion object',
		displayOptions: { show },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show },
		// Named as the Chat Model names them (issue 26). The editor shows a collection's options in this order, which
		// n8n's lint keeps alphabetical: "Response Format" now comes before the "Response Schema" it controls (as
		// "JSON Schema" it came first).
		options: [
			{
				displayName: 'Maximum Completion Tokens',
				name: 'maxCompletionTokens',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1024,
				description:
					'Cap on the answer\'s tokens (sent as max_completion_tokens). On a reasoning model it also covers the reasoning, so a small cap can leave the answer empty.',
			},
			{
				displayName: 'Response Format',
				name: 'responseFormat',
				type: 'options',
				default: 'text',
				options: [
					{ name: 'Text', value: 'text' },
					{ name: 'JSON Schema', value: 'jsonSchema', description: 'The answer is JSON matching a schema' },
				],
			},
			{
				displayName: 'Response Schema',
				name: 'jsonSchema',
				type: 'json',
				default: '{\n  "type": "object",\n  "properties": {\n    "summary": { "type": "string" }\n  },\n  "required": ["summary"],\n  "additionalProperties": false\n}',
				description: 'The JSON Schema the answer must match (used when Response Format is JSON Schema)',
				displayOptions: { show: { responseFormat: ['jsonSchema'] } },
			},
			{
				displayName: 'Response Schema Name',
				name: 'schemaName',
				type: 'string',
				default: 'answer',
				description: 'A name for the schema (letters, digits, _ and -)',
				displayOptions: { show: { responseFormat: ['jsonSchema'] } },
			},
			{
				displayName: 'Sampling Temperature',
				name: 'temperature',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 2, numberPrecision: 2 },
				default: 1,
				description: 'Higher values make the answer more varied, lower values more focused',
			},
		],
	},
];
