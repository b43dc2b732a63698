/**
 * Whether a cut for slow answers paid. A service slowing down under load serves as many answers a second with
 * fewer sends in flight (what it serves is its own), so after the cut the answers come back as often as before,
 * each sooner: the cut stands. When they come back less often, the sends were not waiting on a service that had
 * too many: they waited in n8n's own busy process, or the service needed them to stay busy, and the cut only
 * slowed the batch: it is undone, and answers as slow as the ones that caused it no longer cut. Pure: the times
 * come from the caller.
 */

/** The fewest answers a rate is read from: over fewer, one answer's own time sways it. */
const FEWEST_ANSWERS = 1024;

/**
 * Answers a millisecond since the first answer's instant, counting those after it: answers come in bursts (sends
 * begun together end together), and a burst is the rate of the time before it, not after.
 */
class AnswerRate {
	private first: number | undefined;
	private count = 0;

	add(now: number): void {
		if (this.first === undefined) this.first = now;
		else if (now > this.first) this.count++;
	}

	/** The rate once `enough` answers were counted after the first instant (undefined before). */
	over(enough: number, now: number): number | undefined {
		if (this.first === undefined || this.count < Math.max(FEWEST_ANSWERS, enough)) return undefined;
		return this.count / (now - this.first);
	}
}

interface Trial {
	/** When its first cut was made: the sends begun since tell the rate after it. */
	cutAt: number;
	/** Answers of sends begun after the trial's first cut, counted until there are a window's worth. */
	after: AnswerRate;
	/** The slowest answer that cut: once the cut is undone, no slower than it counts as slow. */
	slowestMs: number;
}

export type CutVerdict = { undo: false } | { undo: true; size: number; tolerateMs: number };

/** The window before the cuts that stood since, and the rate it had: cuts one by one are judged all together. */
interface Anchor {
	size: number;
	rate: number;
}

export class SlowCutCheck {
	/** The instants of the latest answers (a ring): the widest window's worth, and never fewer than a rate needs. */
	private readonly recent: Float64Array;
	private answers = 0;
	private trial: Trial | undefined;
	private anchor: Anchor | undefined;

	/**
	 * `tolerance`: the share of the rate a cut may cost before it is undone (a rate read off answers sways with
	 * their times); `widest`: the widest the window gets.
	 */
	constructor(
		private readonly tolerance: number,
		widest: number,
	) {
		this.recent = new Float64Array(Math.max(FEWEST_ANSWERS, widest));
	}

	/** At `now` a window was cut from `from` for an answer `latencyMs` slow: its answers are watched from now on. */
	cut(now: number, from: number, latencyMs: number): void {
		// A cut during a trial is judged with it: its answers are still counted from the first cut.
		if (this.trial) {
			this.trial.slowestMs = Math.max(this.trial.slowestMs, latencyMs);
			return;
		}
		// Cuts that each cost less than the tolerance may cost more together: each is judged against the window
		// before the first of them, and the rate of its last window's worth of answers.
		const rate = this.anchor ? undefined : this.rateOfLatest(from);
		if (rate !== undefined) this.anchor = { size: from, rate };
		if (!this.anchor) return;
		this.trial = { cutAt: now, after: new AnswerRate(), slowestMs: latencyMs };
	}

	/** A refusal says the window was too wide whatever the rate: the cuts stand. */
	refused(): void {
		this.trial = undefined;
		this.anchor = undefined;
	}

	/** An answer without refusal to a send begun at `sentAt`, with the window at `size`. */
	answered(now: number, sentAt: number, size: number): CutVerdict {
		this.recent[this.answers++ % this.recent.length] = now;
		// Grown back to the window before the cuts: what they cost is no longer in question.
		if (this.anchor && !this.trial && size >= this.anchor.size) this.anchor = undefined;
		const { trial, anchor } = this;
		if (!trial || !anchor || sentAt < trial.cutAt) return { undo: false };
		trial.after.add(now);
		const after = trial.after.over(size, now);
		if (after === undefined) return { undo: false };
		this.trial = undefined;
		if (after >= anchor.rate * (1 - this.tolerance)) return { undo: false };
		this.anchor = undefined;
		return { undo: true, size: anchor.size, tolerateMs: trial.slowestMs };
	}

	/** Answers a millisecond over the latest `count` answers (as many as were kept), if enough were seen. */
	private rateOfLatest(count: number): number | undefined {
		const n = Math.min(Math.max(FEWEST_ANSWERS, count), this.recent.length, this.answers);
		if (n < FEWEST_ANSWERS) return undefined;
		const at = (back: number) => this.recent[(this.answers - back) % this.recent.length];
		const first = at(n);
		let after = 0;
		for (let back = 1; back < n; back++) if (at(back) > first) after++;
		return after === 0 ? undefined : after / (at(1) - first);
	}
}
