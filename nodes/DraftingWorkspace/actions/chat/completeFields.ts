import type { INodeProperties } from 'n8n-workflow';

import { chatModelLocator } from '../../../shared/chat/modelLocator';
import { chatOptionsCollection } from '../../../shared/chat/optionFields';

const show = { resource: ['chat'], operation: ['complete'] };

/**
 * Chat Completion's parameters. The Model is a dropdown in node version 1 and the Chat Model's locator (From list,
 * By ID) from version 2: a dropdown asks for its options before n8n attaches a new node's credential and fails
 * ("Error fetching options"). Both are named `model`; a saved version 1 value (a plain id) stays what it was.
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
	chatOptionsCollection({ displayOptions: { show } }),
];
