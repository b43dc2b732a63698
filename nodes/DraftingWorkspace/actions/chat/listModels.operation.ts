import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { jsonItems } from '../items';
import { listModels } from '../../../shared/client';

export const description: INodeProperties[] = [];

/** GET /v1/models: the chat models the workspace allows for API access (only one when it fixes one). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return jsonItems(await listModels.call(this, { itemIndex }));
}
