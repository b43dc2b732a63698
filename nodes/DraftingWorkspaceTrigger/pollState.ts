import type { IDataObject } from 'n8n-workflow';

import { isTerminal, runIdOf, startedAtOf, statusOf } from '../DraftingWorkspace/helpers/runRecord';

/**
 * The trigger's memory, kept in the workflow's static data (so it survives restarts and behaves the same in
 * queue mode, where only main polls). Pure functions: every rule is unit-tested.
 *
 * The run list answers the 50 most recent runs per query and filters by `startedFrom`, so the trigger:
 * - lists runs started since a window start (one query per workflow filter; per status when a page is full);
 * - remembers runs it saw unfinished (`pending`) and reads each one directly when the lists cannot cover it;
 * - remembers fired run ids (`fired`) for as long as they can reappear in a list, so each run fires once;
 * - keeps both maps bounded: beyond the caps the window start is raised instead of forgetting ids it needs.
 */

export interface TriggerState {
	v: 1;
	/** Window start for discovering new runs: the newest start seen, less a margin (epoch ms). */
	cursor: number;
	/** The window never starts before this (raised when `fired` is capped). */
	floor: number;
	/** Fired run id → its start (epoch ms). */
	fired: Record<string, number>;
	/** Run seen unfinished → its start (epoch ms). */
	pending: Record<string, number>;
}

export const LIMITS = {
	pageSize: 50,
	maxFired: 1000,
	maxPending: 300,
	/** How far back the first poll looks for runs that are already under way. */
	lookbackMs: 24 * 60 * 60 * 1000,
	/** Runs created while a poll runs may carry a start slightly before the newest one seen. */
	marginMs: 5_000,
};

export function initialState(now: number): TriggerState {
	return { v: 1, cursor: now - LIMITS.lookbackMs, floor: now - LIMITS.lookbackMs, fired: {}, pending: {} };
}

export function isTriggerState(value: unknown): value is TriggerState {
	const state = value as TriggerState | undefined;
	return (
		!!state &&
		state.v === 1 &&
		typeof state.cursor === 'number' &&
		typeof state.floor === 'number' &&
		typeof state.fired === 'object' &&
		typeof state.pending === 'object'
	);
}

/** Where this poll's list queries start: early enough to cover remembered unfinished runs, within bounds. */
export function windowStart(state: TriggerState, now: number): number {
	const pendingStarts = Object.values(state.pending);
	const lower = pendingStarts.length ? Math.min(state.cursor, ...pendingStarts) : state.cursor;
	return Math.max(lower, state.floor, now - LIMITS.lookbackMs);
}

export interface ListedPage {
	/** The runs the query answered. */
	runs: IDataObject[];
	/** Whether the query filtered on a status (pages of other statuses say nothing about unfinished runs). */
	status?: string;
}

/** A page may hide older runs when it is full and its oldest run started after the window start. */
export function pageMayHideRuns(page: ListedPage, windowFrom: number): boolean {
	if (page.runs.length < LIMITS.pageSize) return false;
	const starts = page.runs.map(startedAtOf).filter((start): start is number => start !== undefined);
	if (!starts.length) return true;
	return Math.min(...starts) > windowFrom;
}

/**
 * Remembered unfinished runs that the unfiltered pages did not answer for: either they are outside the
 * window or a full page may have hidden them. Each is read directly.
 */
export function pendingToCheck(state: TriggerState, pages: ListedPage[], windowFrom: number): string[] {
	const listed = new Set(pages.flatMap((page) => page.runs.map(runIdOf)).filter(Boolean));
	const unfiltered = pages.filter((page) => page.status === undefined);
	const hidingFrom = unfiltered
		.filter((page) => pageMayHideRuns(page, windowFrom))
		.map((page) => Math.min(...page.runs.map((run) => startedAtOf(run) ?? Infinity)));
	const coveredFrom = hidingFrom.length ? Math.max(...hidingFrom) : windowFrom;
	return Object.entries(state.pending)
		.filter(([id, start]) => !listed.has(id) && (start < coveredFrom || !unfiltered.length))
		.map(([id]) => id);
}

export interface PollOutcome {
	state: TriggerState;
	/** Run records to emit, oldest first. */
	fire: IDataObject[];
	/** Warnings for the log (never thrown: the trigger keeps running). */
	warnings: string[];
}

export interface ObservedRuns {
	pages: ListedPage[];
	/** Records read directly (pending runs), by id; `null` when the service no longer shows the run. */
	direct: Record<string, IDataObject | null>;
}

/**
 * Folds what one poll saw into the state. On the activation poll (`baseline`) finished runs are recorded
 * as already fired, so history is never replayed; only runs that finish afterwards fire.
 */
export function applyPoll(
	previous: TriggerState,
	observed: ObservedRuns,
	options: { selected: ReadonlySet<string>; baseline: boolean; now: number; windowFrom: number },
): PollOutcome {
	const state: TriggerState = {
		...previous,
		fired: { ...previous.fired },
		pending: { ...previous.pending },
	};
	const warnings: string[] = [];
	const fire: IDataObject[] = [];
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
		if (record === null) delete state.pending[id];
		else latest.set(id, record);
	}

	for (const [id, run] of latest) {
		const status = statusOf(run);
		const start = startedAtOf(run) ?? state.pending[id] ?? options.now;
		if (!isTerminal(status)) {
			if (!(id in state.fired)) state.pending[id] = start;
			continue;
		}
		delete state.pending[id];
		if (!options.selected.has(status) || id in state.fired) continue;
		state.fired[id] = start;
		if (!options.baseline) fire.push(run);
	}

	if (newestListedStart !== undefined) state.cursor = Math.max(state.cursor, newestListedStart - LIMITS.marginMs);

	// Runs started before the previous poll's newest run were listed then (or reported then): a full page only
	// hides unseen runs when even its oldest run is newer than that.
	const seenUpTo = Math.max(options.windowFrom, previous.cursor + LIMITS.marginMs);
	const unfilteredOverflow = observed.pages.some((page) => page.status === undefined && pageMayHideRuns(page, seenUpTo));
	const statusOverflow = observed.pages.some((page) => page.status !== undefined && pageMayHideRuns(page, seenUpTo));
	if (unfilteredOverflow && (statusOverflow || !observed.pages.some((page) => page.status !== undefined))) {
		warnings.push(
			`More than ${LIMITS.pageSize} runs started since the last poll, and the service lists at most ${LIMITS.pageSize} per query: runs that started and finished between two polls may have been missed. Filter the trigger by workflow, or poll more often.`,
		);
	}

	prune(state, options.now, warnings);
	fire.sort((a, b) => (startedAtOf(a) ?? 0) - (startedAtOf(b) ?? 0));
	return { state, fire, warnings };
}

/** Keeps the state bounded without forgetting anything a later list could still show. */
function prune(state: TriggerState, now: number, warnings: string[]): void {
	const pendingEntries = Object.entries(state.pending);
	if (pendingEntries.length > LIMITS.maxPending) {
		pendingEntries.sort((a, b) => b[1] - a[1]);
		const dropped = pendingEntries.slice(LIMITS.maxPending);
		for (const [id] of dropped) delete state.pending[id];
		warnings.push(
			`More than ${LIMITS.maxPending} runs are under way at once; the ${dropped.length} oldest are no longer followed and will not fire when they finish. Filter the trigger by workflow.`,
		);
	}
	const firedEntries = Object.entries(state.fired);
	if (firedEntries.length > LIMITS.maxFired) {
		firedEntries.sort((a, b) => b[1] - a[1]);
		const kept = firedEntries.slice(0, LIMITS.maxFired);
		// Lists start at the floor from now on, so the forgotten (older) ids can never be listed again.
		state.floor = Math.max(state.floor, kept[kept.length - 1][1]);
		state.fired = Object.fromEntries(kept);
	}
	const windowFrom = windowStart(state, now);
	for (const [id, start] of Object.entries(state.fired)) {
		if (start < windowFrom - LIMITS.marginMs) delete state.fired[id];
	}
}
