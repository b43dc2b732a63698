import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runLocator } from '../../../shared/common/descriptions';
import { jsonItems } from '../../../shared/common/items';
import { getLocatorId } from '../../../shared/common/parameters';
import { readRunRecord } from '../../../shared/runs/record.api';
import { READ_CONCURRENCY } from '../types';

export const description: INodeProperties[] = [runLocator({ displayOptions: { show: { resource: ['run'], operation: ['get'] } } })];

/** A read that changes nothing: items run side by side (see READ_CONCURRENCY). */
export const concurrency = READ_CONCURRENCY;

/** GET /workflows/runs/{runId}: the run record as the service returns it. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const runId = getLocatorId.call(this, 'runId', itemIndex, 'Run');
	return jsonItems(await readRunRecord.call(this, runId, { itemIndex }));
}
