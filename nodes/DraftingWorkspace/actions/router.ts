import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { BatchScheduler, derivedContext, stopRank } from '../../shared/common/batch';
import { AUTO_PACE } from '../../shared/common/pace';
import { keepingPace, pacedContext, readPace, sendWindowOf } from './batching';
import { ProgressLog } from './progress';
import type { SendWindow } from '../../shared/common/sendWindow';
import { createdOf, ensureNodeError } from '../../shared/common/errors';
import { cancellationError } from '../../shared/transport';
import { operations as chatOperations } from './chat';
import { operations as documentOperations } from './document';
import { operations as inputDocumentOperations } from './inputDocument';
import { operations as templateOperations } from './template';
import { operations as runOperations } from './run';
import { operations as workflowOperations } from './workflow';
import type { OperationMap } from './node.type';
import { POST_STAGE, type BatchPlan, type OperationModule } from './types';

const resources: OperationMap = {
	workflow: workflowOperations,
	run: runOperations,
	inputDocument: inputDocumentOperations,
	chat: chatOperations,
	template: templateOperations,
	document: documentOperations,
};

type NodeError = NodeApiError | NodeOperationError;

/** The one send stage of an operation without a batch plan: its POST (Chat Completion, Produce, Cancel). */
const WINDOW_STAGES = [POST_STAGE];

/**
 * Under Auto, the most items begun and not ended. An item holds its parameters, its request and its place in the
 * queue from its beginning to its end, so beginning all N at once holds N of them. Auto's window is never wider than
 * its ceiling: twice that keeps it full and leaves as many items reading their parameters or downloading a file.
 */
const AUTO_ITEMS_BEGUN = 2 * AUTO_PACE.ceiling;

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
	// What the step created before it failed (shared/common/errors.ts, withCreated): the ids to use instead of a rerun.
	const created = createdOf(nodeError);
	if (created) details.created = created;
	// A run that ended Failed or Cancelled (Fail the Item When the Run Fails): the run as the item would have had it.
	if (context.run && typeof context.run === 'object') details.run = context.run;
	details.itemIndex = itemIndex;
	// n8n routes an item to the error output only if its JSON has nothing but error/message/details.
	const json: IDataObject =
		this.getNode().onError === 'continueErrorOutput' ? { error: error.message, details } : { error: error.message, ...details };
	return { json, pairedItem: { item: itemIndex } };
}

/** The order of `stopRank`s once the execution was cancelled: its cancelled waits first. */
const CANCELLED_FIRST = [1, 0, 2] as const;

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

	const pace = readPace.call(this);
	// A fixed Batch Size keeps read-only operations at their own pool (8) at least: they change nothing.
	const window = sendWindowOf(pace, handler.concurrency);
	if (handler.batch) return [await runBatch.call(this, items.length, handler, handler.batch, window, pace.auto)];
	const scheduler = new BatchScheduler(items.length, WINDOW_STAGES, {}, window, !this.continueOnFail());
	const progress = new ProgressLog(this, items.length, window, pace.auto);
	const context = pacedContext(this, window, scheduler, progress.requestRefused);
	// Auto: items begin in order, at most AUTO_ITEMS_BEGUN at once, and wait for their turn in the window; those that
	// do not take it themselves (reads, downloads) take their whole item through it as one send.
	const workers = Math.min(items.length, pace.auto ? AUTO_ITEMS_BEGUN : window.size());
	const execute = pace.auto && !handler.takesItsTurn ? readThroughWindow(handler) : handler;
	const run = { size: items.length, workers, handler: execute, scheduler, progress, contextFor: () => context, stop: () => undefined };
	return [await keepingPace(window, scheduler, async () => await runItems.call(this, run))];
}

/** An operation's whole item taken through the window as one send (under Auto, its pace is learnt too). */
function readThroughWindow(handler: OperationModule): OperationModule {
	return { ...handler, execute: async function (itemIndex, lane) {
		return await lane.send(POST_STAGE, async () => await handler.execute.call(this, itemIndex, lane));
	} };
}

/**
 * The batch's own contexts: the same execution, with a cancel signal that also fires when the batch stops, so
 * one failing item (without Continue On Fail) ends every other item's wait at once. Waits and requests read
 * the signal through `getExecutionCancelSignal`, as they do for a cancelled execution. Each item gets a signal
 * of its own (`AbortSignal.any`, which adds no listener to its source), so a batch of open streams never
 * piles listeners onto one signal.
 */
function stoppableContexts(
	this: IExecuteFunctions,
	scheduler: BatchScheduler,
): { contextFor: (itemIndex: number) => IExecuteFunctions; stop: () => void } {
	const controller = new AbortController();
	const execution = this.getExecutionCancelSignal?.();
	const batchSignal = execution ? AbortSignal.any([execution, controller.signal]) : controller.signal;
	const contextFor = (itemIndex: number): IExecuteFunctions => {
		const signal = AbortSignal.any([batchSignal]);
		// A send in flight (a POST) is not cut off by the batch's stop, only by the execution's own cancel: n8n's
		// request helper takes the signal when a request begins, so a POST begun in its turn runs to its answer.
		const current = () => (scheduler.isSending(itemIndex) ? execution : signal);
		return derivedContext(this, { getExecutionCancelSignal: { value: current } });
	};
	return { contextFor, stop: () => controller.abort() };
}

/** A cancelled execution's error: a cancelled wait's, or the cancel itself, naming the failure it came after. */
function namedByCancel(this: IExecuteFunctions, cause: { error: Error; itemIndex: number }): Error {
	const rank = stopRank(cause.error);
	if (rank === 1) return cause.error;
	const error = cancellationError(this.getNode(), cause.itemIndex);
	if (rank === 0) error.description = `Item ${cause.itemIndex} had failed meanwhile: ${cause.error.message}`;
	return error;
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
 * scheduler (POSTs in item order, at most Batch Size in flight, then the waits, bounded). Each item gets a context
 * whose cancel signal also fires when the batch stops, so a failure ends the others' waits at once.
 */
async function runBatch(this: IExecuteFunctions, size: number, handler: OperationModule, plan: BatchPlan, window: SendWindow, auto: boolean): Promise<INodeExecutionData[]> {
	const scheduler = new BatchScheduler(size, plan.stages, plan.followLimits.call(this), window, !this.continueOnFail());
	const progress = new ProgressLog(this, size, window, auto);
	const { contextFor, stop } = stoppableContexts.call(pacedContext(this, window, scheduler, progress.requestRefused), scheduler);
	const run: ItemRun = { size, workers: size, handler, scheduler, progress, contextFor, stop };
	return await keepingPace(window, scheduler, async () => await runItems.call(this, run));
}

interface ItemRun {
	size: number;
	/** How many items run at once; each worker takes the next item index. */
	workers: number;
	handler: OperationModule;
	scheduler: BatchScheduler;
	/** Told when each item ends: n8n's log shows a long batch moving. */
	progress: ProgressLog;
	contextFor: (itemIndex: number) => IExecuteFunctions;
	/** Called at the first failure (without Continue On Fail), after the scheduler refused what has not begun. */
	stop: () => void;
}

/**
 * The items of one execution, written once for both ways of running them. Output in item order, each item paired
 * with its input. With Continue On Fail a failed item becomes its error item and the others go on; without it,
 * the first failure stops the rest: no item starts and no POST is sent after it, those in flight finish, and the
 * error lists what every item created (createdInBatch), so nobody runs the node again into duplicates.
 */
async function runItems(this: IExecuteFunctions, run: ItemRun): Promise<INodeExecutionData[]> {
	const { size, handler, scheduler } = run;
	const perItem: INodeExecutionData[][] = new Array(size);
	const failures: Array<{ error: Error; itemIndex: number }> = [];
	let next = 0;
	const worker = async (): Promise<void> => {
		while (!failures.length && next < size) {
			const itemIndex = next++;
			const outcome = await outcomeOf.call(this, itemIndex, async () => await handler.execute.call(run.contextFor(itemIndex), itemIndex, scheduler.lane(itemIndex)));
			if ('items' in outcome) perItem[itemIndex] = outcome.items;
			else {
				failures.push({ error: outcome.error, itemIndex });
				// Stopped before this item lets go of its turn, so no later item's POST is let through by it.
				if (failures.length === 1) {
					scheduler.stop(itemIndex);
					run.stop();
				}
			}
			scheduler.finish(itemIndex);
			run.progress.itemDone();
		}
	};
	// The execution's cancel refuses every turn not yet taken: a POST heard to its answer on a cancel (a produced
	// document, a start) ends the batch there, and no item's POST is sent after it.
	const cancelSignal = this.getExecutionCancelSignal?.();
	const onCancel = () => scheduler.stop();
	if (cancelSignal?.aborted) onCancel();
	cancelSignal?.addEventListener('abort', onCancel, { once: true });
	try {
		await Promise.all(Array.from({ length: Math.max(1, Math.min(run.workers, size)) }, async () => await worker()));
	} finally {
		cancelSignal?.removeEventListener('abort', onCancel);
	}
	if (failures.length) {
		// Items in flight may fail on their own after the first failure (a revoked key fails them all): the cause
		// named is the earliest item's, as when items ran one by one; an error that is only the stop never is. A
		// cancelled execution is named by its cancel, whatever else failed meanwhile: n8n reads it from the message.
		const cancelled = isCancelled.call(this);
		const rank = (failure: (typeof failures)[number]) => {
			const stop = stopRank(failure.error);
			return (cancelled ? CANCELLED_FIRST[stop] : stop) * size + failure.itemIndex;
		};
		const cause = failures.reduce((first, failure) => (rank(failure) < rank(first) ? failure : first));
		throw withBatchCreated(cancelled ? namedByCancel.call(this, cause) : cause.error, cause.itemIndex, scheduler.createdByItem());
	}
	return perItem.flat();
}
