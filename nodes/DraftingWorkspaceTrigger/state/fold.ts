import type { IDataObject } from 'n8n-workflow';

import { isTerminal, runIdOf, startedAtOf, statusOf } from '../../shared/runs/record';
import { learnStatus, overflowWarnings, type ListedPage } from './pages';
import { finishedAfterActivation } from './periods';
import { prune } from './prune';
import { LIMITS, type TriggerState } from './state';

export interface ObservedRuns {
	pages: ListedPage[];
	/** Records read directly (pending runs), by id; `null` when the service no longer shows the run. */
	direct: Record<string, IDataObject | null>;
}

export interface PollOptions {
	selected: ReadonlySet<string>;
	now: number;
	windowFrom: number;
	/** Whether the activation was recorded by this very poll (its lists were asked for at the activation instant). */
	activatedNow: boolean;
}

export interface PollOutcome {
	state: TriggerState;
	/** Runs to emit (due ones included), oldest start first: records as listed or read. */
	due: IDataObject[];
	/** Warnings for the log (never thrown: the trigger keeps running). */
	warnings: string[];
}

/**
 * Folds what one poll saw into the state: what is due to fire, what is still under way, what to warn about.
 * The previous state is not changed: a poll whose outcome is never saved (it failed, or n8n discarded it)
 * leaves the state it started from.
 */
export function applyPoll(
	previous: TriggerState,
	observed: ObservedRuns,
	options: PollOptions,
): PollOutcome {
	const state: TriggerState = {
		...previous,
		polled: true,
		fired: { ...previous.fired },
		pending: { ...previous.pending },
		due: { ...previous.due },
		statuses: [...previous.statuses],
	};
	const warnings: string[] = [];
	const latest = new Map<string, IDataObject>();
	let newestListedStart: number | undefined;
	for (const page of observed.pages) {
		for (const run of page.runs) {
			const id = runIdOf(run);
			if (!id) continue;
			latest.set(id, run);
			const start = startedAtOf(run);
			if (start !== undefined) newestListedStart = Math.max(newestListedStart ?? start, start);
		}
	}
	for (const [id, record] of Object.entries(observed.direct)) {
		// Read: it moves to the end of the read order. Gone (404): forgotten.
		delete state.pending[id];
		if (record !== null) latest.set(id, record);
	}

	for (const [id, run] of latest) {
		const status = statusOf(run);
		const start = startedAtOf(run) ?? previous.pending[id] ?? options.now;
		if (!isTerminal(status)) {
			learnStatus(state, status);
			if (!(id in state.fired) && !(id in state.due)) state.pending[id] = start;
			continue;
		}
		const wasPending = id in previous.pending;
		delete state.pending[id];
		if (!options.selected.has(status) || id in state.fired || id in state.due) continue;
		if (finishedAfterActivation(run, previous, wasPending)) state.due[id] = start;
	}

	if (newestListedStart !== undefined)
		state.cursor = Math.max(state.cursor, newestListedStart - LIMITS.marginMs);
	warnings.push(
		...overflowWarnings(previous, observed.pages, options.windowFrom, options.activatedNow),
	);
	prune(state, options.now, warnings);

	const due = Object.keys(state.due)
		.map((id) => latest.get(id) ?? { runId: id })
		.sort((a, b) => (state.due[runIdOf(a) ?? ''] ?? 0) - (state.due[runIdOf(b) ?? ''] ?? 0));
	return { state, due, warnings };
}

/**
 * After emitting: the emitted runs are fired, the ones the settings no longer select (changed since they
 * became due) are dropped, the rest stay due for the next poll.
 */
export function markFired(
	state: TriggerState,
	emittedIds: string[],
	droppedIds: string[] = [],
): TriggerState {
	const next: TriggerState = { ...state, fired: { ...state.fired }, due: { ...state.due } };
	for (const id of emittedIds) {
		if (!(id in next.due)) continue;
		next.fired[id] = next.due[id];
		delete next.due[id];
	}
	for (const id of droppedIds) delete next.due[id];
	return next;
}
