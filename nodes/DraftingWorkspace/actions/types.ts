import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/**
 * An operation is its description plus a function of one item. The router owns the item loop,
 * `pairedItem` and Continue On Fail, so operations return plain items and throw on failure.
 */
export interface OperationModule {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;
	/**
	 * How many items may be in flight at once. Only for operations that read one thing and change nothing:
	 * running them side by side cannot start, upload or cancel anything twice, and outputs keep item order.
	 */
	concurrency?: number;
}

/**
 * Items in flight for read-one-thing operations. Eight keeps a 1,000-item batch as fast as n8n's HTTP Request
 * node (which sends every item at once) without bursting past the service's rate limit in one go.
 */
export const READ_CONCURRENCY = 8;
