import type { IDataObject } from 'n8n-workflow';

import {
	applyPoll,
	markFired,
	type PollOutcome,
} from '../../../nodes/DraftingWorkspaceTrigger/state/fold';
import {
	pageMayHideRuns,
	splitStatuses,
} from '../../../nodes/DraftingWorkspaceTrigger/state/pages';
import { pendingToCheck } from '../../../nodes/DraftingWorkspaceTrigger/state/pending';
import {
	LIMITS,
	activate,
	readState,
	settingsKey,
	type TriggerState,
} from '../../../nodes/DraftingWorkspaceTrigger/state/state';
import { windowStart } from '../../../nodes/DraftingWorkspaceTrigger/state/window';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const run = (id: string, status: string, startOffsetMs: number): IDataObject => ({
	runId: id,
	status,
	startedAt: new Date(T0 + startOffsetMs).toISOString(),
});
const selected = new Set(['Completed', 'Failed']);
const KEY = settingsKey([...selected], []);
const initialState = (now: number): TriggerState => activate(undefined, now, KEY);
/** A finished run as the service shows it: with the instant it finished. */
const finished = (
	id: string,
	status: string,
	startOffsetMs: number,
	endOffsetMs: number,
): IDataObject => ({
	...run(id, status, startOffsetMs),
	completedAt: new Date(T0 + endOffsetMs).toISOString(),
});

/** One poll, everything due emitted: `fire` is what n8n receives, `state` what is saved. */
function poll(
	state: TriggerState,
	runs: IDataObject[],
	now: number,
	direct: Record<string, IDataObject | null> = {},
): PollOutcome & { fire: IDataObject[] } {
	const windowFrom = windowStart(state, now);
	// As the service does: the list honours startedFrom.
	const listed = runs.filter((r) => Date.parse(String(r.startedAt)) >= windowFrom);
	const outcome = applyPoll(
		state,
		{ pages: [{ runs: listed }], direct },
		{ selected, now, windowFrom, activatedNow: !state.polled },
	);
	return {
		...outcome,
		fire: outcome.due,
		state: markFired(
			outcome.state,
			outcome.due.map((r) => String(r.runId)),
		),
	};
}

describe('trigger state', () => {
	it('activation records history without firing it; unfinished runs fire once when they finish', () => {
		const first = poll(
			initialState(T0),
			[run('old', 'Completed', -60_000), run('busy', 'Running', -30_000)],
			T0,
		);
		expect(first.fire).toEqual([]);
		expect(Object.keys(first.state.pending)).toEqual(['busy']);

		const second = poll(
			first.state,
			[
				run('old', 'Completed', -60_000),
				run('busy', 'Completed', -30_000),
				run('new', 'Failed', 1_000),
			],
			T0 + 60_000,
		);
		expect(second.fire.map((r) => r.runId)).toEqual(['busy', 'new']);

		const third = poll(
			second.state,
			[run('busy', 'Completed', -30_000), run('new', 'Failed', 1_000)],
			T0 + 120_000,
		);
		expect(third.fire).toEqual([]);
	});

	it('does not fire unselected statuses and stops following them', () => {
		const first = poll(initialState(T0), [run('x', 'Running', 0)], T0);
		const second = poll(first.state, [run('x', 'Cancelled', 0)], T0 + 60_000);
		expect(second.fire).toEqual([]);
		expect(second.state.pending).toEqual({});
	});

	it('reads pending runs directly when a full page may hide them, and forgets runs the service no longer shows', () => {
		const state: TriggerState = {
			...initialState(T0),
			pending: { slow: T0 - 3_600_000, gone: T0 - 3_500_000 },
		};
		const windowFrom = windowStart(state, T0);
		const full = Array.from({ length: LIMITS.pageSize }, (_, i) =>
			run(`r${i}`, 'Running', i * 1000),
		);
		expect(pageMayHideRuns({ runs: full }, windowFrom)).toBe(true);
		expect(pendingToCheck(state, [{ runs: full }], windowFrom).sort()).toEqual(['gone', 'slow']);
		expect(pendingToCheck(state, [{ runs: full.slice(0, 10) }], windowFrom)).toEqual([]);
		const split = [{ runs: full, status: 'Running' }];
		const outcome = applyPoll(
			state,
			{
				pages: [{ runs: full }, ...split],
				direct: { slow: run('slow', 'Completed', -3_600_000), gone: null },
			},
			{
				selected,
				now: T0,
				windowFrom,
				activatedNow: true,
			},
		);
		expect(outcome.due.map((r) => r.runId)).toEqual(['slow']);
		expect(outcome.state.pending.gone).toBeUndefined();
		expect(outcome.warnings[0]).toMatch(/Filter the trigger by workflow, or poll more often/);
	});

	it('stays bounded after thousands of fired runs and never re-fires a forgotten id', () => {
		let state = poll(initialState(T0), [], T0).state;
		const fired = new Set<string>();
		for (let batch = 0; batch < 40; batch++) {
			const now = T0 + (batch + 1) * 60_000;
			// 50 runs per poll, each listed again in the next poll too (overlapping windows).
			const runs = Array.from({ length: 50 }, (_, i) =>
				run(`b${batch}-${i}`, 'Completed', batch * 60_000 + i * 100),
			);
			const previous =
				batch > 0
					? Array.from({ length: 20 }, (_, i) =>
							run(`b${batch - 1}-${i}`, 'Completed', (batch - 1) * 60_000 + i * 100),
						)
					: [];
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

	it('a failed activation poll loses nothing: runs finished after the recorded instant fire at the first successful poll', () => {
		const activation = initialState(T0);
		// The first poll failed: the state is the activation alone. Ten minutes later a poll succeeds.
		const later = poll(
			activation,
			[
				finished('before', 'Completed', -120_000, -60_000),
				finished('straddles', 'Completed', -60_000, 60_000),
				finished('after', 'Failed', 120_000, 300_000),
				run('going', 'Running', 400_000),
			],
			T0 + 600_000,
		);
		expect(later.fire.map((r) => r.runId)).toEqual(['straddles', 'after']);
		expect(Object.keys(later.state.pending)).toEqual(['going']);
	});

	it('any status that is not final is unfinished: remembered, learned for splitting, fired when it ends', () => {
		const first = poll(
			initialState(T0),
			[run('q', 'Queued', 1_000), run('s', 'AwaitingInput', 2_000)],
			T0 + 10_000,
		);
		expect(Object.keys(first.state.pending).sort()).toEqual(['q', 's']);
		expect(first.state.statuses).toEqual(['AwaitingInput']);
		const full = {
			runs: Array.from({ length: LIMITS.pageSize }, (_, i) => run(`r${i}`, 'Running', 20_000 + i)),
		};
		expect(splitStatuses(first.state, ['Completed'], full)).toEqual([
			'Completed',
			'Pending',
			'Running',
			'Queued',
			'Paused',
			'Stalled',
			'AwaitingInput',
		]);
		const second = poll(
			first.state,
			[finished('q', 'Completed', 1_000, 15_000), finished('s', 'Completed', 2_000, 16_000)],
			T0 + 20_000,
		);
		expect(second.fire.map((r) => r.runId)).toEqual(['q', 's']);
	});

	it('a saved state without its activation instant or settings is not read: the trigger starts a fresh activation', () => {
		const partial = {
			v: 2,
			cursor: T0 - 5_000,
			floor: T0 - 86_400_000,
			fired: { a: T0 - 10_000 },
			pending: { b: T0 - 20_000 },
		};
		expect(readState(partial)).toBeUndefined();
		expect(readState({ v: 2 })).toBeUndefined();
	});
});
