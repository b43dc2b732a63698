import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';

import { workflowLocator } from '../shared/common/descriptions';
import { NODE_TYPES } from '../shared/common/nodeTypes';
import { locatorValue } from '../shared/common/parameters';
import { searchWorkflows } from '../shared/common/listSearch.api';
import { withFailure } from '../shared/transport';
import type { TriggerSettings } from './lists.api';
import { pollFinishedRuns } from './poll';
import { fetchTestEvent } from './testEvent.api';
import { settingsKey } from './state/state';

export class DraftingWorkspaceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Drafting Workspace Trigger',
		name: 'draftingWorkspaceTrigger',
		icon: {
			light: 'file:../../icons/drafting-workspace.svg',
			dark: 'file:../../icons/drafting-workspace.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Run finished: " + $parameter["events"].join(", ")}}',
		// n8n's nodes panel shows one entry for the app, with this description (the trigger's wins over the action
		// node's when both exist), so it describes the app as a whole and stays short.
		description:
			'Run workflows, produce documents and chat in Drafting Workspace, or start when a run finishes',
		defaults: { name: 'Run Finished' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'draftingWorkspaceApi', required: true }],
		// Read by n8n's AI Workflow Builder (2.41+); older n8n ignores it.
		builderHint: {
			searchHint:
				"Starts a workflow when a run of a Drafting Workspace workflow finishes: it polls the workspace's run list and fires once for each run that reaches a selected status (Run Completed, Run Failed, Run Cancelled) after activation, optionally only for chosen workflows and with the run's rendered PDF or DOCX files attached as binary data. Each item is the run record (its runId, status, steps and their outputs). Only runs started through the API fire, not runs started by people in the workspace. Pick it to continue after runs that the Drafting Workspace node started without waiting.",
			relatedNodes: [
				{
					nodeType: NODE_TYPES.action,
					relationHint:
						'Starts the runs this trigger reports (Run → Start) and reads or downloads their results (Run → Get, Run → Download File)',
				},
			],
		},
		properties: [
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
				description:
					'Each run fires once when it reaches one of these statuses after activation; earlier runs are not replayed. Runs started by people in the workspace are not visible to API keys and never fire.',
			},
			{
				displayName: 'Workflows',
				name: 'workflows',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add workflow filter',
				default: {},
				// The advice for a busy workspace lives here, where the filter is chosen: a notice was always shown, and
				// hiding it once a filter is set (`_cnd: { exists }` on 'workflows.workflow') kept the trigger from
				// activating on n8n 1.123, 2.0 and 2.16 (the version matrix).
				description:
					'Fire only for runs of these workflows (all workflows the key can see when empty). Busy workspace? When more than 50 runs of one status start between two polls, add a workflow filter or poll more often, so that none is missed.',
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
				placeholder: 'Add option',
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

	methods = { listSearch: { searchWorkflows } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings.call(this);
		if (this.getMode() === 'manual') return await fetchTestEvent.call(this, settings);
		return await pollFinishedRuns.call(this, settings);
	}
}

function readSettings(this: IPollFunctions): TriggerSettings {
	const statuses = this.getNodeParameter('events', []) as string[];
	if (!statuses.length)
		throw withFailure(
			new NodeOperationError(this.getNode(), 'Select at least one event', {
				description: 'Pick Run Completed, Run Failed or Run Cancelled under Events.',
			}),
			{ cause: 'configuration-invalid' },
		);
	const workflows = (this.getNodeParameter('workflows.workflow', []) as IDataObject[]) ?? [];
	const workflowIds = workflows.map((entry) => locatorValue(entry.workflowId)).filter(Boolean);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	return {
		statuses,
		workflowIds,
		attachFiles: options.attachFiles === true,
		key: settingsKey(statuses, workflowIds),
	};
}
