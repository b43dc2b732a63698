import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { BatchScheduler } from './batch';
import { stoppableContexts } from './batchContext';
import { keepingPace, pacedContext, readPace, sendWindowOf } from './batching';
import { runItems, type OutcomeOf } from './itemLoop';
import { ProgressLog } from './progress';
import { AutoWindow } from './sendWindow';
import { POST_STAGE, READ_CONCURRENCY, type ItemExecute, type Work } from './work';

export type { ItemOutcome } from './itemLoop';

/** What the node hands the pace engine: its items, the operation's declared work, and how it handles one item. */
interface PacedItems {
	count: number;
	work: Work;
	/** The operation's function of one item. */
	execute: ItemExecute;
	/** The node's: runs one item and says its outcome (its results, its error item, or the error that stops). */
	outcomeOf: OutcomeOf;
}

/** The one send stage of a `'send'`, `'read'` or `'item'` operation: its POST, or its whole item. */
const WINDOW_STAGES = [POST_STAGE];

/**
 * Under Auto, the most items begun and not ended for work without a follow plan, per send the window may hold. An
 * item holds its parameters, its request and its place in the queue from its beginning to its end, so beginning
 * all N at once holds N of them. Auto's window is never wider than its ceiling: twice that keeps it full and leaves
 * as many items reading their parameters or downloading a file; the ceiling rises when the key shows a higher
 * limit, and more items begin then. (A follow plan begins every item at once: a follow waits until every item has
 * passed its stages.)
 */
const AUTO_ITEMS_BEGUN_PER_SEND = 2;

/**
 * Runs every item of an execution at Batch Processing → Pace (Auto's window, or a fixed Batch Size), as its work
 * asks; the output in item order. The window, the shared pause on a 429 or 423 and the stop at the first failure
 * (without Continue On Fail) all live behind this call.
 */
export async function runPaced(
	this: IExecuteFunctions,
	paced: PacedItems,
): Promise<INodeExecutionData[]> {
	const { count, work, execute, outcomeOf } = paced;
	const pace = readPace.call(this);
	// A fixed Batch Size keeps read-only operations at their own pool (8) at least: they change nothing.
	const window = sendWindowOf(pace, work === 'read' ? READ_CONCURRENCY : undefined);
	if (typeof work === 'object') {
		// Send in order, follow side by side: every item runs at once and takes its turns through the scheduler (POSTs
		// in item order, within the window, then the waits, bounded). Each item gets a context whose cancel signal
		// also fires when the batch stops, so a failure ends the others' waits at once.
		const scheduler = new BatchScheduler(
			count,
			work.stages,
			work.followLimits.call(this),
			window,
			!this.continueOnFail(),
		);
		const progress = new ProgressLog(this, count, window, pace.auto);
		const { contextFor, stop } = stoppableContexts.call(
			pacedContext(this, window, scheduler, progress.requestRefused),
			scheduler.isSending,
		);
		const run = {
			size: count,
			workers: count,
			execute,
			outcomeOf,
			scheduler,
			progress,
			contextFor,
			stop,
		};
		return await keepingPace(window, scheduler, async () => await runItems.call(this, run));
	}
	const scheduler = new BatchScheduler(count, WINDOW_STAGES, {}, window, !this.continueOnFail());
	const progress = new ProgressLog(this, count, window, pace.auto);
	const context = pacedContext(this, window, scheduler, progress.requestRefused);
	// Auto: items begin in order, at most twice the window's ceiling at once, and wait for their turn in the window;
	// those that do not take it themselves (reads, downloads) take their whole item through it as one send.
	const workers =
		window instanceof AutoWindow
			? () => AUTO_ITEMS_BEGUN_PER_SEND * window.ceiling()
			: window.size();
	const item = pace.auto && work !== 'send' ? throughWindow(execute) : execute;
	const run = {
		size: count,
		workers,
		execute: item,
		outcomeOf,
		scheduler,
		progress,
		contextFor: () => context,
		stop: () => undefined,
	};
	return await keepingPace(window, scheduler, async () => await runItems.call(this, run));
}

/** An operation's whole item taken through the window as one send (under Auto, its pace is learnt too). */
function throughWindow(execute: ItemExecute): ItemExecute {
	return async function (itemIndex, lane) {
		return await lane.send(POST_STAGE, async () => await execute.call(this, itemIndex, lane));
	};
}
