import type { INodeProperties } from 'n8n-workflow';

import type { FollowPlan, ItemExecute } from '../pace/work';

export { POST_STAGE, READ_CONCURRENCY } from '../pace/work';
export type { FollowPlan as BatchPlan } from '../pace/work';

/**
 * An operation is its description plus a function of one item. The router owns the item loop,
 * `pairedItem` and Continue On Fail, so operations return plain items and throw on failure.
 */
export interface OperationModule {
	description: INodeProperties[];
	execute: ItemExecute;
	/**
	 * How many items may be in flight at once. Only for operations that read one thing and change nothing:
	 * running them side by side cannot start, upload or cancel anything twice, and outputs keep item order.
	 */
	concurrency?: number;
	/**
	 * The operation sends its POST through `lane.send(POST_STAGE, …)` itself. Under Batch Size Auto every other
	 * operation without a batch plan takes its whole item through the window as one send (pace/engine.ts).
	 */
	takesItsTurn?: boolean;
	/**
	 * For operations that create, then wait (and for Wait For Run): every item runs at once, and `execute` takes
	 * its turns through its `lane` (pace/batch.ts): its POSTs in item order, one at a time, then its
	 * waits side by side, at most `followLimits` open at once.
	 */
	batch?: FollowPlan;
}
