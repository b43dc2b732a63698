import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Lane } from './batch';

/** One item of an operation: it takes its turns through its `lane`, returns plain items and throws on failure. */
export type ItemExecute = (
	this: IExecuteFunctions,
	itemIndex: number,
	lane: Lane,
) => Promise<INodeExecutionData[]>;

/**
 * The kind of work an operation does, which decides how the pace engine (engine.ts) runs its items. Every
 * operation declares one (`export const work`); pick the first that fits:
 */
export type Work =
	/**
	 * Creates something, then waits for it (a run's event stream, an upload's status), or only waits: a
	 * `FollowPlan`. Its creating requests go through `lane.send(stage, …)`, its waits through `lane.follow(kind, …)`.
	 */
	| FollowPlan
	/**
	 * Sends one request that changes something (a POST: a completion, a produced document, a cancel) and waits for
	 * nothing after it: the operation sends it itself through `lane.send(POST_STAGE, …)`, so it goes out in item
	 * order, within the pace, and never after the node stopped at a failure.
	 */
	| 'send'
	/**
	 * Reads one thing by its ID and changes nothing (a record, a status): items run side by side, at least
	 * READ_CONCURRENCY at once even at a smaller fixed Batch Size, since running them so cannot change anything twice.
	 */
	| 'read'
	/**
	 * Anything else that changes nothing: lists, downloads, several reads. The whole item is one turn in the pace's
	 * window, so at a fixed Batch Size that many items run at once (1: one at a time).
	 */
	| 'item';

/** Create, then wait: the stages that send, in order, and how many waits of each kind may be open at once. */
export interface FollowPlan {
	/** The send stages, in the order every item goes through them (each item may skip some). */
	stages: readonly string[];
	/** How many follows of each kind may be open at once, from the node's parameters (read for item 0). */
	followLimits: (this: IExecuteFunctions) => Record<string, number>;
}

/**
 * The send stage of a `'send'` operation: its POST goes through `lane.send(POST_STAGE, …)`, in item order within
 * the pace, and is refused once the node has stopped at a failure (nothing new is sent after it).
 */
export const POST_STAGE = 'post';

/**
 * Items in flight for `'read'` operations. Eight keeps a 1,000-item batch as fast as n8n's HTTP Request node
 * (which sends every item at once) without bursting past the service's rate limit in one go.
 */
export const READ_CONCURRENCY = 8;
