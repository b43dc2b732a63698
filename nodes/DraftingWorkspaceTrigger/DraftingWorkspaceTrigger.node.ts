import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';

import { workflowLocator } from '../DraftingWorkspace/helpers/descriptions';
import { ensureNodeError, settle } from '../DraftingWorkspace/helpers/errors';
import { locatorValue } from '../DraftingWorkspace/helpers/parameters';
import { listSearch } from '../DraftingWorkspace/methods';
import { fetchTestEvent, httpCodeOf, isTransient, pollFinishedRuns, type TriggerSettings } from './poll';
import { settingsKey } from './pollState';

export class DraftingWorkspaceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Drafting Workspace Trigger',
		name: 'draftingWorkspaceTrigger',
		icon: { light: 'file:../../icons/drafting-workspace.svg', dark: 'file:../../icons/drafting-workspace.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Run finished: " + $parameter["events"].join(", ")}}',
		description:
			'Starts the workflow when a Drafting Workspace run finishes. Each run that reaches a selected status after activation fires exactly once (across polls, restarts and queue mode), even when the first polls fail; activation does not replay history. A run that might be missed is named in a warning in n8n\'s log. Only runs started through the API are visible to API keys, so runs started by people in the workspace never fire.',
		defaults: { name: 'Run Finished' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'draftingWorkspaceApi', required: true }],
		properties: [
			{
				displayName:
					'Fires once for each run that finishes with a selected status after activation. If more than 50 runs of one status start between two polls, the oldest may be missed and n8n logs a warning: filter by workflow or poll more often.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [
					{ name: 'Run Completed', value: 'Completed' },
					{ name: 'Run Failed', value: 'Failed' },
					{ name: 'Run Cancelled', value: 'Cancelled' },
				],
				default: ['Completed'],
				description: 'The final statuses that fire the trigger',
			},
			{
				displayName: 'Workflows',
				name: 'workflows',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Workflow Filter',
				default: {},
				description: 'Fire only for runs of these workflows (all workflows the key can see when empty)',
				options: [
					{
						displayName: 'Workflow',
						name: 'workflow',
						values: [workflowLocator({ displayOptions: undefined })],
					},
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Attach Rendered Files',
						name: 'attachFiles',
						type: 'boolean',
						default: false,
						description:
							'Whether to download every rendered file (PDF or DOCX) of the run as binary data (data, data_1, …)',
					},
				],
			},
		],
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings.call(this);
		if (this.getMode() === 'manual') return await fetchTestEvent.call(this, settings);
		const polled = await settle(pollFinishedRuns.call(this, settings));
		if (polled.ok) return polled.value;
		const error = ensureNodeError(this.getNode(), polled.error);
		if (!isTransient(error)) throw error;
		// Transient refusals must not deactivate the trigger. The activation instant is already saved and
		// nothing else changed, so the next successful poll fires every run that finished since.
		this.logger.warn(
			`Drafting Workspace Trigger: poll skipped after a transient error (${httpCodeOf(error)}): ${error.message}. The next successful poll fires every run that finished in between.`,
		);
		return null;
	}
}

function readSettings(this: IPollFunctions): TriggerSettings {
	const statuses = this.getNodeParameter('events', []) as string[];
	if (!statuses.length)
		throw new NodeOperationError(this.getNode(), 'Select at least one event', {
			description: 'Pick Run Completed, Run Failed or Run Cancelled under Events.',
		});
	const workflows = (this.getNodeParameter('workflows.workflow', []) as IDataObject[]) ?? [];
	const workflowIds = workflows
		.map((entry) => locatorValue(entry.workflowId))
		.filter(Boolean);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	return { statuses, workflowIds, attachFiles: options.attachFiles === true, key: settingsKey(statuses, workflowIds) };
}
