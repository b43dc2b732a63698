import fc from 'fast-check';

import { readyReadDelayMs } from '../../../nodes/DraftingWorkspace/inputDocuments/readySchedule';

/** The reads of one upload whose loop begins `startMs` after the upload, until the read that sees it ready. */
function readsUntilReady(ingestionMs: number, startMs = 0): { reads: number; lateMs: number } {
	let at = startMs + readyReadDelayMs(startMs, true);
	let reads = 1;
	while (at < ingestionMs) {
		at += readyReadDelayMs(at, false);
		reads++;
	}
	return { reads, lateMs: at - ingestionMs };
}

describe('readyReadDelayMs: status reads by the upload’s age', () => {
	it('reads a quarter second after the upload, or at once for an upload older than that', () => {
		expect(readyReadDelayMs(0, true)).toBe(250);
		expect(readyReadDelayMs(100, true)).toBe(150);
		expect(readyReadDelayMs(3000, true)).toBe(0);
	});

	it('is never closer than 250 ms nor further than 5 s apart, and grows with the age', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 24 * 3600_000 }),
				fc.integer({ min: 0, max: 24 * 3600_000 }),
				(a, b) => {
					const [young, old] = a <= b ? [a, b] : [b, a];
					expect(readyReadDelayMs(young, false)).toBeGreaterThanOrEqual(250);
					expect(readyReadDelayMs(old, false)).toBeLessThanOrEqual(5000);
					expect(readyReadDelayMs(old, false)).toBeGreaterThanOrEqual(
						readyReadDelayMs(young, false),
					);
				},
			),
		);
	});

	it('sees a document ready at most 250 ms or an eighth of its ingestion late (5 s at most)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 3600_000 }), (ingestionMs) => {
				const { lateMs } = readsUntilReady(ingestionMs);
				expect(lateMs).toBeLessThanOrEqual(Math.min(5000, Math.max(250, ingestionMs / 8)) + 1);
			}),
		);
	});

	it('costs the reads docs/running-at-scale.md states', () => {
		expect(readsUntilReady(400).reads).toBe(2);
		expect(readsUntilReady(2000).reads).toBe(8);
		expect(readsUntilReady(2010).reads).toBe(9);
		expect(readsUntilReady(10_000).reads).toBeLessThanOrEqual(22);
		expect(readsUntilReady(60_000).reads).toBeLessThanOrEqual(38);
		// Beyond 40 s of age, one read every 5 s (12 a minute), as before.
		expect(readsUntilReady(600_000).reads - readsUntilReady(300_000).reads).toBe(60);
		// A loop whose turn comes after the document is ready reads once.
		expect(readsUntilReady(2000, 2500).reads).toBe(1);
	});
});
