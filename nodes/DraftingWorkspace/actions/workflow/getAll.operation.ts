import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/common/descriptions';
import { jsonItems } from '../../../shared/common/items';
import { applyLimit } from '../../../shared/common/parameters';
import { apiRequest, asArray } from '../../../shared/transport';

export const description: INodeProperties[] = [...returnAllOrLimit('workflow', 'getAll')];

/** GET /workflows: the workflows with an active version the key may start (narrowed by its allowlist). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = await apiRequest.call(this, { method: 'GET', path: '/workflows', itemIndex });
	const workflows: IDataObject[] = asArray(body, 'workflows');
	return jsonItems(applyLimit.call(this, workflows, itemIndex));
}
