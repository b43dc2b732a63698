import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readOncePerExecution } from '../execution/readOnce.api';

/** GET /workflows/{id}, read once per execution: Start Run's live input schema. */
export async function getWorkflowDetail(this: IExecuteFunctions, workflowId: string, itemIndex: number): Promise<IDataObject> {
	return await readOncePerExecution.call(this, `/workflows/${encodeURIComponent(workflowId)}`, itemIndex, 'the workflow with its input schema');
}
