import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { BatchScheduler } from './batch';
import { stoppableContexts } from './batchContext';
import { keepingPace, pacedContext, readPace, sendWindowOf } from './batching';
import { runItems, type OutcomeOf } from './itemLoop';
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
 * Runs every item of an execution at Batch Processing → Pace (Auto's window, or a fixed Batch Size), as its work
 * asks; the output in item order. The window, the shared pause on a 429 or 423 and the stop at the first failure
 * (without Continue On Fail) all live behind this call.
 */
export async function runPaced(this: IExecuteFunctions, paced: PacedItems): Promise<INodeExecutionData[]> {
	const { count, work, execute, outcomeOf } = paced;
	const pace = readPace.call(this);
	// A fixed Batch Size keeps read-only operations at their own pool (8) at least: they change nothing.
	const window = sendWindowOf(pace, work === 'read' ? READ_CONCURRENCY : undefined);
	if (typeof work === 'object') {
		// Send in order, follow side by side: every item runs at once and takes its turns through the scheduler (POSTs
		// in item order, within the window, then the waits, bounded). Each item gets a context whose cancel signal
		// also fires when the batch stops, so a failure ends the others' waits at once.
		const scheduler = new BatchScheduler(count, work.stages, work.followLimits.call(this), window, !this.continueOnFail());
		const { contextFor, stop } = stoppableContexts.call(pacedContext(this, window, scheduler), scheduler.isSending);
		const run = { size: count, workers: count, execute, outcomeOf, scheduler, contextFor, stop };
		return await keepingPace(window, scheduler, async () => await runItems.call(this, run));
	}
	const scheduler = new BatchScheduler(count, WINDOW_STAGES, {}, window, !this.continueOnFail());
	const context = pacedContext(this, window, scheduler);
	// Auto: every item waits for its turn in the window; those that do not take it themselves (reads, downloads)
	// take their whole item through it as one send.
	const workers = pace.auto ? count : Math.min(count, window.size());
	const item = pace.auto && work !== 'send' ? throughWindow(execute) : execute;
	const run = { size: count, workers, execute: item, outcomeOf, scheduler, contextFor: () => context, stop: () => undefined };
	return await keepingPace(window, scheduler, async () => await runItems.call(this, run));
}

/** An operation's whole item taken through the window as one send (under Auto, its pace is learnt too). */
function throughWindow(execute: ItemExecute): ItemExecute {
	return async function (itemIndex, lane) {
		return await lane.send(POST_STAGE, async () => await execute.call(this, itemIndex, lane));
	};
}
