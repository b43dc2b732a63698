import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { runPaced, type ItemOutcome } from '../pace/engine';
import { createdOf, ensureNodeError } from '../../shared/common/errors';
import { operations as chatOperations } from './chat';
import { operations as documentOperations } from './document';
import { operations as inputDocumentOperations } from './inputDocument';
import { operations as templateOperations } from './template';
import { operations as runOperations } from './run';
import { operations as workflowOperations } from './workflow';
import type { OperationMap } from './node.type';
import type { OperationModule } from './types';

const resources: OperationMap = {
	workflow: workflowOperations,
	run: runOperations,
	inputDocument: inputDocumentOperations,
	chat: chatOperations,
	template: templateOperations,
	document: documentOperations,
};

type NodeError = NodeApiError | NodeOperationError;
/** The map as read at run time, by the strings a saved workflow holds. */
type ByName = Partial<Record<string, Partial<Record<string, OperationModule>>>>;

/** Every failure leaves the router as an n8n error that names its item (expression errors keep their own). */
function toNodeError(this: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof Error && error.name === 'ExpressionError') return error;
	return ensureNodeError(this.getNode(), error, itemIndex);
}

function errorItem(this: IExecuteFunctions, error: Error, itemIndex: number): INodeExecutionData {
	const nodeError = error as Partial<NodeError>;
	const context = (nodeError.context ?? {}) as IDataObject;
	const details: IDataObject = {};
	if (typeof context.serviceCode === 'string') details.code = context.serviceCode;
	if (nodeError.description) details.description = nodeError.description;
	if (nodeError instanceof NodeApiError && nodeError.httpCode)
		details.httpCode = nodeError.httpCode;
	// What the step created before it failed (shared/common/errors.ts, withCreated): the ids to use instead of a rerun.
	const created = createdOf(nodeError);
	if (created) details.created = created;
	// A run that ended Failed or Cancelled (Fail the Item When the Run Fails): the run as the item would have had it.
	if (context.run && typeof context.run === 'object') details.run = context.run;
	details.itemIndex = itemIndex;
	// n8n routes an item to the error output only if its JSON has nothing but error/message/details.
	const json: IDataObject =
		this.getNode().onError === 'continueErrorOutput'
			? { error: error.message, details }
			: { error: error.message, ...details };
	return { json, pairedItem: { item: itemIndex } };
}

/** One item's outcome: its results (paired), its error item (Continue On Fail), or the error that stops the node. */
async function outcomeOf(
	this: IExecuteFunctions,
	itemIndex: number,
	run: () => Promise<INodeExecutionData[]>,
): Promise<ItemOutcome> {
	try {
		const results = await run();
		return { items: results.map((result) => ({ ...result, pairedItem: { item: itemIndex } })) };
	} catch (error) {
		const nodeError = toNodeError.call(this, error, itemIndex);
		// A cancelled execution stops the node even with Continue On Fail: n8n reads the cancel from its error.
		const cancelled = this.getExecutionCancelSignal?.()?.aborted === true;
		if (this.continueOnFail() && !cancelled)
			return { items: [errorItem.call(this, nodeError, itemIndex)] };
		return { error: nodeError };
	}
}

/**
 * The item loop of the action node, written once: operations are functions of one item, and the pace engine
 * runs the items (at Batch Processing → Pace, as the operation's `work` asks), output in item order.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	// Parameters are plain strings at run time: a workflow saved by a newer package may name an unknown pair.
	const handler = (resources as ByName)[resource]?.[operation];
	if (!handler) {
		const message = `The operation "${operation}" of resource "${resource}" is not supported`;
		const description = 'Update the community node package, or pick another operation.';
		throw new NodeOperationError(this.getNode(), message, { description });
	}
	const { work, execute } = handler;
	return [await runPaced.call(this, { count: items.length, work, execute, outcomeOf })];
}
