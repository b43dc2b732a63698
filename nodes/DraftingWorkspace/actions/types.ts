import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/**
 * An operation is its description plus a function of one item. The router owns the item loop,
 * `pairedItem` and Continue On Fail, so operations return plain items and throw on failure.
 */
export interface OperationModule {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;
}

export type ResourceOperations = Record<string, OperationModule>;
