/**
 * Auto pace: how many sends (POSTs) of a batch may be in flight at once. Pure: no timers and no clock; every
 * event carries the time the caller read (n8n's clock), and `nextGrowthAt` says when the caller should ask again.
 *
 * The service says "enough" in two ways: it refuses (a 429 or 423), or it answers later the more it is given.
 * The rule listens to both, in three phases:
 *
 * 1. Ramp. It starts at `start` sends and widens with time, without waiting for answers: against a service that
 *    takes everything, answers come back only after the service time (a second, say), and waiting for them, as
 *    TCP's slow start does, would spend several service times on a batch that fits in one. A refusal comes back
 *    in one round trip, so the ramp has sent a few sends too many when it hears the first: those it sent in that
 *    round trip. It doubles every `doublingMs` at first, where small caps are met (8 or 16 at once: fewer
 *    refusals than half the cap), and quicker as it widens, every `quickDoublingMs` past `quickAbove`, so a
 *    batch of hundreds is out within a third of a second; a cap met up there costs about its own size in
 *    refusals, once (each refused send waits and goes again; none is lost).
 * 2. Held. A refusal ends the ramp. The window becomes what the service held when it refused: the sends still
 *    in flight that began before the refused one (`held`). An answer much slower than the fastest seen (more
 *    than `slowAnswer` times it) ends the ramp too, and scales the window down by how much slower it was (the
 *    latency gradient of Netflix's concurrency-limits library and Envoy's adaptive concurrency filter); an
 *    answer within `notSlowWithinMs` is never slow (n8n's event loop and the network, not the service). A cut
 *    after which the answers come back less often than before is undone (slowCut.ts): the slowness was not the
 *    service's.
 * 3. Probe. Every window's worth of clean answers adds one send (additive increase) up to the last size the
 *    service held; above it, one send per `probeWindows` windows, so a service with a hard cap is asked for one
 *    more only now and then: each ask costs one refusal and a rest of the key, so against a hard cap of C sends,
 *    one request in about 8 × C is refused once the ramp is over.
 *
 * Never wider than `ceiling`: the key's default limit (300 requests a minute) admits that many at once on a
 * fresh key, and no more; a key that shows a higher limit lifts it (keyCeiling.ts). A rate limit's refusal also
 * rests every request with the key (transport/pause.ts), so nothing is sent until the service admits it again.
 */

import { KeyCeiling, type CeilingSettings } from './keyCeiling';
import { rampCurve, type RampCurve, type RampSettings } from './rampCurve';
import { SlowCutCheck } from './slowCut';

export interface PaceSettings extends RampSettings, CeilingSettings {
	/**
	 * The most the ramp's clock moves between two looks at it: time the caller was too busy to look (n8n's event
	 * loop blocked) is time it could not have heard a refusal either, so it does not widen the window.
	 */
	rampStepMs: number;
	/** An answer this many times slower than the fastest seen is the service slowing down under load... */
	slowAnswer: number;
	/** ...if it takes longer than this: shorter times are n8n's own event loop and the network, not a service's. */
	notSlowWithinMs: number;
	/** Above the size the service last held: one more send per this many windows of clean answers. */
	probeWindows: number;
	/**
	 * A slow-answer cut that costs more than this share of the answers a second is undone; a window cut by less than
	 * this share still widens when the key lifts the ceiling.
	 */
	slowCutCost: number;
}

export const AUTO_PACE: Readonly<PaceSettings> = {
	start: 8,
	doublingMs: 150,
	quickDoublingMs: 50,
	quickAbove: 32,
	rampStepMs: 20,
	ceiling: 300,
	liftedCeiling: 600,
	liftAbove: 600,
	keySpanMs: 60_000,
	slowAnswer: 2,
	notSlowWithinMs: 100,
	probeWindows: 8,
	slowCutCost: 0.25,
};

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
	/** The window reached the ceiling, and no refusal cut it below since (slow answers may have). */
	private reachedCeiling = false;

	private readonly curve: RampCurve;
	private readonly keyCeiling: KeyCeiling;
	private readonly cuts: SlowCutCheck;

	constructor(private readonly settings: Readonly<PaceSettings> = AUTO_PACE) {
		this.size = settings.start;
		this.curve = rampCurve(settings);
		this.keyCeiling = new KeyCeiling(settings);
		this.cuts = new SlowCutCheck(settings.slowCutCost, settings.liftedCeiling);
	}

	/** The most the window may be now: the ceiling, lifted once the key has shown a higher limit. */
	ceiling(): number {
		return this.keyCeiling.value();
	}

	/** How many sends may be in flight at `now`. */
	limit(now: number): number {
		if (this.ramping) this.advance(now);
		return Math.max(
			1,
			Math.min(this.ceiling(), Math.floor(this.ramping ? this.rampSize() : this.size)),
		);
	}

	/** While ramping: when the limit grows next (the caller lets waiting sends go then); otherwise undefined. */
	nextGrowthAt(now: number): number | undefined {
		const limit = this.limit(now);
		if (!this.ramping || limit >= this.ceiling()) return undefined;
		return now + Math.max(0, this.curve.msAt(limit + 1) - this.rampMs);
	}

	/** A send began (the ramp's clock starts with the first). */
	sent(now: number): void {
		this.rampSeenAt ??= now;
		if (this.limit(now) >= this.ceiling()) this.reachedCeiling = true;
	}

	/** A send was answered without refusal, `latencyMs` after it began at `sentAt`. */
	answered(now: number, sentAt: number, latencyMs: number): void {
		const ceiling = this.ceiling();
		this.keyCeiling.admitted(sentAt);
		// Held by the old ceiling, the window widens to the new one as the ramp does, not one send a window.
		if (this.ceiling() > ceiling && !this.ramping && this.heldBy(ceiling)) this.rampFrom(now);
		const verdict = this.cuts.answered(now, sentAt, this.limit(now));
		if (verdict.undo) {
			// The cut cost answers a second: back to the window before it, and its answers' slowness is tolerated.
			this.size = Math.min(this.ceiling(), verdict.size);
			this.fastestMs = Math.max(this.fastestMs, verdict.tolerateMs);
			this.cutAt = now;
			this.clean = 0;
			return;
		}
		// A send that began during a rest of the key may have waited it out: its time says nothing of the service.
		if (sentAt < this.restedUntil) return this.grow();
		this.fastestMs = Math.min(this.fastestMs, latencyMs);
		const tolerated = Math.max(
			this.settings.slowAnswer * this.fastestMs,
			this.settings.notSlowWithinMs,
		);
		const gradient = tolerated / latencyMs;
		if (gradient >= 1 || sentAt < this.cutAt) return this.grow();
		// Slower than the tolerance: scale the window by how much slower (at most by half, once per window sent).
		const from = this.endRamp(now);
		this.size = Math.max(1, Math.floor(from * Math.max(0.5, gradient)));
		this.cuts.cut(now, from, latencyMs);
		this.cutAt = now;
		this.clean = 0;
	}

	/**
	 * A send that began at `sentAt` was refused (429 or 423) while `held` sends that began before it were in flight;
	 * the key rests until `restUntil`.
	 */
	pushedBack(now: number, sentAt: number, held: number, restUntil: number): void {
		this.restedUntil = Math.max(this.restedUntil, restUntil);
		this.keyCeiling.refused();
		this.cuts.refused();
		const from = this.endRamp(now);
		const holds = Math.max(1, held);
		// Several refusals of one burst name the same limit: only a send begun after the last cut cuts again.
		if (sentAt < this.cutAt) this.size = Math.min(this.size, Math.max(holds, Math.floor(from / 2)));
		else {
			this.size = Math.min(from, holds);
			this.held = holds;
			this.cutAt = now;
			this.clean = 0;
		}
		this.reachedCeiling = this.size >= this.ceiling();
	}

	/**
	 * Whether `ceiling` holds the window rather than the service: the window reached it, no refusal cut it below
	 * since, and slow answers cut it by less than `slowCutCost`: a cut that small costs less of the rate than the
	 * slow-cut check tells from noise, and n8n's own busy process makes it as readily as a service. Cut deeper, the
	 * service is slowing: widening the window would only queue more sends at it.
	 */
	private heldBy(ceiling: number): boolean {
		return this.reachedCeiling && this.size >= ceiling * (1 - this.settings.slowCutCost);
	}

	private advance(now: number): void {
		if (this.rampSeenAt === undefined) return;
		this.rampMs += Math.min(this.settings.rampStepMs, Math.max(0, now - this.rampSeenAt));
		this.rampSeenAt = now;
	}

	private rampSize(): number {
		return this.curve.sizeAt(this.rampMs);
	}

	/** Ramps again from the window's size. */
	private rampFrom(now: number): void {
		this.ramping = true;
		this.rampMs = this.curve.msAt(this.size);
		this.rampSeenAt = now;
	}

	/** Ends the ramp at the size it reached; returns that size. */
	private endRamp(now: number): number {
		if (this.ramping) {
			this.advance(now);
			this.size = Math.floor(Math.min(this.ceiling(), this.rampSize()));
			this.ramping = false;
		}
		return this.size;
	}

	/** One more send after a window of clean answers (after `probeWindows` windows above what the service held). */
	private grow(): void {
		if (this.ramping) return;
		const windows = this.size < this.held ? 1 : this.settings.probeWindows;
		if (++this.clean < this.size * windows) return;
		this.size = Math.min(this.ceiling(), this.size + 1);
		this.clean = 0;
	}
}
