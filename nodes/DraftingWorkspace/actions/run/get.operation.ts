import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runLocator } from '../../helpers/descriptions';
import { jsonItems } from '../../helpers/items';
import { getLocatorId } from '../../helpers/parameters';
import { readRunRecord } from '../../helpers/runApi';
import { READ_CONCURRENCY } from '../types';

export const description: INodeProperties[] = [runLocator({ displayOptions: { show: { resource: ['run'], operation: ['get'] } } })];

/** A read that changes nothing: items run side by side (see READ_CONCURRENCY). */
export const concurrency = READ_CONCURRENCY;

/** GET /workflows/runs/{runId}: the run record as the service returns it. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const runId = getLocatorId.call(this, 'runId', itemIndex, 'Run');
	return jsonItems(await readRunRecord.call(this, runId, { itemIndex }));
}
