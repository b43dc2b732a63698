import type { IDataObject } from 'n8n-workflow';

import {
	LIMITS,
	applyPoll,
	initialState,
	pageMayHideRuns,
	pendingToCheck,
	windowStart,
	type TriggerState,
} from '../../nodes/DraftingWorkspaceTrigger/pollState';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const run = (id: string, status: string, startOffsetMs: number): IDataObject => ({
	runId: id,
	status,
	startedAt: new Date(T0 + startOffsetMs).toISOString(),
});
const selected = new Set(['Completed', 'Failed']);

function poll(state: TriggerState, runs: IDataObject[], now: number, baseline = false, direct: Record<string, IDataObject | null> = {}) {
	const windowFrom = windowStart(state, now);
	// As the service does: the list honours startedFrom.
	const listed = runs.filter((r) => Date.parse(String(r.startedAt)) >= windowFrom);
	return applyPoll(state, { pages: [{ runs: listed }], direct }, { selected, baseline, now, windowFrom });
}

describe('trigger state', () => {
	it('activation records history without firing it; unfinished runs fire once when they finish', () => {
		const first = poll(initialState(T0), [run('old', 'Completed', -60_000), run('busy', 'Running', -30_000)], T0, true);
		expect(first.fire).toEqual([]);
		expect(Object.keys(first.state.pending)).toEqual(['busy']);

		const second = poll(first.state, [run('old', 'Completed', -60_000), run('busy', 'Completed', -30_000), run('new', 'Failed', 1_000)], T0 + 60_000);
		expect(second.fire.map((r) => r.runId)).toEqual(['busy', 'new']);

		const third = poll(second.state, [run('busy', 'Completed', -30_000), run('new', 'Failed', 1_000)], T0 + 120_000);
		expect(third.fire).toEqual([]);
	});

	it('does not fire unselected statuses and stops following them', () => {
		const first = poll(initialState(T0), [run('x', 'Running', 0)], T0, true);
		const second = poll(first.state, [run('x', 'Cancelled', 0)], T0 + 60_000);
		expect(second.fire).toEqual([]);
		expect(second.state.pending).toEqual({});
	});

	it('reads pending runs directly when a full page may hide them, and forgets runs the service no longer shows', () => {
		const state: TriggerState = { ...initialState(T0), pending: { slow: T0 - 3_600_000, gone: T0 - 3_500_000 } };
		const windowFrom = windowStart(state, T0);
		const full = Array.from({ length: LIMITS.pageSize }, (_, i) => run(`r${i}`, 'Running', i * 1000));
		expect(pageMayHideRuns({ runs: full }, windowFrom)).toBe(true);
		expect(pendingToCheck(state, [{ runs: full }], windowFrom).sort()).toEqual(['gone', 'slow']);
		expect(pendingToCheck(state, [{ runs: full.slice(0, 10) }], windowFrom)).toEqual([]);
		const outcome = applyPoll(state, { pages: [{ runs: full }], direct: { slow: run('slow', 'Completed', -3_600_000), gone: null } }, {
			selected,
			baseline: false,
			now: T0,
			windowFrom,
		});
		expect(outcome.fire.map((r) => r.runId)).toEqual(['slow']);
		expect(outcome.state.pending.gone).toBeUndefined();
		expect(outcome.warnings[0]).toMatch(/Filter the trigger by workflow, or poll more often/);
	});

	it('stays bounded after thousands of fired runs and never re-fires a forgotten id', () => {
		let state = poll(initialState(T0), [], T0, true).state;
		const fired = new Set<string>();
		for (let batch = 0; batch < 40; batch++) {
			const now = T0 + (batch + 1) * 60_000;
			// 50 runs per poll, each listed again in the next poll too (overlapping windows).
			const runs = Array.from({ length: 50 }, (_, i) => run(`b${batch}-${i}`, 'Completed', batch * 60_000 + i * 100));
			const previous = batch > 0 ? Array.from({ length: 20 }, (_, i) => run(`b${batch - 1}-${i}`, 'Completed', (batch - 1) * 60_000 + i * 100)) : [];
			const outcome = poll(state, [...runs, ...previous], now);
			for (const r of outcome.fire) {
				expect(fired.has(String(r.runId))).toBe(false);
				fired.add(String(r.runId));
			}
			state = outcome.state;
		}
		expect(fired.size).toBe(2000);
		expect(Object.keys(state.fired).length).toBeLessThanOrEqual(LIMITS.maxFired);
		expect(JSON.stringify(state).length).toBeLessThan(64 * 1024);
	});
});
