import type {
	IDataObject,
	IExecuteFunctions,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

import { createdOf } from '../../shared/common/errors';
import { CANCELLED_WAIT_MESSAGE, cancellationError } from '../../shared/transport';

/**
 * How well an item's error tells why its batch stopped: 0, it failed on its own; 1, the execution's cancel (or an
 * abort) ended its wait or request; 2, its turn was refused because another item failed first. The error a
 * stopped batch throws is the one of the lowest rank (n8n reads a cancelled execution from the error's message).
 */
function stopRank(error: unknown): 0 | 1 | 2 {
	for (
		let current: unknown = error, depth = 0;
		current instanceof Error && depth < 5;
		current = current.cause, depth++
	) {
		if (current instanceof BatchStoppedError) return 2;
		if (current.name === 'AbortError' || (current as { code?: unknown }).code === 'ERR_CANCELED')
			return 1;
		if (current.message.startsWith(CANCELLED_WAIT_MESSAGE)) return 1;
	}
	return 0;
}

/** Thrown into a send or follow that was still waiting when the batch stopped. */
export class BatchStoppedError extends Error {
	constructor() {
		super('The batch stopped before this item took its turn');
		this.name = 'BatchStoppedError';
	}
}

/** An item's failure, as the item loop collects them. */
export interface ItemFailure {
	error: Error;
	itemIndex: number;
}

/** The order of `stopRank`s once the execution was cancelled: its cancelled waits first. */
const CANCELLED_FIRST = [1, 0, 2] as const;

function isCancelled(this: IExecuteFunctions): boolean {
	return this.getExecutionCancelSignal?.()?.aborted === true;
}

/**
 * The error a stopped batch throws. Items in flight may fail on their own after the first failure (a revoked key
 * fails them all): the cause named is the earliest item's, as when items ran one by one; an error that is only the
 * stop never is. A cancelled execution is named by its cancel, whatever else failed meanwhile: n8n reads it from
 * the message. Either way it lists what every item created (createdInBatch).
 */
export function stoppingError(
	this: IExecuteFunctions,
	failures: readonly ItemFailure[],
	size: number,
	createdByItem: Array<{ itemIndex: number; created: IDataObject }>,
): Error {
	const cancelled = isCancelled.call(this);
	const rank = (failure: ItemFailure) => {
		const stop = stopRank(failure.error);
		return (cancelled ? CANCELLED_FIRST[stop] : stop) * size + failure.itemIndex;
	};
	const cause = failures.reduce((first, failure) =>
		rank(failure) < rank(first) ? failure : first,
	);
	return withBatchCreated(
		cancelled ? namedByCancel.call(this, cause) : cause.error,
		cause.itemIndex,
		createdByItem,
	);
}

/**
 * A cancelled execution's error: a cancelled wait's, or the cancel itself, naming the failure it came after. What the
 * item had created (a run started before its wait was refused by the stop) stays on the error, with its advice.
 */
function namedByCancel(this: IExecuteFunctions, cause: ItemFailure): Error {
	const rank = stopRank(cause.error);
	if (rank === 1) return cause.error;
	const error = cancellationError(this.getNode(), cause.itemIndex);
	if (rank === 0)
		error.description = `Item ${cause.itemIndex} had failed meanwhile: ${cause.error.message}`;
	const created = createdOf(cause.error);
	if (created) {
		error.context.created = created;
		if (rank === 2) error.description = (cause.error as { description?: string }).description;
	}
	return error;
}

/** The error that stops a batch lists what every item created, not only its own item's. */
function withBatchCreated(
	error: Error,
	itemIndex: number,
	byItem: Array<{ itemIndex: number; created: IDataObject }>,
): Error {
	const others = byItem.filter((entry) => entry.itemIndex !== itemIndex);
	if (!byItem.length || !('context' in error)) return error;
	const nodeError = error as NodeApiError | NodeOperationError;
	nodeError.context.createdInBatch = byItem.map(({ itemIndex: index, created }) => ({
		itemIndex: index,
		...created,
	}));
	if (others.length)
		nodeError.description = `Before the node stopped, item${others.length === 1 ? '' : 's'} ${others.map((entry) => entry.itemIndex).join(', ')} had already created runs or documents in the service (their ids are in this error's createdInBatch field). Running the node again creates them again: follow the runs with Run → Wait For Run, or reuse the documents.\n${nodeError.description ?? ''}`;
	return nodeError;
}
