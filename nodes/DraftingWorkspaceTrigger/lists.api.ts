import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { ensureNodeError, settle } from '../shared/common/errors';
import { getRun, listRuns as listRunsOf } from '../shared/client';
import { serviceCodeOf } from '../shared/transport';
import type { RetryPolicy } from '../shared/transport/retry';
import type { PollBudget } from './pollBudget';
import { mayRefuseStatus, pageMayHideRuns, splitStatuses, type ListedPage } from './state/pages';
import type { TriggerState } from './state/state';
import { seenUpTo } from './state/window';
import { httpCodeOf, isTransient } from './transient';

export interface TriggerSettings {
	statuses: string[];
	workflowIds: string[];
	attachFiles: boolean;
	/** `settingsKey(statuses, workflowIds)`: what an activation is made with. */
	key: string;
}

export async function listRuns(
	this: IPollFunctions,
	query: IDataObject,
	retry: Partial<RetryPolicy>,
): Promise<IDataObject[]> {
	return await listRunsOf.call(this, query, { retry });
}

/**
 * The lists of one poll: per workflow filter, the runs started since the window start; when that page is full
 * and may hide runs started since the last poll, one query per status (selected, unfinished, learned). A status
 * the service refuses as a filter is remembered (in `state.refused`) and skipped. Lists are never skipped for
 * the budget: without them the poll has learned nothing, so a failure here (the poll's time running out
 * included) fails the poll, and the state stays as it was.
 */
export async function listPages(
	this: IPollFunctions,
	state: TriggerState,
	settings: TriggerSettings,
	windowFrom: number,
	budget: PollBudget,
): Promise<ListedPage[]> {
	const startedFrom = new Date(windowFrom).toISOString();
	const workflowFilters: Array<string | undefined> = settings.workflowIds.length
		? settings.workflowIds
		: [undefined];
	const newSince = seenUpTo(state, windowFrom);
	const pages: ListedPage[] = [];
	for (const workflowId of workflowFilters) {
		const base: IDataObject = { startedFrom, ...(workflowId ? { workflowId } : {}) };
		budget.spend();
		const unfiltered: ListedPage = {
			runs: await listRuns.call(this, base, budget.retry()),
			workflowId,
		};
		pages.push(unfiltered);
		if (!pageMayHideRuns(unfiltered, newSince)) continue;
		for (const status of splitStatuses(state, settings.statuses, unfiltered)) {
			budget.spend();
			const listed = await settle(listRuns.call(this, { ...base, status }, budget.retry()));
			if (listed.ok) pages.push({ runs: listed.value, status, workflowId });
			else if (mayRefuseStatus(status) && httpCodeOf(listed.error) === '400')
				state.refused.push(status);
			else throw listed.error;
		}
	}
	return pages;
}

function isNotFound(error: unknown): boolean {
	return httpCodeOf(error) === '404' || serviceCodeOf(error) === 'not_found';
}

/**
 * Reads remembered unfinished runs directly, least recently read first, while the budget lasts: the rest stay
 * remembered (the window keeps covering them) and are read by the next poll. A transient failure ends the
 * reading the same way; any other failure fails the poll.
 */
export async function readPending(
	this: IPollFunctions,
	ids: string[],
	budget: PollBudget,
): Promise<Record<string, IDataObject | null>> {
	const direct: Record<string, IDataObject | null> = {};
	for (const id of ids) {
		if (!budget.allows()) break;
		budget.spend();
		const read = await settle(getRun.call(this, id, { retry: budget.retry() }));
		if (read.ok) direct[id] = read.value;
		// A run the service no longer shows (404) is forgotten.
		else if (isNotFound(read.error)) direct[id] = null;
		else if (isTransient(read.error)) break;
		else throw ensureNodeError(this.getNode(), read.error);
	}
	return direct;
}
