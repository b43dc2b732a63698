// Auto pace: the pure rule (nodes/DraftingWorkspace/pace/pace.ts) and its window (sendWindow.ts), driven with a made-up clock.
import fc from 'fast-check';

import { AUTO_PACE, AutoPace } from '../../../nodes/DraftingWorkspace/pace/pace';
import { AutoWindow, fixedWindow } from '../../../nodes/DraftingWorkspace/pace/sendWindow';
import { runsOf } from '../../support/depth';

/** Looks at the pace every `stepMs` from `from` to `to` (as the caller's wake-ups do) and returns its last limit. */
function watch(pace: AutoPace, from: number, to: number, stepMs = 10): number {
	let limit = pace.limit(from);
	for (let now = from; now <= to; now += stepMs) limit = pace.limit(now);
	return limit;
}

describe('AutoPace: the ramp', () => {
	it('starts at 8 at once: a batch of up to 8 items goes all at once, before any answer', () => {
		const pace = new AutoPace();
		expect(pace.limit(0)).toBe(AUTO_PACE.start);
		pace.sent(0);
		expect(pace.limit(0)).toBe(8);
	});

	it('widens with time looked at, without waiting for answers: 16 after 125 ms, 32 after 200, then doubling every 50 ms up to the ceiling of 300', () => {
		const pace = new AutoPace();
		pace.sent(0);
		expect(watch(pace, 0, 124, 1)).toBe(15);
		expect(watch(pace, 124, 125, 1)).toBe(16);
		expect(watch(pace, 125, 200, 5)).toBe(32);
		expect(watch(pace, 200, 250)).toBe(64);
		expect(watch(pace, 250, 300)).toBe(128);
		expect(watch(pace, 300, 1_000)).toBe(AUTO_PACE.ceiling);
		expect(pace.nextGrowthAt(1_000)).toBeUndefined();
	});

	it('a caller too busy to look does not widen it: the ramp moves at most 20 ms between two looks', () => {
		const pace = new AutoPace();
		pace.sent(0);
		const looked = new AutoPace();
		looked.sent(0);
		expect(pace.limit(5_000)).toBe(watch(looked, 0, 20, 1));
		expect(watch(looked, 20, 5_000)).toBe(AUTO_PACE.ceiling);
	});

	it('says when it grows next, so the caller wakes the waiting sends then; not before the first send has gone', () => {
		const pace = new AutoPace();
		const first = pace.nextGrowthAt(0);
		expect(first).toBeGreaterThan(0);
		pace.sent(0);
		const next = pace.nextGrowthAt(0) ?? Number.NaN;
		expect(watch(pace, 0, next - 1, 1)).toBe(8);
		expect(pace.limit(next)).toBe(9);
	});

	it('says when it grows next on the quick part of the ramp too: not wider before that instant, wider at it, up to the ceiling', () => {
		const pace = new AutoPace();
		pace.sent(0);
		let now = 0;
		let limit = pace.limit(now);
		for (let next = pace.nextGrowthAt(now); next !== undefined; next = pace.nextGrowthAt(now)) {
			expect(watch(pace, now, Math.ceil(next) - 1, 1)).toBe(limit);
			now = Math.ceil(next);
			const grown = pace.limit(now);
			expect(grown).toBeGreaterThan(limit);
			limit = grown;
		}
		expect(limit).toBe(AUTO_PACE.ceiling);
	});
});

describe('AutoPace: pushback', () => {
	it('a refusal ends the ramp at what the service held; later refusals of the same burst do not cut again', () => {
		const pace = new AutoPace();
		pace.sent(0);
		watch(pace, 0, 80);
		pace.pushedBack(80, 20, 8, 1_130);
		expect(pace.limit(80)).toBe(8);
		pace.pushedBack(85, 30, 8, 1_130);
		expect(pace.limit(2_000)).toBe(8);
		expect(pace.nextGrowthAt(2_000)).toBeUndefined();
	});

	it('above what the service held it probes slowly: one more after eight windows of clean answers', () => {
		const pace = new AutoPace();
		pace.sent(0);
		pace.pushedBack(50, 10, 8, 1_050);
		let now = 2_000;
		for (let answer = 0; answer < 8 * 8 - 1; answer++)
			pace.answered((now += 10), now - 1_000, 1_000);
		expect(pace.limit(now)).toBe(8);
		pace.answered((now += 10), now - 1_000, 1_000);
		expect(pace.limit(now)).toBe(9);
	});

	it('below what the service held it grows by one per window of clean answers', () => {
		const pace = new AutoPace();
		pace.sent(0);
		pace.pushedBack(50, 10, 8, 0);
		pace.answered(1_100, 100, 1_000);
		// Answers slowing down to 4 s (the fastest was 1 s): the window halves, and what the service held stays 8.
		pace.answered(3_000, 2_500, 4_000);
		expect(pace.limit(3_000)).toBe(4);
		let now = 4_000;
		for (let answer = 0; answer < 4; answer++) pace.answered((now += 10), now - 1_000, 1_000);
		expect(pace.limit(now)).toBe(5);
	});

	it('answers twice as slow as the fastest end the ramp and scale the window down by how much slower', () => {
		const pace = new AutoPace();
		pace.sent(0);
		pace.answered(1_000, 0, 1_000);
		const wide = pace.limit(1_000);
		pace.answered(1_010, 5, 4_000);
		expect(pace.limit(1_010)).toBe(Math.floor(wide * 0.5));
		expect(pace.nextGrowthAt(1_010)).toBeUndefined();
	});

	it('an answer of a send that began during a rest of the key is not read as the service slowing', () => {
		const pace = new AutoPace();
		pace.sent(0);
		watch(pace, 0, 1_000);
		pace.answered(1_000, 0, 1_000);
		pace.pushedBack(1_100, 1_050, 50, 2_200);
		expect(pace.limit(1_100)).toBe(50);
		pace.answered(3_300, 1_200, 2_100);
		expect(pace.limit(3_300)).toBe(50);
	});

	it('never below 1 nor above the ceiling, whatever happens, in any order', () => {
		const event = fc.oneof(
			fc.record({ kind: fc.constant('look' as const), after: fc.integer({ min: 0, max: 500 }) }),
			fc.record({
				kind: fc.constant('answer' as const),
				after: fc.integer({ min: 0, max: 500 }),
				latency: fc.integer({ min: 1, max: 10_000 }),
			}),
			fc.record({
				kind: fc.constant('refusal' as const),
				after: fc.integer({ min: 0, max: 500 }),
				held: fc.integer({ min: 0, max: 400 }),
			}),
		);
		fc.assert(
			fc.property(fc.array(event, { maxLength: 60 }), (events) => {
				const pace = new AutoPace();
				let now = 0;
				pace.sent(now);
				for (const step of events) {
					now += step.after;
					if (step.kind === 'answer') pace.answered(now, now - step.latency, step.latency);
					if (step.kind === 'refusal') pace.pushedBack(now, now - 50, step.held, now + 1_000);
					const limit = pace.limit(now);
					expect(limit).toBeGreaterThanOrEqual(1);
					expect(limit).toBeLessThanOrEqual(pace.ceiling());
					expect(pace.ceiling()).toBeLessThanOrEqual(AUTO_PACE.liftedCeiling);
					expect(Number.isInteger(limit)).toBe(true);
				}
			}),
			{ numRuns: runsOf(2_000, 200) },
		);
	});
});

describe('AutoWindow', () => {
	it('a refused send narrows the window to the sends that began before it and were not refused', () => {
		let now = 0;
		const window = new AutoWindow(() => now);
		for (let item = 0; item < 8; item++) window.began(item);
		now = 30;
		window.size();
		window.began(8);
		window.began(9);
		now = 80;
		window.pushedBack(8, 1_130);
		expect(window.size()).toBe(8);
		window.pushedBack(9, 1_130);
		expect(window.size()).toBe(8);
		// The refused sends' own times include the rest: they teach the pace nothing when they end.
		now = 1_200;
		window.ended(8, true);
		expect(window.size()).toBe(8);
	});

	it('a fixed window is its size whatever happens; 1 is one at a time', () => {
		const window = fixedWindow(1);
		window.began(0);
		window.ended(0, false);
		expect(window.size()).toBe(1);
		expect(fixedWindow(0).size()).toBe(1);
		expect(fixedWindow(12.7).size()).toBe(12);
	});
});
