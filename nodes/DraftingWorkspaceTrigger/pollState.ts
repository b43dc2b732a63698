import type { IDataObject } from 'n8n-workflow';

import { finishedAtOf, isTerminal, runIdOf, startedAtOf, statusOf, workflowIdOf } from '../shared/runs/record';

/**
 * The trigger's memory, kept in the workflow's static data (so it survives restarts and behaves the same in
 * queue mode, where only main polls). Pure functions: every rule is unit-tested, and the model-based test
 * (test/model/trigger.model.test.ts) attacks the guarantee they make together.
 *
 * The guarantee: a run that reaches a selected status after activation fires exactly once; a run that might
 * be missed is named in a warning logged at the poll where it could have been missed. It rests on facts the
 * trigger records, never on assumptions:
 * - the activation instant is written before the first request (`activate`), so a first poll that fails
 *   changes nothing: a run finishing after that instant fires whenever the first successful poll comes;
 * - any status that is not terminal is unfinished, named by the contract or not (`pending` remembers such runs
 *   and reads each one directly when the lists cannot show it);
 * - the run list answers the newest 50 runs per query, so a full page is split by status (every status the
 *   trigger knows: the selected ones, the contract's unfinished ones, the ones the service has shown), and a
 *   warning is logged exactly when a page of that split is itself full and may hide runs no query showed.
 */

export interface TriggerState {
	v: 2;
	/** When this activation began (epoch ms): written before the first request of the first poll. */
	activatedAt: number;
	/** The settings the activation was made with; other settings are a new activation. */
	settings: string;
	/**
	 * Earlier activations of this trigger (newest last, bounded): a run that finished during one of them with
	 * a status it selected was owed then, so it still fires if the current settings select it too.
	 */
	periods: ActivationPeriod[];
	/** Whether a poll of this activation has read its lists (before that, nothing counts as seen). */
	polled: boolean;
	/** Window start for discovering new runs: the newest start listed, less a margin (epoch ms). */
	cursor: number;
	/** The window never starts before this (raised when `fired` is capped). */
	floor: number;
	/** Fired run id → its start (epoch ms). */
	fired: Record<string, number>;
	/** Run seen unfinished → its start (epoch ms). Insertion order is read order: least recently read first. */
	pending: Record<string, number>;
	/** Run known to have reached a selected status, not emitted yet (the poll's budget ran out) → its start. */
	due: Record<string, number>;
	/** Unfinished statuses the service has shown that the contract does not name, for splitting full pages. */
	statuses: string[];
	/** Status names the service refused as a list filter: not asked again in this activation. */
	refused: string[];
}

interface ActivationPeriod {
	from: number;
	to: number;
	settings: string;
}

export const LIMITS = {
	maxPeriods: 8,
	pageSize: 50,
	maxFired: 1000,
	maxPending: 300,
	maxDue: 1000,
	maxLearnedStatuses: 16,
	/** How far back a poll looks for runs that are already under way. */
	lookbackMs: 24 * 60 * 60 * 1000,
	/** Runs created while a poll runs may carry a start slightly before the newest one seen. */
	marginMs: 5_000,
};

/**
 * Unfinished statuses a full page is split by besides the learned ones: the contract's two, and its three
 * conditions (queued, paused at a review step, stalled) as a service would name them as statuses. A name
 * the service refuses as a filter is remembered in `refused` and not asked again.
 */
const KNOWN_UNFINISHED = ['Pending', 'Running', 'Queued', 'Paused', 'Stalled'];
const CONTRACT_STATUSES = new Set(['Pending', 'Running', 'Completed', 'Failed', 'Cancelled']);

export function settingsKey(statuses: string[], workflowIds: string[]): string {
	return JSON.stringify([[...statuses].sort(), [...workflowIds].sort()]);
}

/** Whether settings (as `settingsKey` wrote them) select a finished run: its status, and its workflow when known. */
export function settingsSelect(settings: string, run: IDataObject): boolean {
	const [statuses, workflowIds] = JSON.parse(settings) as [string[], string[]];
	const workflowId = workflowIdOf(run);
	return statuses.includes(statusOf(run) ?? '') && (!workflowIds.length || workflowId === undefined || workflowIds.includes(workflowId));
}

/**
 * A new activation at `now`: the instant and the settings are recorded, the window reaches back for runs
 * under way. What an earlier activation fired is kept, so a run never fires twice; what it owed (`due`) is
 * kept too, and fires if the new settings still select it.
 */
export function activate(previous: TriggerState | undefined, now: number, settings: string): TriggerState {
	const start = now - LIMITS.lookbackMs;
	const periods = previous ? [...previous.periods, { from: previous.activatedAt, to: now, settings: previous.settings }] : [];
	return {
		v: 2,
		activatedAt: now,
		settings,
		periods: periods.filter((period) => period.to >= start).slice(-LIMITS.maxPeriods),
		polled: false,
		cursor: start,
		floor: Math.min(previous?.floor ?? start, start),
		fired: { ...previous?.fired },
		pending: { ...previous?.pending },
		due: { ...previous?.due },
		statuses: [...(previous?.statuses ?? [])],
		refused: [],
	};
}

/** The state as saved, or undefined. A state of version 1 (no activation instant) becomes version 2. */
export function readState(value: unknown, settings: string): TriggerState | undefined {
	const state = value as Partial<TriggerState> & { v?: number } | undefined;
	if (!state || typeof state !== 'object' || typeof state.cursor !== 'number' || typeof state.floor !== 'number') return undefined;
	if (typeof state.fired !== 'object' || typeof state.pending !== 'object') return undefined;
	if (state.v === 2 && typeof state.activatedAt === 'number' && typeof state.settings === 'string') {
		return {
			...(state as TriggerState),
			due: state.due ?? {},
			periods: state.periods ?? [],
			statuses: state.statuses ?? [],
			refused: state.refused ?? [],
		};
	}
	// Version 1 recorded history as fired at its activation poll: continue it as an activation at its floor.
	return {
		v: 2,
		activatedAt: state.floor,
		settings,
		periods: [],
		polled: true,
		cursor: state.cursor,
		floor: state.floor,
		fired: state.fired as Record<string, number>,
		pending: state.pending as Record<string, number>,
		due: {},
		statuses: [],
		refused: [],
	};
}

/** Where this poll's list queries start: early enough to cover remembered unfinished runs, within bounds. */
export function windowStart(state: TriggerState, now: number): number {
	const pendingStarts = Object.values(state.pending);
	const lower = pendingStarts.length ? Math.min(state.cursor, ...pendingStarts) : state.cursor;
	return Math.max(lower, state.floor, now - LIMITS.lookbackMs);
}

/**
 * Runs that started before this instant were listed by an earlier poll of this activation (or were named in
 * its warning): a full page hides new runs only when even its oldest run started after it.
 */
export function seenUpTo(state: TriggerState, windowFrom: number): number {
	return state.polled ? Math.max(windowFrom, state.cursor + LIMITS.marginMs) : windowFrom;
}

export interface ListedPage {
	/** The runs the query answered. */
	runs: IDataObject[];
	/** The status the query filtered on (absent: every status). */
	status?: string;
	/** The workflow the query filtered on (absent: every workflow). */
	workflowId?: string;
}

function oldestStart(page: ListedPage): number {
	const starts = page.runs.map(startedAtOf).filter((start): start is number => start !== undefined);
	return starts.length ? Math.min(...starts) : Infinity;
}

/** A page may hide older runs when it is full and its oldest run started after `from`. */
export function pageMayHideRuns(page: ListedPage, from: number): boolean {
	return page.runs.length >= LIMITS.pageSize && oldestStart(page) > from;
}

/** The statuses a full page is split by: the selected ones, then every unfinished status the trigger knows. */
export function splitStatuses(state: TriggerState, selected: readonly string[], page: ListedPage): string[] {
	const shown = page.runs.map(statusOf).filter((status): status is string => !!status && !isTerminal(status));
	const all = [...selected, ...KNOWN_UNFINISHED, ...state.statuses, ...shown];
	return [...new Set(all)].filter((status) => !state.refused.includes(status));
}

/** Whether a refusal of a status filter means "the service has no such status" (never for the contract's names). */
export function mayRefuseStatus(status: string): boolean {
	return !CONTRACT_STATUSES.has(status);
}

/**
 * Remembered unfinished runs that the lists did not answer for: outside the window, or older than the oldest
 * run of a full page of their workflow. Each is read directly, least recently read first.
 */
export function pendingToCheck(state: TriggerState, pages: ListedPage[], windowFrom: number): string[] {
	const listed = new Set(pages.flatMap((page) => page.runs.map(runIdOf)).filter(Boolean));
	const unfiltered = pages.filter((page) => page.status === undefined);
	const hidingFrom = unfiltered.filter((page) => pageMayHideRuns(page, windowFrom)).map(oldestStart);
	const coveredFrom = hidingFrom.length ? Math.max(...hidingFrom) : windowFrom;
	return Object.entries(state.pending)
		.filter(([id, start]) => !listed.has(id) && (start < coveredFrom || !unfiltered.length))
		.map(([id]) => id);
}

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
 * Whether a run in a final status is owed: it finished after the activation instant, or during an earlier
 * activation that selected it while the trigger was following it. The finish time decides when the record carries one; otherwise a run that
 * started after the first activation, or that an earlier poll saw unfinished, is owed; any other is history.
 */
function finishedAfterActivation(run: IDataObject, state: TriggerState, wasPending: boolean): boolean {
	const finished = finishedAtOf(run);
	if (finished === undefined) {
		const started = startedAtOf(run);
		const firstActivation = Math.min(state.activatedAt, ...state.periods.map((period) => period.from));
		return wasPending || (started !== undefined && started >= firstActivation);
	}
	if (finished >= state.activatedAt) return true;
	// Only a run the trigger was following: a fired run forgotten since (its id pruned once the window had
	// passed it) may be listed again after a new activation reaches back, and must not fire twice.
	return wasPending && state.periods.some((period) => period.from <= finished && finished < period.to && settingsSelect(period.settings, run));
}

/** Folds what one poll saw into the state: what is due to fire, what is still under way, what to warn about. */
export function applyPoll(previous: TriggerState, observed: ObservedRuns, options: PollOptions): PollOutcome {
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

	if (newestListedStart !== undefined) state.cursor = Math.max(state.cursor, newestListedStart - LIMITS.marginMs);
	warnings.push(...overflowWarnings(previous, observed.pages, options));
	prune(state, options.now, warnings);

	const due = Object.keys(state.due)
		.map((id) => latest.get(id) ?? { runId: id })
		.sort((a, b) => (state.due[runIdOf(a) ?? ''] ?? 0) - (state.due[runIdOf(b) ?? ''] ?? 0));
	return { state, due, warnings };
}

function learnStatus(state: TriggerState, status: string | undefined): void {
	if (!status || KNOWN_UNFINISHED.includes(status) || state.statuses.includes(status)) return;
	if (state.statuses.length < LIMITS.maxLearnedStatuses) state.statuses.push(status);
}

/**
 * A warning for each full page of the status split that may hide runs no query showed: those runs were never
 * seen, so if they finish (or have finished) with a selected status they cannot fire. At the activation poll
 * itself, hidden runs in a final status finished before activation: history, nothing to warn about.
 */
function overflowWarnings(previous: TriggerState, pages: ListedPage[], options: PollOptions): string[] {
	const from = seenUpTo(previous, options.windowFrom);
	const hiding = new Map<string, string[]>();
	for (const page of pages) {
		if (page.status === undefined || !pageMayHideRuns(page, from)) continue;
		if (isTerminal(page.status) && options.activatedNow) continue;
		const where = page.workflowId ? `workflow ${page.workflowId}` : 'all workflows';
		hiding.set(where, [...(hiding.get(where) ?? []), page.status]);
	}
	return [...hiding].map(
		([where, statuses]) =>
			`More than ${LIMITS.pageSize} runs started since the last poll (${where}, status ${statuses.join(', ')}), and the service lists at most ${LIMITS.pageSize} per query: runs beyond the newest ${LIMITS.pageSize} were not seen and will not fire if they finish with a selected status. Filter the trigger by workflow, or poll more often.`,
	);
}

/** Keeps the state bounded without forgetting anything a later list could still show. */
function prune(state: TriggerState, now: number, warnings: string[]): void {
	const pendingEntries = Object.entries(state.pending);
	if (pendingEntries.length > LIMITS.maxPending) {
		const dropped = [...pendingEntries].sort((a, b) => b[1] - a[1]).slice(LIMITS.maxPending);
		for (const [id] of dropped) delete state.pending[id];
		warnings.push(
			`More than ${LIMITS.maxPending} runs are under way at once; the ${dropped.length} oldest are no longer followed and will not fire when they finish. Filter the trigger by workflow.`,
		);
	}
	const dueEntries = Object.entries(state.due);
	if (dueEntries.length > LIMITS.maxDue) {
		const dropped = [...dueEntries].sort((a, b) => a[1] - b[1]).slice(0, dueEntries.length - LIMITS.maxDue);
		for (const [id] of dropped) delete state.due[id];
		warnings.push(
			`More than ${LIMITS.maxDue} finished runs wait to fire; the ${dropped.length} oldest were dropped and will not fire. Filter the trigger by workflow.`,
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

/**
 * After emitting: the emitted runs are fired, the ones the settings no longer select (changed since they
 * became due) are dropped, the rest stay due for the next poll.
 */
export function markFired(state: TriggerState, emittedIds: string[], droppedIds: string[] = []): TriggerState {
	const next: TriggerState = { ...state, fired: { ...state.fired }, due: { ...state.due } };
	for (const id of emittedIds) {
		if (!(id in next.due)) continue;
		next.fired[id] = next.due[id];
		delete next.due[id];
	}
	for (const id of droppedIds) delete next.due[id];
	return next;
}
