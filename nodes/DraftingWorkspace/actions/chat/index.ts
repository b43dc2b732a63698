import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, type OperationsOf } from '../node.type';
import * as complete from './complete.operation';
import * as listModels from './listModels.operation';

export const operations: OperationsOf<'chat'> = { complete, listModels };

export const description: INodeProperties[] = [
	operationProperty(
		'chat',
		[
			{
				name: 'Chat Completion',
				value: 'complete',
				description:
					'Answer a conversation with a workspace model (text or JSON matching a schema)',
				action: 'Create a chat completion',
			},
			{
				name: 'List Models',
				value: 'listModels',
				description: 'List the chat models the workspace allows for API access',
				action: 'List chat models',
			},
		],
		'complete',
	),
	...complete.description,
	...listModels.description,
];
