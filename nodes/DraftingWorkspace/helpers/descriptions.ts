import type { INodeProperties } from 'n8n-workflow';

/** The workflow picker shared by every operation that names a workflow: From list (searchable) or By ID. */
export function workflowLocator(overrides: Partial<INodeProperties> & Pick<INodeProperties, 'displayOptions'>): INodeProperties {
	return {
		displayName: 'Workflow',
		name: 'workflowId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'A workflow with an active version that the API key may use (its allowlist applies)',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a workflow...',
				typeOptions: { searchListMethod: 'searchWorkflows', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. wf_123',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\S+$', errorMessage: 'A workflow ID has no spaces' },
					},
				],
			},
		],
		...overrides,
	};
}

export function returnAllOrLimit(resource: string, operation: string, what: string, maxLimit?: number): INodeProperties[] {
	const displayOptions = { show: { resource: [resource], operation: [operation] } };
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions,
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, ...(maxLimit ? { maxValue: maxLimit } : {}) },
			default: 50,
			description: `Max number of ${what} to return`,
			displayOptions: { show: { ...displayOptions.show, returnAll: [false] } },
		},
	];
}
