import type { INodeProperties } from 'n8n-workflow';

import { chatModelLocator } from '../shared/chat/modelLocator';
import { chatOptionsCollection, responseFormatFields } from '../shared/chat/optionFields';

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
	...responseFormatFields(
		{},
		{
			jsonSchema:
				'{\n  "type": "object",\n  "properties": {\n    "title": { "type": "string" },\n    "body": { "type": "string" }\n  },\n  "required": ["title", "body"]\n}',
			schemaName: 'draft',
		},
	),
	chatOptionsCollection({}, { maxCompletionTokens: 2048, temperature: 0.7 }),
];
