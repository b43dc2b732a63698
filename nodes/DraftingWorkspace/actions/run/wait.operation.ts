import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runLocator } from '../../../shared/common/descriptions';
import { getLocatorId } from '../../../shared/common/parameters';
import { waitAndOutput, waitFields } from './waitFields';

const show = { resource: ['run'], operation: ['wait'] };

export const description: INodeProperties[] = [runLocator({ displayOptions: { show } }), ...waitFields(show)];

/** Follows the run's event stream until it finishes (or pauses, or times out), then outputs its record. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const runId = getLocatorId.call(this, 'runId', itemIndex, 'Run');
	return [await waitAndOutput.call(this, runId, itemIndex)];
}
