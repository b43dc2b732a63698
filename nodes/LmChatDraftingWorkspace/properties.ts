import type { INodeProperties } from 'n8n-workflow';

import { chatModelLocator } from '../shared/chat/modelLocator';

/** The Chat Model's parameters: the model (from /v1/models) and the options sent with every request. */
export const properties: INodeProperties[] = [
	{
		displayName:
			'This model cannot use tools (the workspace refuses them). Connect it to a chain, or to an AI Agent with no tools.',
		name: 'toolsNotice',
		type: 'notice',
		default: '',
	},
	chatModelLocator(),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Maximum Completion Tokens',
				name: 'maxCompletionTokens',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 2048,
				description:
					'The most tokens an answer may use, sent as max_completion_tokens. A reasoning model spends part of it on reasoning: too small a cap leaves the answer empty.',
			},
			{
				displayName: 'Response Format',
				name: 'responseFormat',
				type: 'options',
				default: 'text',
				description: 'Plain text, or JSON that matches a schema (the service checks it)',
				options: [
					{ name: 'Text', value: 'text' },
					{ name: 'JSON Schema', value: 'jsonSchema' },
				],
			},
			{
				displayName: 'Response Schema',
				name: 'jsonSchema',
				type: 'json',
				default: '{\n  "type": "object",\n  "properties": {\n    "title": { "type": "string" },\n    "body": { "type": "string" }\n  },\n  "required": ["title", "body"]\n}',
				description: 'The JSON Schema every answer must match',
				displayOptions: { show: { responseFormat: ['jsonSchema'] } },
			},
			{
				displayName: 'Response Schema Name',
				name: 'schemaName',
				type: 'string',
				default: 'draft',
				description: 'Letters, digits, underscores and hyphens',
				displayOptions: { show: { responseFormat: ['jsonSchema'] } },
			},
			{
				displayName: 'Sampling Temperature',
				name: 'temperature',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 2, numberPrecision: 1 },
				default: 0.7,
				description: 'Lower is more focused and repeatable, higher is more varied',
			},
		],
	},
];
