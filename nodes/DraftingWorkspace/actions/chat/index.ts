import type { INodeProperties } from 'n8n-workflow';

import type { ResourceOperations } from '../types';
import * as complete from './complete.operation';
import * as listModels from './listModels.operation';

export const operations: ResourceOperations = { complete, listModels };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['chat'] } },
		options: [
			{
				name: 'Chat Completion',
				value: 'complete',
				description: 'Answer a conversation with a workspace model (text or JSON matching a schema)',
				action: 'Create a chat completion',
			},
			{
				name: 'List Models',
				value: 'listModels',
				description: 'List the chat models the workspace allows for API access',
				action: 'List chat models',
			},
		],
		default: 'complete',
	},
	...complete.description,
	...listModels.description,
];
