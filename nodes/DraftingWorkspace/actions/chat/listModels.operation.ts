import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { jsonItems } from '../items';
import { listModels } from '../../../shared/client';
import type { Work } from '../types';

export const description: INodeProperties[] = [];

/** Changes nothing; the whole item is one turn in the pace's window. */
export const work: Work = 'item';

/** GET /v1/models: the chat models the workspace allows for API access (only one when it fixes one). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return jsonItems(await listModels.call(this, { itemIndex }));
}
