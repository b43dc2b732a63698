import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { BatchScheduler, derivedContext, directLane } from '../../shared/common/batch';
import { createdOf, ensureNodeError } from '../../shared/common/errors';
import { operations as chatOperations } from './chat';
import { operations as documentOperations } from './document';
import { operations as inputDocumentOperations } from './inputDocument';
import { operations as templateOperations } from './template';
import { operations as runOperations } from './run';
import { operations as workflowOperations } from './workflow';
import type { OperationMap } from './node.type';
import type { BatchPlan, OperationModule } from './types';

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

/** One item's outcome: its results (paired), its error item (Continue On Fail), or the error that stops the node. */
async function outcomeOf(
	this: IExecuteFunctions,
	itemIndex: number,
	run: () => Promise<INodeExecutionData[]>,
): Promise<{ items: INodeExecutionData[] } | { error: Error }> {
	try {
		const results = await run();
		return { items: results.map((result) => ({ ...result, pairedItem: { item: itemIndex } })) };
	} catch (error) {
		const nodeError = toNodeError.call(this, error, itemIndex);
		if (this.continueOnFail() && !isCancelled.call(this)) return { items: [errorItem.call(this, nodeError, itemIndex)] };
		return { error: nodeError };
	}
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

	if (handler.batch) return [await runBatch.call(this, items.length, handler, handler.batch)];

	const perItem: INodeExecutionData[][] = new Array(items.length);
	const runItem = async (itemIndex: number): Promise<void> => {
		const outcome = await outcomeOf.call(this, itemIndex, async () => await handler.execute.call(this, itemIndex, directLane));
		if ('error' in outcome) throw outcome.error;
		perItem[itemIndex] = outcome.items;
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

/**
 * The batch's own contexts: the same execution, with a cancel signal that also fires when the batch stops, so
 * one failing item (without Continue On Fail) ends every other item's wait at once. Waits and requests read
 * the signal through `getExecutionCancelSignal`, as they do for a cancelled execution. Each item gets a signal
 * of its own (`AbortSignal.any`, which adds no listener to its source), so a batch of open streams never
 * piles listeners onto one signal.
 */
function stoppableContexts(this: IExecuteFunctions): { contextFor: (itemIndex: number) => IExecuteFunctions; stop: () => void } {
	const controller = new AbortController();
	const execution = this.getExecutionCancelSignal?.();
	const batchSignal = execution ? AbortSignal.any([execution, controller.signal]) : controller.signal;
	const contextFor = (): IExecuteFunctions => {
		const signal = AbortSignal.any([batchSignal]);
		return derivedContext(this, { getExecutionCancelSignal: { value: () => signal } });
	};
	return { contextFor, stop: () => controller.abort() };
}

/** The error that stops a batch lists what every item created, not only its own item's. */
function withBatchCreated(error: Error, itemIndex: number, byItem: Array<{ itemIndex: number; created: IDataObject }>): Error {
	const others = byItem.filter((entry) => entry.itemIndex !== itemIndex);
	if (!byItem.length || !('context' in error)) return error;
	const nodeError = error as NodeError;
	nodeError.context.createdInBatch = byItem.map(({ itemIndex: index, created }) => ({ itemIndex: index, ...created }));
	if (others.length)
		nodeError.description = `Before the node stopped, item${others.length === 1 ? '' : 's'} ${others.map((entry) => entry.itemIndex).join(', ')} had already created runs or documents in the service (their ids are in this error's createdInBatch field). Running the node again creates them again: follow the runs with Run → Wait For Run, or reuse the documents.\n${nodeError.description ?? ''}`;
	return nodeError;
}

/**
 * Send in order, follow side by side: every item's operation runs at once and takes its turns through the
 * scheduler (POSTs one at a time in item order, then the waits, bounded). Output in item order, each item
 * paired with its input. With Continue On Fail a failed item becomes its error item and the others go on;
 * without it, the first failure stops the batch (waiting sends are never sent, open waits end) and is thrown
 * with every item's created ids.
 */
async function runBatch(this: IExecuteFunctions, size: number, handler: OperationModule, plan: BatchPlan): Promise<INodeExecutionData[]> {
	const scheduler = new BatchScheduler(size, plan.stages, plan.followLimits.call(this));
	const { contextFor, stop } = stoppableContexts.call(this);
	const perItem: INodeExecutionData[][] = new Array(size);
	let failure: { error: Error; itemIndex: number } | undefined;
	const runItem = async (itemIndex: number): Promise<void> => {
		const outcome = await outcomeOf.call(this, itemIndex, async () => await handler.execute.call(contextFor(itemIndex), itemIndex, scheduler.lane(itemIndex)));
		scheduler.finish(itemIndex);
		// After the first failure the others' errors are the stop itself: the first one is the cause.
		if (failure) return;
		if ('items' in outcome) {
			perItem[itemIndex] = outcome.items;
			return;
		}
		failure = { error: outcome.error, itemIndex };
		scheduler.stop();
		stop();
	};
	await Promise.all(Array.from({ length: size }, async (_, itemIndex) => await runItem(itemIndex)));
	if (failure) throw withBatchCreated(failure.error, failure.itemIndex, scheduler.createdByItem());
	return perItem.flat();
}
