import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { runLocator } from '../descriptions';
import { jsonItems } from '../items';
import { getLocatorId } from '../../../shared/common/parameters';
import { getRun } from '../../../shared/client';
import type { Work } from '../types';
import { recordOutput, simplifiedRun } from './runOutput';
import { simplifyFields, wantsSimplified } from './waitFields';

const show = { resource: ['run'], operation: ['get'] };

export const description: INodeProperties[] = [
	runLocator({ displayOptions: { show } }),
	...simplifyFields(show),
];

/** Reads one thing and changes nothing: items run side by side. */
export const work: Work = 'read';

/** GET /workflows/runs/{runId}: the run record (with `runId` and `files`), or its compact answer (Simplify). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const runId = getLocatorId.call(this, 'runId', itemIndex, 'Run');
	const record = await getRun.call(this, runId, { itemIndex });
	if (!wantsSimplified.call(this, itemIndex))
		return jsonItems(await recordOutput.call(this, record, itemIndex));
	return jsonItems((await simplifiedRun.call(this, record, itemIndex)) as unknown as IDataObject);
}
