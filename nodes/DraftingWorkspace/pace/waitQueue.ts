/** A send or a follow waiting for its turn in a batch (see BatchScheduler). */
export interface Waiter {
	/** A refused send waiting to go again: the item it belongs to (it may outlive a stop, see `stop`). */
	resending?: number;
	ready: () => boolean;
	/** Takes the send or the slot, synchronously, the moment the waiter is found ready. */
	take: () => void;
	resolve: () => void;
	reject: (error: Error) => void;
}

/**
 * Waiters of one kind, first come first served, a refused send's return ahead of every other. Pure: no I/O,
 * no timers. Waking stops as soon as `open()` says no more can go (a full send window), so the hundreds of
 * sends that wait under Auto at thousands of items cost nothing while the window is full.
 */
export class WaitQueue {
	private waiting: Waiter[] = [];

	add(waiter: Waiter): void {
		if (waiter.resending !== undefined) this.waiting.unshift(waiter);
		else this.waiting.push(waiter);
	}

	/** Wakes, in order, every waiter whose turn has come while `open()`; the rest keep their places. */
	wake(open: () => boolean = () => true): void {
		const waiting = this.waiting;
		let kept = 0;
		let index = 0;
		for (; index < waiting.length && open(); index++) {
			const waiter = waiting[index];
			// The send or slot is taken here, synchronously, so the checks of the waiters after it see it taken.
			if (waiter.ready()) {
				waiter.take();
				waiter.resolve();
			} else waiting[kept++] = waiter;
		}
		if (kept < index) waiting.splice(kept, index - kept);
	}

	/** Takes out the waiters `goesOn` refuses, and returns them. */
	refuse(goesOn: (waiter: Waiter) => boolean): Waiter[] {
		const refused = this.waiting.filter((waiter) => !goesOn(waiter));
		this.waiting = this.waiting.filter(goesOn);
		return refused;
	}
}
