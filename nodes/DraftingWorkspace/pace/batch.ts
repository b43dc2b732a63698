import type { IDataObject } from 'n8n-workflow';

import { BatchStoppedError } from './batchStop';
import { fixedWindow, type SendWindow } from './sendWindow';
import type { FollowTurn, Lane } from './lane';
import { WaitQueue } from './waitQueue';
export { derivedContext } from './batchContext';
export type { FollowTurn, Lane } from './lane';

/**
 * The two-phase schedule of a batch: "send in order, follow side by side". Pure (no I/O, no timers): it only
 * decides when each item's steps may begin.
 *
 * An operation is a function of one item that goes through named send stages in a fixed order (e.g. upload,
 * then start). A send (a POST) waits until every earlier item has begun (or skipped) that stage, and at most
 * the window's size of sends are in flight at once (a fixed Batch Size, or Auto's pace, which changes while sends
 * are in flight), so POSTs go out in item order, several at a time; with a window of 1, one by one. A follow (an
 * event stream, a status loop) waits until every item has passed the stages this item has passed (all the runs
 * are started before any is followed), then for a free slot of its kind: at most `limits[kind]` at once.
 * An item that ends, or fails, passes every stage. `stop()` refuses every send and follow not yet begun.
 */

export class BatchScheduler {
	/** Per item: how many stages it has passed (all of them once it ended). */
	private readonly passed: number[];
	/** Per item: how many stages it has begun (a send in flight counts as begun, not passed). */
	private readonly begun: number[];
	private readonly created: Array<IDataObject | undefined>;
	private readonly open = new Map<string, number>();
	/** Sends (a refused one's return first) and follows wait apart: a full window answers every send at once. */
	private readonly sends = new WaitQueue();
	private readonly follows = new WaitQueue();
	/** The items whose send is in flight (an item's sends follow one another): a stop lets these finish. */
	private readonly inSend = new Set<number>();
	private stopped = false;
	/** The earliest item whose failure stopped the batch. */
	private stoppedAt = Number.POSITIVE_INFINITY;
	/** Per stage, the first item not yet begun on it; per count of stages, how many items passed that many (all grow only). */
	private readonly frontier: number[];
	private readonly passedCount: number[];
	private lowest = 0;
	private readonly window: SendWindow;
	/** The window's size, read once per wake-up (Auto's depends on the time). */
	private sendLimit = 1;

	constructor(
		size: number,
		private readonly stages: readonly string[],
		private readonly limits: Readonly<Record<string, number>>,
		window: number | SendWindow = 1,
		/** Without Continue On Fail: a send that fails stops the batch before it lets the next send go. */
		private readonly stopOnSendFailure = false,
	) {
		this.window = typeof window === 'number' ? fixedWindow(window) : window;
		this.passed = new Array<number>(size).fill(0);
		this.begun = new Array<number>(size).fill(0);
		this.created = new Array<IDataObject | undefined>(size);
		this.frontier = new Array<number>(stages.length).fill(0);
		this.passedCount = [size, ...new Array<number>(stages.length).fill(0)];
	}

	lane(itemIndex: number): Lane {
		return {
			send: async (stage, fn) => await this.send(itemIndex, stage, fn),
			follow: async (kind, fn) => await this.follow(itemIndex, kind, fn),
			record: (ids) => {
				this.created[itemIndex] = { ...this.created[itemIndex], ...ids };
			},
		};
	}

	/** The item is done (with a result or an error): it no longer holds back anyone's turn. */
	finish(itemIndex: number): void {
		this.pass(itemIndex, this.stages.length);
		this.begun[itemIndex] = this.stages.length;
		this.changed();
	}

	/**
	 * Item `failedItem` failed (none: a stop from outside): refuses every send and follow not yet begun; those in
	 * flight go on (the caller aborts their waits). An earlier item's refused send is in flight too and goes again
	 * at its turn, as it went before the failing item when items ran one by one; a later one's created nothing.
	 */
	stop(failedItem = -1): void {
		this.stopped = true;
		this.stoppedAt = Math.min(this.stoppedAt, failedItem);
		const goesOn = ({ resending }: { resending?: number }) => this.goesOn(resending);
		for (const waiter of [...this.sends.refuse(goesOn), ...this.follows.refuse(goesOn)])
			waiter.reject(new BatchStoppedError());
		this.changed();
	}

	/** Lets waiting sends go if the window has grown since (Auto's grows with time while it ramps). */
	wake = (): void => this.changed();

	/** A refused send gives up its place and waits, ahead of every other, for a free one before it goes again. */
	async readmit(itemIndex: number): Promise<void> {
		if (!this.inSend.delete(itemIndex)) return;
		this.changed();
		await this.until(
			() => this.inSend.size < this.sendLimit,
			() => this.inSend.add(itemIndex),
			{ resending: itemIndex, needsSend: true },
		);
	}

	/** Whether the item's send is in flight (its requests then run to their end even if the batch stops). */
	isSending = (itemIndex: number): boolean => this.inSend.has(itemIndex);

	/** What each item created, in item order (items that created nothing are left out). */
	createdByItem(): Array<{ itemIndex: number; created: IDataObject }> {
		return this.created.flatMap((created, itemIndex) => (created ? [{ itemIndex, created }] : []));
	}

	private stageIndex(stage: string): number {
		const index = this.stages.indexOf(stage);
		if (index < 0) throw new Error(`Unknown batch stage "${stage}"`);
		return index;
	}

	private async send<T>(itemIndex: number, stage: string, fn: () => Promise<T>): Promise<T> {
		const index = this.stageIndex(stage);
		// Reaching a stage passes the ones before it (an item without files skips the upload stage).
		if (this.passed[itemIndex] < index) {
			this.pass(itemIndex, index);
			this.begun[itemIndex] = Math.max(this.begun[itemIndex], index);
			this.changed();
		}
		this.sendLimit = this.window.size();
		await this.until(
			() => this.inSend.size < this.sendLimit && this.earlierBegan(itemIndex, index),
			() => {
				this.inSend.add(itemIndex);
				this.window.began(itemIndex);
				this.begun[itemIndex] = Math.max(this.begun[itemIndex], index + 1);
			},
			{ needsSend: true },
		);
		this.changed();
		let failed = true;
		try {
			const result = await fn();
			failed = false;
			return result;
		} finally {
			if (failed && this.stopOnSendFailure) this.stop(itemIndex);
			this.window.ended(itemIndex, !failed);
			this.inSend.delete(itemIndex);
			this.pass(itemIndex, index + 1);
			this.changed();
		}
	}

	private async follow<T>(
		itemIndex: number,
		kind: string,
		fn: (turn: FollowTurn) => Promise<T>,
	): Promise<T> {
		const reached = this.passed[itemIndex];
		const limit = Math.max(1, this.limits[kind] ?? 1);
		let queued = false;
		await this.until(
			() => {
				if (this.lowestPassed() < reached) return false;
				if ((this.open.get(kind) ?? 0) < limit) return true;
				// Its stages are done but every slot is taken: it waits for another follow to end.
				queued = true;
				return false;
			},
			() => this.open.set(kind, (this.open.get(kind) ?? 0) + 1),
		);
		try {
			return await fn({ queued });
		} finally {
			this.open.set(kind, (this.open.get(kind) ?? 1) - 1);
			this.changed();
		}
	}

	/** Whether every item before `itemIndex` began `stage`: the frontier moves on, N steps per stage in all. */
	private earlierBegan(itemIndex: number, stage: number): boolean {
		let first = this.frontier[stage];
		while (first < itemIndex && this.begun[first] > stage) first++;
		this.frontier[stage] = first;
		return first >= itemIndex;
	}

	private pass(itemIndex: number, stages: number): void {
		if (stages <= this.passed[itemIndex]) return;
		this.passedCount[this.passed[itemIndex]]--;
		this.passedCount[stages]++;
		this.passed[itemIndex] = stages;
	}

	private lowestPassed(): number {
		while (this.lowest < this.stages.length && !this.passedCount[this.lowest]) this.lowest++;
		return this.lowest;
	}

	/** Whether a waiter still goes once the batch stopped: only an earlier item's refused send. */
	private goesOn(resending: number | undefined): boolean {
		return !this.stopped || (resending !== undefined && resending < this.stoppedAt);
	}

	/** Waits until `ready`, then `take`s; a refused send (`resending`, its item) waits ahead of every other. */
	private async until(
		ready: () => boolean,
		take: () => void,
		{ resending, needsSend = false }: { resending?: number; needsSend?: boolean } = {},
	): Promise<void> {
		if (!this.goesOn(resending)) throw new BatchStoppedError();
		if (ready()) {
			take();
			// One hop more, as a woken waiter takes: taken right after an earlier item was woken, it resumes after it.
			return await Promise.resolve();
		}
		await new Promise<void>((resolve, reject) =>
			(needsSend ? this.sends : this.follows).add({ resending, ready, take, resolve, reject }),
		);
	}

	/** Wakes the waiters whose turn has come, first come first served; no send while the window is full. */
	private changed(): void {
		this.sendLimit = this.window.size();
		this.follows.wake();
		this.sends.wake(() => this.inSend.size < this.sendLimit);
	}
}
