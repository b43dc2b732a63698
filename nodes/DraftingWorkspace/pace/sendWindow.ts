import { AutoPace } from './pace';

/**
 * The batch's send window: how many sends (POSTs) may be in flight at once, told when each begins and ends.
 * The scheduler (batch.ts) asks its size whenever it looks for a send to let go.
 */
export interface SendWindow {
	size(): number;
	began(itemIndex: number): void;
	/** `answered`: the send ended with the service's answer (false: it failed). */
	ended(itemIndex: number, answered: boolean): void;
}

/** A fixed Batch Size: that many sends at once, whatever the service answers (1: one at a time). */
export function fixedWindow(size: number): SendWindow {
	const fixed = Math.max(1, Math.floor(size));
	return { size: () => fixed, began: () => undefined, ended: () => undefined };
}

interface OpenSend {
	at: number;
	/** The order sends began in: what was in flight before a refused send is what the service held. */
	order: number;
	/** Refused at least once (and retried by the transport): its time is not a service time. */
	refused: boolean;
}

/**
 * Auto: the window of the pace rule (pace.ts), fed with what happens to the batch's sends. Takes the time from
 * the caller's clock (n8n's `Date.now`) and sets no timer: `nextWakeAt` tells the caller when the window grows
 * next, so it can wake the scheduler then.
 */
export class AutoWindow implements SendWindow {
	private readonly open = new Map<number, OpenSend>();
	private order = 0;

	constructor(
		private readonly clock: () => number,
		private readonly pace = new AutoPace(),
	) {}

	size(): number {
		return this.pace.limit(this.clock());
	}

	/** The most the window may grow to now (its ceiling rises once the key shows a higher limit than the default). */
	ceiling(): number {
		return this.pace.ceiling();
	}

	began(itemIndex: number): void {
		const now = this.clock();
		this.open.set(itemIndex, { at: now, order: this.order++, refused: false });
		this.pace.sent(now);
	}

	ended(itemIndex: number, answered: boolean): void {
		const send = this.open.get(itemIndex);
		this.open.delete(itemIndex);
		if (!send || !answered || send.refused) return;
		const now = this.clock();
		this.pace.answered(now, send.at, now - send.at);
	}

	/**
	 * The service refused a request of this item (a 429 or 423; the transport retries it after the rest): the
	 * window becomes what the service held, the sends that began before this one and were not refused.
	 */
	pushedBack(itemIndex: number | undefined, restUntil: number): void {
		const send = itemIndex === undefined ? undefined : this.open.get(itemIndex);
		// A request outside a send (a follow's read) is not held against the window, but its rest is kept.
		const order = send?.order ?? this.order;
		let held = 0;
		for (const other of this.open.values()) if (other.order < order && !other.refused) held++;
		if (send) send.refused = true;
		this.pace.pushedBack(this.clock(), send?.at ?? this.clock(), held, restUntil);
	}

	/** When the window grows next (it is ramping), else undefined. */
	nextWakeAt(): number | undefined {
		return this.pace.nextGrowthAt(this.clock());
	}
}
