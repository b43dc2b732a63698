// Auto's cut for slow answers, and its undoing when the cut cost answers a second
// (nodes/DraftingWorkspace/pace/slowCut.ts), against made-up services on a made-up clock (paceSim.ts).
import fc from 'fast-check';

import { AUTO_PACE } from '../../../nodes/DraftingWorkspace/pace/pace';
import { SlowCutCheck } from '../../../nodes/DraftingWorkspace/pace/slowCut';
import { runsOf } from '../../support/depth';
import { meanOfLast, oneAtATime, sideBySide, simulate } from './paceSim';

/** A seeded random in [0, 1): the service's times are part of the schedule fast-check shrinks. */
function randomOf(seed: number): () => number {
	let state = seed % 2_147_483_647 || 1;
	return () => (state = (state * 16_807) % 2_147_483_647) / 2_147_483_647;
}

describe('Auto against a service that slows down under load', () => {
	it('a service that takes one send at a time: the window stays near what it serves, the cut is never undone for nothing', () => {
		const schedule = fc.record({
			serviceMs: fc.integer({ min: 20, max: 200 }),
			seed: fc.integer({ min: 1, max: 2_000_000_000 }),
			// Each send's time: the same give or take a half, or now and then ten times longer.
			heavyTail: fc.boolean(),
			count: fc.integer({ min: 2_000, max: 4_000 }),
		});
		fc.assert(
			fc.property(schedule, ({ serviceMs, seed, heavyTail, count }) => {
				const random = randomOf(seed);
				const timeOf = heavyTail
					? () => serviceMs * (random() < 0.9 ? 0.5 : 5.5)
					: () => serviceMs * (0.5 + random());
				const { windows } = simulate(oneAtATime(timeOf), count);
				// More in flight would only make each answer later: the service serves one at a time either way. Answers
				// within `notSlowWithinMs` are not slow, so the window may hold that long's worth.
				const tolerated = Math.max(4, (2 * AUTO_PACE.notSlowWithinMs) / serviceMs);
				expect(meanOfLast(windows, 0.25)).toBeLessThanOrEqual(tolerated);
			}),
			{ numRuns: runsOf(60, 60) },
		);
	});
});

describe('Auto against answers that slow down for another reason than load', () => {
	it('a service that takes any number side by side and answers k times slower from some instant on: the cuts are undone, the window comes back', () => {
		const schedule = fc.record({
			latencyMs: fc.integer({ min: 20, max: 500 }),
			slowerBy: fc.double({ min: 2.5, max: 6, noNaN: true }),
			slowerFromMs: fc.integer({ min: 500, max: 5_000 }),
		});
		fc.assert(
			fc.property(schedule, ({ latencyMs, slowerBy, slowerFromMs }) => {
				const latency = (now: number) => (now < slowerFromMs ? latencyMs : latencyMs * slowerBy);
				const { windows } = simulate(sideBySide(latency), 20_000);
				// Kept cut, the window would fall to a few sends at once for the rest of the batch.
				expect(meanOfLast(windows, 0.25)).toBeGreaterThanOrEqual(AUTO_PACE.ceiling / 2);
			}),
			{ numRuns: runsOf(30, 6) },
		);
	});
});

describe('SlowCutCheck', () => {
	/** A steady run of answers: one every `everyMs` from `from`, each to a send begun 1 ms before. */
	function answers(
		check: SlowCutCheck,
		from: number,
		count: number,
		everyMs: number,
		size: number,
	) {
		let verdict = check.answered(from, from - 1, size);
		for (let answer = 1; answer < count; answer++) {
			const now = from + answer * everyMs;
			verdict = check.answered(now, now - 1, size);
			if (verdict.undo) return verdict;
		}
		return verdict;
	}

	it('undoes a cut after which the answers come back less often, and tolerates the slowness that caused it', () => {
		const check = new SlowCutCheck(0.25, 600);
		answers(check, 0, 2_000, 1, 100);
		check.cut(2_000, 100, 900);
		expect(answers(check, 2_001, 2_000, 2, 50)).toEqual({ undo: true, size: 100, tolerateMs: 900 });
	});

	it('keeps a cut after which the answers come back as often; a refusal ends the watch', () => {
		const kept = new SlowCutCheck(0.25, 600);
		answers(kept, 0, 2_000, 1, 100);
		kept.cut(2_000, 100, 900);
		expect(answers(kept, 2_001, 2_000, 1.1, 50)).toEqual({ undo: false });
		const refused = new SlowCutCheck(0.25, 600);
		answers(refused, 0, 2_000, 1, 100);
		refused.cut(2_000, 100, 900);
		refused.refused();
		expect(answers(refused, 2_001, 2_000, 2, 50)).toEqual({ undo: false });
	});

	it('judges nothing before it has read a rate over enough answers', () => {
		const check = new SlowCutCheck(0.25, 600);
		answers(check, 0, 20, 1, 8);
		check.cut(20, 8, 900);
		expect(answers(check, 21, 200, 10, 4)).toEqual({ undo: false });
	});
});
