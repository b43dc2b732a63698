import { byId } from '../../integration/support';
import { jsonItems, wf, type Row } from './table';

/** Bad input of Workflow → Get and Get Many. */
export const WORKFLOW_ROWS: Row[] = [
	{
		operation: 'Workflow → Get',
		input: 'a workflow id that does not exist',
		parameters: {
			resource: 'workflow',
			operation: 'get',
			workflowId: byId('={{ $json.workflowId }}'),
		},
		items: jsonItems({ workflowId: wf.agentSummary }, { workflowId: 'wf_does_not_exist' }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Workflow "wf_does_not_exist" was not found \(404\)$/,
	},
	{
		operation: 'Workflow → Get',
		input: 'a workflow with only a draft version (invisible to keys)',
		parameters: {
			resource: 'workflow',
			operation: 'get',
			workflowId: byId('={{ $json.workflowId }}'),
		},
		items: jsonItems({ workflowId: wf.inputNda }, { workflowId: wf.draftOnly }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '404',
		message: /^Workflow "wf_draft_only" was not found \(404\)$/,
	},
	{
		operation: 'Workflow → Get',
		input: 'an empty workflow id (expression resolved to nothing)',
		parameters: {
			resource: 'workflow',
			operation: 'get',
			workflowId: byId('={{ $json.workflowId }}'),
		},
		items: jsonItems({ workflowId: wf.agentSummary }, { workflowId: '' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Workflow is empty$/,
	},
	{
		operation: 'Workflow → Get Many',
		input: 'an expired key',
		parameters: { resource: 'workflow', operation: 'getAll', returnAll: true },
		key: 'expired',
		items: jsonItems({}, {}),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '401',
		message:
			/^The service refused the API key \(invalid_api_key\): it is wrong, revoked or expired$/,
	},
];
