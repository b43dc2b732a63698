/**
 * Auto pace: how many sends (POSTs) of a batch may be in flight at once. Pure: no timers and no clock; every
 * event carries the time the caller read (n8n's clock), and `nextGrowthAt` says when the caller should ask again.
 *
 * The service says "enough" in two ways: it refuses (a 429 or 423), or it answers later the more it is given.
 * The rule listens to both, in three phases:
 *
 * 1. Ramp. It starts at `start` sends and doubles every `doublingMs` of time, without waiting for answers:
 *    against a service that takes everything, answers come back only after the service time (a second, say),
 *    and waiting for them, as TCP's slow start does, would spend several service times on a batch that fits in
 *    one. A refusal comes back in one round trip, so a ramp that doubles every few round trips has sent only a
 *    few sends too many when it hears the first one.
 * 2. Held. A refusal ends the ramp. The window becomes what the service held when it refused: the sends still
 *    in flight that began before the refused one (`held`). An answer much slower than the fastest seen (more
 *    than `slowAnswer` times it) ends the ramp too, and scales the window down by how much slower it was (the
 *    latency gradient of Netflix's concurrency-limits library and Envoy's adaptive concurrency filter).
 * 3. Probe. Every window's worth of clean answers adds one send (additive increase) up to the last size the
 *    service held; above it, one send per `probeWindows` windows, so a service with a hard cap is asked for one
 *    more only now and then (each ask costs one refusal and a rest of the key).
 *
 * Never wider than `ceiling`: the key's default limit (300 requests a minute) admits that many at once on a
 * fresh key, and no more. A rate limit's refusal also rests every request with the key (transport/pause.ts),
 * so nothing is sent until the service admits it again.
 */

export interface PaceSettings {
	/** Sends in flight at the start: a small batch (up to this many items) goes all at once. */
	start: number;
	/** The ramp doubles the window this often, until the first refusal or slow answer. */
	doublingMs: number;
	/**
	 * The most the ramp's clock moves between two looks at it: time the caller was too busy to look (n8n's event
	 * loop blocked) is time it could not have heard a refusal either, so it does not widen the window.
	 */
	rampStepMs: number;
	/** Never more in flight than this. */
	ceiling: number;
	/** An answer this many times slower than the fastest seen is the service slowing down under load. */
	slowAnswer: number;
	/** Above the size the service last held: one more send per this many windows of clean answers. */
	probeWindows: number;
}

export const AUTO_PACE: Readonly<PaceSettings> = { start: 8, doublingMs: 100, rampStepMs: 20, ceiling: 300, slowAnswer: 2, probeWindows: 4 };

export class AutoPace {
	/** The window once the ramp ended. */
	private size: number;
	/** Clean answers since the window last grew or was cut (additive increase counts them). */
	private clean = 0;
	/** The ramp's own clock (ms ramped) and when it last moved; undefined before the first send. */
	private rampMs = 0;
	private rampSeenAt: number | undefined;
	private ramping = true;
	/** The size the service last held when it refused; growing back to it is quick, probing above it slow. */
	private held = Number.POSITIVE_INFINITY;
	/** The fastest clean answer seen (the service's time unloaded). */
	private fastestMs = Number.POSITIVE_INFINITY;
	/** Sends that began before this instant were judged by the last cut: their pushback does not cut again. */
	private cutAt = Number.NEGATIVE_INFINITY;
	/** Sends that began before this instant may have waited out a rest of the key: their time is not the service's. */
	private restedUntil = Number.NEGATIVE_INFINITY;

	constructor(private readonly settings: Readonly<PaceSettings> = AUTO_PACE) {
		this.size = settings.start;
	}

	/** How many sends may be in flight at `now`. */
	limit(now: number): number {
		if (this.ramping) this.advance(now);
		return Math.max(1, Math.min(this.settings.ceiling, Math.floor(this.ramping ? this.rampSize() : this.size)));
	}

	/** While ramping: when the limit grows next (the caller lets waiting sends go then); otherwise undefined. */
	nextGrowthAt(now: number): number | undefined {
		if (!this.ramping || this.limit(now) >= this.settings.ceiling) return undefined;
		const rampMsAtNext = this.settings.doublingMs * Math.log2((this.limit(now) + 1) / this.settings.start);
		return now + Math.max(0, rampMsAtNext - this.rampMs);
	}

	/** A send began (the ramp's clock starts with the first). */
	sent(now: number): void {
		this.rampSeenAt ??= now;
	}

	/** A send was answered without refusal, `latencyMs` after it began at `sentAt`. */
	answered(now: number, sentAt: number, latencyMs: number): void {
		// A send that began during a rest of the key may have waited it out: its time says nothing of the service.
		if (sentAt < this.restedUntil) return this.grow();
		this.fastestMs = Math.min(this.fastestMs, latencyMs);
		const gradient = (this.settings.slowAnswer * this.fastestMs) / latencyMs;
		if (gradient >= 1 || sentAt < this.cutAt) return this.grow();
		// Slower than the tolerance: scale the window by how much slower (at most by half, once per window sent).
		const from = this.endRamp(now);
		this.size = Math.max(1, Math.floor(from * Math.max(0.5, gradient)));
		this.cutAt = now;
		this.clean = 0;
	}

	/**
	 * A send that began at `sentAt` was refused (429 or 423) while `held` sends that began before it were in flight;
	 * the key rests until `restUntil`.
	 */
	pushedBack(now: number, sentAt: number, held: number, restUntil: number): void {
		this.restedUntil = Math.max(this.restedUntil, restUntil);
		const from = this.endRamp(now);
		const holds = Math.max(1, held);
		// Several refusals of one burst name the same limit: only a send begun after the last cut cuts again.
		if (sentAt < this.cutAt) {
			this.size = Math.min(this.size, Math.max(holds, Math.floor(from / 2)));
			return;
		}
		this.size = Math.min(from, holds);
		this.held = holds;
		this.cutAt = now;
		this.clean = 0;
	}

	private advance(now: number): void {
		if (this.rampSeenAt === undefined) return;
		this.rampMs += Math.min(this.settings.rampStepMs, Math.max(0, now - this.rampSeenAt));
		this.rampSeenAt = now;
	}

	private rampSize(): number {
		return this.settings.start * 2 ** (this.rampMs / this.settings.doublingMs);
	}

	/** Ends the ramp at the size it reached; returns that size. */
	private endRamp(now: number): number {
		if (this.ramping) {
			this.advance(now);
			this.size = Math.floor(Math.min(this.settings.ceiling, this.rampSize()));
			this.ramping = false;
		}
		return this.size;
	}

	/** One more send after a window of clean answers (after `probeWindows` windows above what the service held). */
	private grow(): void {
		if (this.ramping) return;
		const windows = this.size < this.held ? 1 : this.settings.probeWindows;
		if (++this.clean < this.size * windows) return;
		this.size = Math.min(this.settings.ceiling, this.size + 1);
		this.clean = 0;
	}
}
