import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

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
	if (nodeError instanceof NodeApiError && nodeError.httpCode) details.httpCode = nodeError.httpCode;
	// What the step created before it failed (helpers/errors.ts, withCreated): the ids to use instead of a rerun.
	const created = createdOf(nodeError);
	if (created) details.created = created;
	details.itemIndex = itemIndex;
	// n8n routes an item to the error output only if its JSON has nothing but error/message/details.
	const json: IDataObject =
		this.getNode().onError === 'continueErrorOutput' ? { error: error.message, details } : { error: error.message, ...details };
	return { json, pairedItem: { item: itemIndex } };
}

function isCancelled(this: IExecuteFunctions): boolean {
	return this.getExecutionCancelSignal?.()?.aborted === true;
}

/** The item loop of the action node, written once: operations are functions of one item. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	// Parameters are plain strings at run time: a workflow saved by a newer package may name an unknown pair.
	const handler = (resources as Partial<Record<string, Partial<Record<string, OperationModule>>>>)[resource]?.[operation];
	if (!handler)
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of resource "${resource}" is not supported`, {
			description: 'Update the community node package, or pick another operation.',
		});

	const perItem: INodeExecutionData[][] = new Array(items.length);
	const runItem = async (itemIndex: number): Promise<void> => {
		try {
			const results = await handler.execute.call(this, itemIndex);
			perItem[itemIndex] = results.map((result) => ({ ...result, pairedItem: { item: itemIndex } }));
		} catch (error) {
			const nodeError = toNodeError.call(this, error, itemIndex);
			if (this.continueOnFail() && !isCancelled.call(this)) {
				perItem[itemIndex] = [errorItem.call(this, nodeError, itemIndex)];
				return;
			}
			throw nodeError;
		}
	};

	const concurrency = Math.max(1, Math.min(handler.concurrency ?? 1, items.length));
	if (concurrency === 1) {
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) await runItem(itemIndex);
	} else {
		// A small pool: each worker takes the next item index; results land in their item's slot, so the
		// output keeps input order. The first failure (without Continue On Fail) stops every worker.
		let next = 0;
		let failure: Error | undefined;
		const worker = async (): Promise<void> => {
			while (!failure && next < items.length) {
				const itemIndex = next++;
				// runItem only rejects with the item's node error (or n8n's own expression error).
				await runItem(itemIndex).catch((error: Error) => {
					failure ??= error;
				});
			}
		};
		await Promise.all(Array.from({ length: concurrency }, async () => await worker()));
		if (failure) throw failure;
	}
	return [perItem.flat()];
}
