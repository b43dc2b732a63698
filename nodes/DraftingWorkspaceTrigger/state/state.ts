import type { IDataObject } from 'n8n-workflow';

import { statusOf, workflowIdOf } from '../../shared/runs/record';

/**
 * The trigger's memory, kept in the workflow's static data (so it survives restarts and behaves the same in
 * queue mode, where only main polls). Every module of this folder is pure: every rule is unit-tested, and the
 * model-based test (test/model/trigger.model.test.ts) attacks the guarantee they make together.
 *
 * The guarantee: a run that reaches a selected status after activation fires exactly once; a run that might
 * be missed is named in a warning logged at the poll where it could have been missed. It rests on facts the
 * trigger records, never on assumptions:
 * - the activation instant is written before the first request (`activate`), so a first poll that fails
 *   changes nothing: a run finishing after that instant fires whenever the first successful poll comes;
 * - any status that is not terminal is unfinished, named by the contract or not (`pending.ts`);
 * - the run list answers the newest 50 runs per query, so a full page is split by status (`pages.ts`), and a
 *   warning is logged exactly when a page of that split is itself full and may hide runs no query showed.
 *
 * The folder, one rule a file: this file (the state, its settings, activation and reading), `window.ts` (where
 * a poll's lists start), `pages.ts` (full pages and their split), `pending.ts` (the runs read directly),
 * `periods.ts` (which finished runs are owed), `prune.ts` (the bounds), `fold.ts` (one poll folded in).
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
	/** Until when the service asked the trigger to wait (a Retry-After, a quota's reset) after a failed poll. */
	restUntil?: number;
	/**
	 * The token of the poll that wrote this state (`pollTurn.ts`): a later poll of the trigger in the same n8n
	 * process tells by it whether the state of the poll before it has been saved.
	 */
	poll?: string;
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

export function settingsKey(statuses: string[], workflowIds: string[]): string {
	return JSON.stringify([[...statuses].sort(), [...workflowIds].sort()]);
}

/** Whether settings (as `settingsKey` wrote them) select a finished run: its status, and its workflow when known. */
export function settingsSelect(settings: string, run: IDataObject): boolean {
	const [statuses, workflowIds] = JSON.parse(settings) as [string[], string[]];
	const workflowId = workflowIdOf(run);
	return (
		statuses.includes(statusOf(run) ?? '') &&
		(!workflowIds.length || workflowId === undefined || workflowIds.includes(workflowId))
	);
}

/**
 * A new activation at `now`: the instant and the settings are recorded, the window reaches back for runs
 * under way. What an earlier activation fired is kept, so a run never fires twice; what it owed (`due`) is
 * kept too, and fires if the new settings still select it.
 */
export function activate(
	previous: TriggerState | undefined,
	now: number,
	settings: string,
): TriggerState {
	const start = now - LIMITS.lookbackMs;
	const periods = previous
		? [...previous.periods, { from: previous.activatedAt, to: now, settings: previous.settings }]
		: [];
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

/** The state as saved, or undefined when there is none (or none this trigger can read): a fresh activation. */
export function readState(value: unknown): TriggerState | undefined {
	const state = value as (Partial<TriggerState> & { v?: number }) | undefined;
	if (
		!state ||
		typeof state !== 'object' ||
		typeof state.cursor !== 'number' ||
		typeof state.floor !== 'number'
	)
		return undefined;
	if (typeof state.fired !== 'object' || typeof state.pending !== 'object') return undefined;
	if (state.v !== 2 || typeof state.activatedAt !== 'number' || typeof state.settings !== 'string')
		return undefined;
	return {
		...(state as TriggerState),
		due: state.due ?? {},
		periods: state.periods ?? [],
		statuses: state.statuses ?? [],
		refused: state.refused ?? [],
		poll: typeof state.poll === 'string' ? state.poll : undefined,
	};
}
