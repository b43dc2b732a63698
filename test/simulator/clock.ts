/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The simulator's notion of "now". Everything time-based in the contract (key expiry, rate-limit
 * windows, timestamps in bodies) reads this clock, so tests can move time without waiting.
 * Real waiting (fault delays, run step durations) still uses real timers: see TimerBag.
 */
export type ClockSource = () => number;

export interface ClockOptions {
	/** Replaces Date.now as the base time source (e.g. a fake clock driven by a test). */
	source?: ClockSource;
	/** Added to every reading; `advance()` grows it. */
	offsetMs?: number;
}

export class Clock {
	private source: ClockSource;
	private offsetMs: number;

	constructor(options: ClockOptions = {}) {
		this.source = options.source ?? Date.now;
		this.offsetMs = options.offsetMs ?? 0;
	}

	now(): number {
		return this.source() + this.offsetMs;
	}

	nowIso(): string {
		return new Date(this.now()).toISOString();
	}

	/** Moves simulated time forward (or back, with a negative value). */
	advance(ms: number): void {
		this.offsetMs += ms;
	}

	setOffset(ms: number): void {
		this.offsetMs = ms;
	}

	get offset(): number {
		return this.offsetMs;
	}
}

/**
 * Real timers owned by the simulator, so `stop()` and `reset()` can cancel every pending one and
 * jest is not kept alive by a delay rule or a run that is still "working".
 */
export class TimerBag {
	private readonly timers = new Set<NodeJS.Timeout>();

	setTimeout(fn: () => void, ms: number): NodeJS.Timeout {
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			fn();
		}, ms);
		this.timers.add(timer);
		return timer;
	}

	clearTimeout(timer: NodeJS.Timeout): void {
		clearTimeout(timer);
		this.timers.delete(timer);
	}

	/** Resolves after `ms` of real time; never resolves if the bag is cleared first. */
	sleep(ms: number): Promise<void> {
		if (ms <= 0) return Promise.resolve();
		return new Promise((resolve) => {
			this.setTimeout(resolve, ms);
		});
	}

	clearAll(): void {
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
	}
}
