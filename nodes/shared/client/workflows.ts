import { apiList, apiObject, type TransportContext } from '../transport';
import type { CallOptions, WorkflowDetail, WorkflowSummary } from './types';

/** GET /workflows: the workflows the key may start (an active version, narrowed by its allowlist). */
export async function listWorkflows(
	this: TransportContext,
	call: CallOptions = {},
): Promise<WorkflowSummary[]> {
	return await apiList.call(
		this,
		{ method: 'GET', path: '/workflows', ...call },
		{ what: 'a list of workflows', key: 'workflows' },
	);
}

/** GET /workflows/{id}: one workflow with its active version and input schema. `what` names it in errors. */
export async function getWorkflow(
	this: TransportContext,
	workflowId: string,
	call: CallOptions = {},
	what = 'a workflow',
): Promise<WorkflowDetail> {
	return await apiObject.call(
		this,
		{ method: 'GET', path: `/workflows/${encodeURIComponent(workflowId)}`, ...call },
		{ what },
	);
}
