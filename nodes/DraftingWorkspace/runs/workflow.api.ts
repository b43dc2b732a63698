import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getWorkflow } from '../../shared/client';
import { readOncePerExecution } from '../execution/readOnce.api';

/** The workflow's detail, read once per execution: Start Run's live input schema. */
export async function getWorkflowDetail(
	this: IExecuteFunctions,
	workflowId: string,
	itemIndex: number,
): Promise<IDataObject> {
	return await readOncePerExecution.call(
		this,
		`workflow ${workflowId}`,
		async () =>
			await getWorkflow.call(this, workflowId, { itemIndex }, 'the workflow with its input schema'),
	);
}
