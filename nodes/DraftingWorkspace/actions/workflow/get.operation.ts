import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { workflowLocator } from '../../../shared/common/descriptions';
import { jsonItems, withIdAs } from '../items';
import { getLocatorId } from '../../../shared/common/parameters';
import { getWorkflow } from '../../../shared/client';
import type { Work } from '../types';

export const description: INodeProperties[] = [
	workflowLocator({ displayOptions: { show: { resource: ['workflow'], operation: ['get'] } } }),
];

/** Reads one thing and changes nothing: items run side by side. */
export const work: Work = 'read';

/** GET /workflows/{id}: the workflow with its active version's steps and input schema (its id as `workflowId`). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const workflowId = getLocatorId.call(this, 'workflowId', itemIndex, 'Workflow');
	const body = await getWorkflow.call(this, workflowId, { itemIndex });
	return jsonItems(withIdAs(body, 'workflowId'));
}
