/**
 * The handle between a played run and whoever acts on it from outside: cancel (abort), the admin
 * stall hook (freeze) and the admin approve hook (resume after a review pause).
 *
 * The engine only ever waits through `wait()` and `waitForApproval()`, both of which resolve
 * `false` once the run is aborted, so an aborted engine returns at its next await and never
 * touches the run again. Timers come from the simulator's TimerBag, so stop() also clears them.
 */
import type { TimerBag } from '../clock';

export class RunController {
	private readonly abortController = new AbortController();
	private frozen = false;
	private pendingTimer: NodeJS.Timeout | null = null;
	private approve: (() => void) | null = null;

	constructor(private readonly timers: TimerBag) {}

	get aborted(): boolean {
		return this.abortController.signal.aborted;
	}

	/**
	 * Resolves true after `ms` of real time, false as soon as the run is aborted. A frozen (stalled)
	 * run never wakes on its own: only an abort ends the wait. `wait(0)` is the engine's checkpoint.
	 */
	wait(ms: number): Promise<boolean> {
		return this.suspend((wake) => {
			if (this.frozen) return;
			this.pendingTimer = this.timers.setTimeout(
				() => {
					this.pendingTimer = null;
					wake();
				},
				Math.max(0, ms),
			);
		});
	}

	/** Resolves true when `approveReview()` is called, false when the run is aborted. */
	waitForApproval(): Promise<boolean> {
		return this.suspend((wake) => {
			this.approve = wake;
		});
	}

	approveReview(): void {
		const wake = this.approve;
		this.approve = null;
		wake?.();
	}

	/** Stall: the current wait (and every later one) only ends by abort. */
	freeze(): void {
		this.frozen = true;
		this.clearPending();
	}

	abort(): void {
		this.clearPending();
		this.approve = null;
		this.abortController.abort();
	}

	private suspend(arm: (wake: () => void) => void): Promise<boolean> {
		const signal = this.abortController.signal;
		if (signal.aborted) return Promise.resolve(false);
		return new Promise((resolve) => {
			const onAbort = (): void => resolve(false);
			signal.addEventListener('abort', onAbort, { once: true });
			arm(() => {
				signal.removeEventListener('abort', onAbort);
				resolve(true);
			});
		});
	}

	private clearPending(): void {
		if (this.pendingTimer) this.timers.clearTimeout(this.pendingTimer);
		this.pendingTimer = null;
	}
}
