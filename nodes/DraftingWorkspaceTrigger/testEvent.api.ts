import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { toItem } from './emit.api';
import { listRuns, type TriggerSettings } from './lists.api';
import { PollBudget } from './pollBudget';

/** "Fetch test event": the most recent finished run matching the filters, state untouched, errors thrown. */
export async function fetchTestEvent(
	this: IPollFunctions,
	settings: TriggerSettings,
): Promise<INodeExecutionData[][]> {
	const workflowFilters: Array<string | undefined> = settings.workflowIds.length
		? settings.workflowIds
		: [undefined];
	const budget = PollBudget.for(this, Date.now());
	let newest: { run: IDataObject; at: number } | undefined;
	for (const workflowId of workflowFilters) {
		for (const status of settings.statuses) {
			const runs = await listRuns.call(
				this,
				{ status, ...(workflowId ? { workflowId } : {}) },
				budget.retry(),
			);
			for (const run of runs) {
				const at =
					Date.parse(String(run.completedAt ?? run.finishedAt ?? run.startedAt ?? '')) || 0;
				if (!newest || at > newest.at) newest = { run, at };
			}
		}
	}
	const item = newest ? await toItem.call(this, newest.run, {}, settings, budget) : undefined;
	if (item) return [[item]];
	// Returning nothing would show n8n's generic "No data found… create one"; say what was looked for instead.
	throw new NodeOperationError(
		this.getNode(),
		'No run has finished with the selected statuses yet',
		{
			description: `Fetch Test Event shows the latest run that finished as ${settings.statuses.join(' or ')}${
				settings.workflowIds.length ? ` (of the selected workflows)` : ''
			}. Start a run through the API (for example with the Drafting Workspace node's Run → Start), let it finish, then fetch again. Runs started by people in the workspace are not visible to API keys.`,
		},
	);
}
