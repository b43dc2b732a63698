import type { INodeProperties } from 'n8n-workflow';

/**
 * The Model picker of both chat nodes: From list (searchable, `searchChatModels` in models.api.ts) or By ID. A
 * resource locator loads its list when it is opened, so a new node's credential is attached by then (a dropdown
 * asks at once and fails: see getChatModels).
 */
export function chatModelLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Model',
		name: 'model',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'A chat model the workspace allows for API access',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a model...',
				typeOptions: { searchListMethod: 'searchChatModels', searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. dw-standard' },
		],
		...overrides,
	};
}
