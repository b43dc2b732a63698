import type { IDataObject } from 'n8n-workflow';

import { isTerminal, startedAtOf, statusOf } from '../../shared/runs/record';
import { LIMITS, type TriggerState } from './state';
import { seenUpTo } from './window';

/**
 * The run list answers the newest 50 runs per query. A full page may hide older runs, so it is asked again per
 * status: the selected ones, then every unfinished status the trigger knows. The unfinished ones besides the
 * learned ones are the contract's two and its three conditions (queued, paused at a review step, stalled) as a
 * service would name them as statuses. A name the service refuses as a filter is remembered in `refused` and
 * not asked again.
 */
export interface ListedPage {
	/** The runs the query answered. */
	runs: IDataObject[];
	/** The status the query filtered on (absent: every status). */
	status?: string;
	/** The workflow the query filtered on (absent: every workflow). */
	workflowId?: string;
}

const KNOWN_UNFINISHED = ['Pending', 'Running', 'Queued', 'Paused', 'Stalled'];
const CONTRACT_STATUSES = new Set(['Pending', 'Running', 'Completed', 'Failed', 'Cancelled']);

export function oldestStart(page: ListedPage): number {
	const starts = page.runs.map(startedAtOf).filter((start): start is number => start !== undefined);
	return starts.length ? Math.min(...starts) : Infinity;
}

/** A page may hide older runs when it is full and its oldest run started after `from`. */
export function pageMayHideRuns(page: ListedPage, from: number): boolean {
	return page.runs.length >= LIMITS.pageSize && oldestStart(page) > from;
}

/** The statuses a full page is split by: the selected ones, then every unfinished status the trigger knows. */
export function splitStatuses(
	state: TriggerState,
	selected: readonly string[],
	page: ListedPage,
): string[] {
	const shown = page.runs
		.map(statusOf)
		.filter((status): status is string => !!status && !isTerminal(status));
	const all = [...selected, ...KNOWN_UNFINISHED, ...state.statuses, ...shown];
	return [...new Set(all)].filter((status) => !state.refused.includes(status));
}

/** Whether a refusal of a status filter means "the service has no such status" (never for the contract's names). */
export function mayRefuseStatus(status: string): boolean {
	return !CONTRACT_STATUSES.has(status);
}

/** Remembers an unfinished status the contract does not name, so later full pages are split by it too. */
export function learnStatus(state: TriggerState, status: string | undefined): void {
	if (!status || KNOWN_UNFINISHED.includes(status) || state.statuses.includes(status)) return;
	if (state.statuses.length < LIMITS.maxLearnedStatuses) state.statuses.push(status);
}

/**
 * A warning for each full page of the status split that may hide runs no query showed: those runs were never
 * seen, so if they finish (or have finished) with a selected status they cannot fire. At the activation poll
 * itself, hidden runs in a final status finished before activation: history, nothing to warn about.
 */
export function overflowWarnings(
	previous: TriggerState,
	pages: ListedPage[],
	windowFrom: number,
	activatedNow: boolean,
): string[] {
	const from = seenUpTo(previous, windowFrom);
	const hiding = new Map<string, string[]>();
	for (const page of pages) {
		if (page.status === undefined || !pageMayHideRuns(page, from)) continue;
		if (isTerminal(page.status) && activatedNow) continue;
		const where = page.workflowId ? `workflow ${page.workflowId}` : 'all workflows';
		hiding.set(where, [...(hiding.get(where) ?? []), page.status]);
	}
	return [...hiding].map(
		([where, statuses]) =>
			`More than ${LIMITS.pageSize} runs started since the last poll (${where}, status ${statuses.join(', ')}), and the service lists at most ${LIMITS.pageSize} per query: runs beyond the newest ${LIMITS.pageSize} were not seen and will not fire if they finish with a selected status. Filter the trigger by workflow, or poll more often.`,
	);
}
