// Auto's ceiling on a key (nodes/DraftingWorkspace/pace/keyCeiling.ts): lifted only by a key that admits more than
// any limiter of 300 requests a minute would, attacked with limiters of 300 a minute of every usual kind.
import fc from 'fast-check';

import { AUTO_PACE, AutoPace } from '../../../nodes/DraftingWorkspace/pace/pace';
import { KeyCeiling } from '../../../nodes/DraftingWorkspace/pace/keyCeiling';
import { runsOf } from '../../support/depth';

const SETTINGS = { ceiling: 300, liftAbove: 600, liftedCeiling: 600, keySpanMs: 60_000 };

/** A rate limiter of `limit` requests a minute: whether a request arriving at `at` would be admitted, and taking it. */
interface Limiter {
	admits(at: number): boolean;
	take(at: number): void;
}

function fixedWindow(limit: number, phaseMs: number): Limiter {
	const counts = new Map<number, number>();
	const windowOf = (at: number) => Math.floor((at + phaseMs) / 60_000);
	return {
		admits: (at) => (counts.get(windowOf(at)) ?? 0) < limit,
		take: (at) => void counts.set(windowOf(at), (counts.get(windowOf(at)) ?? 0) + 1),
	};
}

function slidingWindow(limit: number): Limiter {
	const admitted: number[] = [];
	return {
		admits(at) {
			while (admitted.length && admitted[0] <= at - 60_000) admitted.shift();
			return admitted.length < limit;
		},
		take: (at) => void admitted.push(at),
	};
}

function tokenBucket(limit: number): Limiter {
	let tokens = limit;
	let last = 0;
	const refill = (at: number) => {
		tokens = Math.min(limit, tokens + ((at - last) * limit) / 60_000);
		last = at;
	};
	return {
		admits(at) {
			refill(at);
			return tokens >= 1;
		},
		take: () => void (tokens -= 1),
	};
}

describe('KeyCeiling', () => {
	it('stays at 300 behind a limiter of 300 a minute (fixed window, sliding window, token bucket), whatever the sends and answer times', () => {
		// Each run sends at its own pace (a send every 1 to 200 ms, give or take), with bursts and long pauses, and
		// its own answer time, give or take its own jitter. A patient run waits for each send until the limiter admits
		// it: the most a key of 300 a minute admits with no refusal.
		const sends = fc
			.tuple(
				fc.integer({ min: 1, max: 200 }),
				fc.boolean(),
				fc.integer({ min: 1, max: 30_000 }),
				fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 30_000 })),
			)
			.chain(([paceMs, patient, answerMs, jitterMs]) =>
				fc.array(
					fc.record({
						gapMs: fc.oneof(
							{ weight: 200, arbitrary: fc.integer({ min: 0, max: 2 * paceMs }) },
							{ weight: 1, arbitrary: fc.constant(0) },
							{ weight: 1, arbitrary: fc.integer({ min: 0, max: 60_000 }) },
						),
						latencyMs: fc.integer({ min: answerMs, max: answerMs + jitterMs }),
						patient: fc.constant(patient),
					}),
					{ minLength: 1, maxLength: 2_500, size: 'max' },
				),
			);
		const limiter = fc.oneof(
			fc.integer({ min: 0, max: 59_999 }).map((phase) => () => fixedWindow(300, phase)),
			fc.constant(() => slidingWindow(300)),
			fc.constant(() => tokenBucket(300)),
		);
		fc.assert(
			fc.property(sends, limiter, (schedule, makeLimiter) => {
				const limiter = makeLimiter();
				const ceiling = new KeyCeiling(SETTINGS);
				const events: Array<{ at: number; sentAt: number; admitted: boolean }> = [];
				let at = 0;
				for (const send of schedule) {
					at += send.gapMs;
					while (send.patient && !limiter.admits(at)) at += 50;
					const admitted = limiter.admits(at);
					if (admitted) limiter.take(at);
					// A refusal comes back in one round trip; an answer after the service's time.
					events.push({ at: at + (admitted ? send.latencyMs : 1), sentAt: at, admitted });
				}
				events.sort((a, b) => a.at - b.at);
				for (const event of events) {
					if (event.admitted) ceiling.admitted(event.sentAt);
					else ceiling.refused();
					expect(ceiling.value()).toBe(300);
				}
			}),
			// A counterexample is thousands of sends: shrinking it takes minutes, and its first form already says what failed.
			{ numRuns: runsOf(1_000, 100), endOnFailure: true },
		);
	});

	it('rises to 600 once more than 600 sends begun within a minute were answered without a refusal', () => {
		const ceiling = new KeyCeiling(SETTINGS);
		for (let send = 0; send < 600; send++) ceiling.admitted(send * 99);
		expect(ceiling.value()).toBe(300);
		ceiling.admitted(600 * 99);
		expect(ceiling.value()).toBe(600);
	});

	it('does not rise for 601 sends spread over more than a minute, nor across a refusal', () => {
		const spread = new KeyCeiling(SETTINGS);
		for (let send = 0; send <= 600; send++) spread.admitted(send * 101);
		expect(spread.value()).toBe(300);
		const refused = new KeyCeiling(SETTINGS);
		for (let send = 0; send < 400; send++) refused.admitted(send);
		refused.refused();
		for (let send = 400; send < 1_000; send++) refused.admitted(send);
		expect(refused.value()).toBe(300);
		refused.admitted(1_000);
		expect(refused.value()).toBe(600);
	});

	it('does not count an answer of a send begun before the count started', () => {
		const ceiling = new KeyCeiling(SETTINGS);
		ceiling.admitted(70_000);
		for (let send = 0; send < 700; send++) ceiling.admitted(10_000);
		expect(ceiling.value()).toBe(300);
	});

	it('a window held at 300 by the ceiling alone widens to 600 as the ramp does once the key proves it', () => {
		const pace = new AutoPace();
		pace.sent(0);
		let now = 0;
		for (; now <= 1_000; now += 10) pace.limit(now);
		// The service held all 300 and refused the next: the ramp is over, at 300, and the count starts again.
		pace.pushedBack(now, now - 1, AUTO_PACE.ceiling, now + 1_000);
		now += 2_000;
		for (let answer = 0; answer <= AUTO_PACE.liftAbove; answer++)
			pace.answered((now += 1), now - 100, 100);
		expect(pace.ceiling()).toBe(AUTO_PACE.liftedCeiling);
		const widened = [];
		for (let step = 0; step < 10; step++) widened.push(pace.limit((now += 10)));
		expect(widened[0]).toBeLessThan(AUTO_PACE.liftedCeiling);
		expect(widened.at(-1)).toBe(AUTO_PACE.liftedCeiling);
	});

	it('lets Auto widen past 300 on a key that proved it, never past 600', () => {
		const pace = new AutoPace();
		pace.sent(0);
		let now = 0;
		for (; now <= 1_000; now += 10) pace.limit(now);
		expect(pace.limit(now)).toBe(AUTO_PACE.ceiling);
		for (let answer = 0; answer <= AUTO_PACE.liftAbove; answer++)
			pace.answered((now += 1), now - 100, 100);
		expect(pace.ceiling()).toBe(AUTO_PACE.liftedCeiling);
		for (let step = 0; step < 200; step++) pace.limit((now += 10));
		expect(pace.limit(now)).toBe(AUTO_PACE.liftedCeiling);
	});

	/** A pace ramped to the ceiling with a send going out at it, as the caller sends; returns the instant. */
	function rampedToCeiling(pace: AutoPace): number {
		let now = 0;
		pace.sent(now);
		for (; pace.limit(now) < AUTO_PACE.ceiling; now += 10);
		pace.sent(now);
		return now;
	}

	/**
	 * Answers 100 ms each (never slow) of sends begun after `from`, until the key proves it; then looks for a second.
	 * Returns the limit just before the proving answer and the last limit.
	 */
	function proveKeyThenLook(pace: AutoPace, from: number): { before: number; after: number } {
		let now = from + 100;
		let before = pace.limit(now);
		while (pace.ceiling() < AUTO_PACE.liftedCeiling) {
			before = pace.limit(now);
			pace.answered((now += 1), now - 100, 100);
			pace.sent(now);
		}
		for (let step = 0; step < 100; step++) pace.limit((now += 10));
		return { before, after: pace.limit(now) };
	}

	interface DrawnAnswer {
		afterMs: number;
		latencyMs: number;
		send: boolean;
	}

	/** Answers of any latency (slow ones cut the window), some sends between them. */
	const answersOfAnyLatency: fc.Arbitrary<DrawnAnswer[]> = fc.array(
		fc.record({
			afterMs: fc.integer({ min: 0, max: 2_000 }),
			latencyMs: fc.integer({ min: 1, max: 10_000 }),
			send: fc.boolean(),
		}),
		{ maxLength: 80 },
	);

	/** Hears the answers one by one from `from`, sending between them as drawn; returns the instant of the last. */
	function answerAll(pace: AutoPace, from: number, answers: DrawnAnswer[]): number {
		let now = from;
		for (const answer of answers) {
			now += answer.afterMs;
			pace.answered(now, now - answer.latencyMs, answer.latencyMs);
			if (answer.send) pace.sent(now);
		}
		return now;
	}

	/** Within this of the ceiling, slow answers' cuts are noise: the ceiling still holds the window. */
	const NOISE_FLOOR = AUTO_PACE.ceiling * (1 - AUTO_PACE.slowCutCost);

	it(`a window held by the ceiling widens to 600 once the key proves it, unless slow answers cut it below ${NOISE_FLOOR}: then the service is slowing, and it stays`, () => {
		fc.assert(
			fc.property(answersOfAnyLatency, (answers) => {
				const pace = new AutoPace();
				const now = answerAll(pace, rampedToCeiling(pace), answers);
				const { before, after } = proveKeyThenLook(pace, now);
				if (before >= NOISE_FLOOR) expect(after).toBe(AUTO_PACE.liftedCeiling);
				else expect(after).toBeLessThan(AUTO_PACE.ceiling);
			}),
			{ numRuns: runsOf(1_000, 100) },
		);
	});

	it('one slow answer just before the key proves it, cutting the window by two sends, does not keep it from widening to 600', () => {
		const pace = new AutoPace();
		let now = rampedToCeiling(pace);
		for (let answer = 0; answer < AUTO_PACE.liftAbove - 10; answer++) {
			pace.answered((now += 1), now - 100, 100);
			pace.sent(now);
		}
		pace.answered((now += 1), now - 201, 201);
		expect(pace.limit(now)).toBe(AUTO_PACE.ceiling - 2);
		expect(proveKeyThenLook(pace, now).after).toBe(AUTO_PACE.liftedCeiling);
	});

	it('a window a refusal cut below 300 stays what the service held when the key proves a higher limit', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: AUTO_PACE.ceiling - 1 }),
				answersOfAnyLatency,
				(held, answers) => {
					const pace = new AutoPace();
					let now = rampedToCeiling(pace);
					pace.pushedBack((now += 50), now - 1, held, now + 1_000);
					now += 2_000;
					now = answerAll(pace, now, answers);
					expect(proveKeyThenLook(pace, now).after).toBeLessThan(AUTO_PACE.ceiling);
				},
			),
			{ numRuns: runsOf(500, 50) },
		);
	});
});
