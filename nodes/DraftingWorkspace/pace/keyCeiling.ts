/**
 * Auto's ceiling. A fresh key's default limit, 300 requests a minute, admits 300 at once and no more, so the window
 * is never wider than that on a key that has shown nothing else. An admin may give a key a higher limit, and the
 * service does not say which: the key shows it by admitting more. No limiter of 300 a minute admits more than 600
 * requests within one minute (a fixed window admits up to twice its limit across its turn, and so does a token
 * bucket that starts full; a sliding window admits its limit), so more than `liftAbove` sends answered without a
 * refusal, all begun within one minute, prove a higher limit, and the ceiling rises to `liftedCeiling`. A refusal
 * starts the count again. Pure: the times come from the caller.
 */

/** Auto's settings (pace.ts) that make its ceiling. */
export interface CeilingSettings {
	/** The ceiling on a key that has not shown a higher limit. */
	ceiling: number;
	/** Sends answered without refusal, begun within `keySpanMs`, that prove the key's limit above the default. */
	liftAbove: number;
	keySpanMs: number;
	/** The ceiling once the key has proved it. */
	liftedCeiling: number;
}

export class KeyCeiling {
	/** When the first send of the count began; undefined: nothing counted since the last refusal. */
	private from: number | undefined;
	private count = 0;
	private proved = false;

	constructor(private readonly settings: Readonly<CeilingSettings>) {}

	value(): number {
		return this.proved ? this.settings.liftedCeiling : this.settings.ceiling;
	}

	/** A send that began at `sentAt` was answered without refusal. */
	admitted(sentAt: number): void {
		if (this.proved) return;
		// A send begun before the count's start is not in its minute: counting it could only overstate the limit.
		if (this.from !== undefined && sentAt < this.from) return;
		if (this.from === undefined || sentAt - this.from > this.settings.keySpanMs) {
			this.from = sentAt;
			this.count = 0;
		}
		if (++this.count > this.settings.liftAbove) this.proved = true;
	}

	/** The service refused a send (a 429 or 423): what was counted proves nothing more. */
	refused(): void {
		if (this.proved) return;
		this.from = undefined;
		this.count = 0;
	}
}
