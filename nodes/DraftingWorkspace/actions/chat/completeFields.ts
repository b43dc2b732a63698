import type { INodeProperties } from 'n8n-workflow';

import { chatModelLocator } from '../../../shared/chat/modelLocator';
import { chatOptionsCollection, responseFormatFields } from '../../../shared/chat/optionFields';

const show = { resource: ['chat'], operation: ['complete'] };

/**
 * Chat Completion's parameters. The Model is the Chat Model's locator (From list, By ID): a dropdown would ask for
 * its options before n8n attaches a new node's credential, and fail.
 */
export const description: INodeProperties[] = [
	chatModelLocator({
		description: 'A model the workspace allows for API access (Chat → List Models lists them)',
		displayOptions: { show },
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
						description:
							'Who speaks in this message: system (instructions), user or assistant (an earlier answer)',
						options: [
							{
								name: 'Assistant',
								value: 'assistant',
								description: 'An earlier answer of the model',
							},
							{
								name: 'System',
								value: 'system',
								description: 'Instructions that shape every answer',
							},
							{ name: 'User', value: 'user', description: 'A message from the user' },
						],
					},
					{
						displayName: 'Content',
						name: 'content',
						type: 'string',
						typeOptions: { rows: 3 },
						default: '',
						description: 'The text of the message',
					},
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
	...responseFormatFields(show),
	chatOptionsCollection({ displayOptions: { show } }),
];
