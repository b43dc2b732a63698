import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { Lane } from '../pace/batch';

/**
 * An operation is its description plus a function of one item. The router owns the item loop,
 * `pairedItem` and Continue On Fail, so operations return plain items and throw on failure.
 */
export interface OperationModule {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, itemIndex: number, lane: Lane) => Promise<INodeExecutionData[]>;
	/**
	 * How many items may be in flight at once. Only for operations that read one thing and change nothing:
	 * running them side by side cannot start, upload or cancel anything twice, and outputs keep item order.
	 */
	concurrency?: number;
	/**
	 * The operation sends its POST through `lane.send(POST_STAGE, …)` itself. Under Batch Size Auto every other
	 * operation without a batch plan takes its whole item through the window as one send (router.ts).
	 */
	takesItsTurn?: boolean;
	/**
	 * For operations that create, then wait (and for Wait For Run): every item runs at once, and `execute` takes
	 * its turns through its `lane` (shared/common/batch.ts): its POSTs in item order, one at a time, then its
	 * waits side by side, at most `followLimits` open at once.
	 */
	batch?: BatchPlan;
}

export interface BatchPlan {
	/** The send stages, in the order every item goes through them (each item may skip some). */
	stages: readonly string[];
	/** How many follows of each kind may be open at once, from the node's parameters (read for item 0). */
	followLimits: (this: IExecuteFunctions) => Record<string, number>;
}

/**
 * The send stage of an operation without a batch plan: its POST goes through `lane.send(POST_STAGE, …)`, in item
 * order within Batch Size, and is refused once the node has stopped at a failure (nothing new is sent after it).
 */
export const POST_STAGE = 'post';

/**
 * Items in flight for read-one-thing operations. Eight keeps a 1,000-item batch as fast as n8n's HTTP Request
 * node (which sends every item at once) without bursting past the service's rate limit in one go.
 */
export const READ_CONCURRENCY = 8;
