import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { BatchScheduler } from './batch';
import { stoppingError, type ItemFailure } from './batchStop';
import type { ProgressLog } from './progress';
import type { ItemExecute } from './work';

/** One item's outcome, as the node words it: its output items (paired), or the error that stops the node. */
export type ItemOutcome = { items: INodeExecutionData[] } | { error: Error };

/** The node's own handling of one item's run: pairing, Continue On Fail, the error that names the item. */
export type OutcomeOf = (
	this: IExecuteFunctions,
	itemIndex: number,
	run: () => Promise<INodeExecutionData[]>,
) => Promise<ItemOutcome>;

interface ItemRun {
	size: number;
	/** How many items run at once (asked again as each item ends: it may grow); each worker takes the next item. */
	workers: number | (() => number);
	execute: ItemExecute;
	outcomeOf: OutcomeOf;
	scheduler: BatchScheduler;
	/** Told when each item ends: n8n's log shows a long batch moving. */
	progress: ProgressLog;
	contextFor: (itemIndex: number) => IExecuteFunctions;
	/** Called at the first failure (without Continue On Fail), after the scheduler refused what has not begun. */
	stop: () => void;
}

/**
 * The items of one execution, written once for every kind of work. Output in item order. An outcome that is an
 * error stops the rest: no item starts and no POST is sent after it, those in flight finish, and the error lists
 * what every item created (createdInBatch), so nobody runs the node again into duplicates.
 */
export async function runItems(
	this: IExecuteFunctions,
	run: ItemRun,
): Promise<INodeExecutionData[]> {
	const { size, execute, scheduler } = run;
	const perItem: INodeExecutionData[][] = new Array(size);
	const failures: ItemFailure[] = [];
	let next = 0;
	const wanted = run.workers;
	const target = typeof wanted === 'number' ? () => wanted : wanted;
	const workers: Array<Promise<void>> = [];
	// A worker that throws (no item's outcome does) is kept, not left unhandled while an earlier one is awaited.
	let crashed: { error: unknown } | undefined;
	const addWorkers = () => {
		const count = Math.max(1, Math.min(target(), size));
		while (workers.length < count && next < size && !failures.length)
			workers.push(worker().catch((error: unknown) => void (crashed ??= { error })));
	};
	const worker = async (): Promise<void> => {
		while (!failures.length && next < size) {
			const itemIndex = next++;
			const outcome = await run.outcomeOf.call(
				this,
				itemIndex,
				async () =>
					await execute.call(run.contextFor(itemIndex), itemIndex, scheduler.lane(itemIndex)),
			);
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
			addWorkers();
		}
	};
	// The execution's cancel stops the scheduler at once: no item's POST is let through after it, not even by an
	// item whose POST was heard to its answer (a request that creates something is heard out on a cancel).
	const cancel = this.getExecutionCancelSignal?.();
	const onCancel = () => scheduler.stop();
	if (cancel?.aborted) onCancel();
	cancel?.addEventListener('abort', onCancel, { once: true });
	try {
		addWorkers();
		// The list grows while it is awaited: a worker added later is awaited in its turn.
		for (let index = 0; index < workers.length; index++) await workers[index];
		if (crashed) throw crashed.error;
	} finally {
		cancel?.removeEventListener('abort', onCancel);
	}
	if (failures.length) throw stoppingError.call(this, failures, size, scheduler.createdByItem());
	return perItem.flat();
}
