import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { Lane } from '../../pace/batch';
import type { FollowPlan } from '../types';

import { runLocator } from '../descriptions';
import { getLocatorId } from '../../../shared/common/parameters';
import { readFollowAtMost } from '../parameters';
import { waitAndOutput } from './runOutput';
import { simplifyFields, waitFields } from './waitFields';

const show = { resource: ['run'], operation: ['wait'] };

export const description: INodeProperties[] = [
	runLocator({ displayOptions: { show } }),
	...waitFields(show),
	...simplifyFields(show),
];

/** Follows the run's event stream until it finishes (or pauses, or times out), then outputs its record. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	lane: Lane,
): Promise<INodeExecutionData[]> {
	const runId = getLocatorId.call(this, 'runId', itemIndex, 'Run');
	// Each run's timeout counts from the node's start, also for a run that waits for a free slot.
	const since = Date.now();
	return [
		await lane.follow(
			'runs',
			async ({ queued }) => await waitAndOutput.call(this, runId, itemIndex, {}, since, queued),
		),
	];
}

/** Every item's run is followed side by side (a read: nothing to send), at most Follow at Most at once. */
export const work: FollowPlan = {
	stages: [],
	followLimits() {
		return { runs: readFollowAtMost.call(this, 'waitOptions') };
	},
};
