import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

/**
 * A resource locator's two modes: From List (a searchable `listSearch` method) and By ID (no spaces), From List
 * first unless `idFirst` (where an ID usually comes from an earlier step, as a run's does). Spread into the locator.
 */
export function locatorModes(
	list: { method: string; placeholder: string },
	id: { placeholder: string; noun: string },
	idFirst = false,
): { modes: INodePropertyMode[] } {
	const located: { modes: INodePropertyMode[] } = {
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: list.placeholder,
				typeOptions: { searchListMethod: list.method, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: id.placeholder,
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\S+$', errorMessage: `A ${id.noun} ID has no spaces` },
					},
				],
			},
		],
	};
	if (idFirst) located.modes.reverse();
	return located;
}

/** The workflow picker shared by every operation that names a workflow: From list (searchable) or By ID. */
export function workflowLocator(
	overrides: Partial<INodeProperties> & Pick<INodeProperties, 'displayOptions'>,
): INodeProperties {
	return {
		displayName: 'Workflow',
		name: 'workflowId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description:
			"The workflow's ID (the ID Workflow → Get Many lists, e.g. wf_123): a workflow with an active version that the API key may use (its allowlist applies)",
		...locatorModes(
			{ method: 'searchWorkflows', placeholder: 'Select a workflow...' },
			{ placeholder: 'e.g. wf_123', noun: 'workflow' },
		),
		...overrides,
	};
}
