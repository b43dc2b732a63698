import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { ensureNodeError, settle } from '../shared/common/errors';
import { downloadRenderedFiles } from '../shared/runs/renderedFiles.api';
import { readRunRecord } from '../shared/runs/record.api';
import { findRenderedArtifacts, runIdOf } from '../shared/runs/record';
import { apiRequest, asArray, serviceCodeOf } from '../shared/transport';
import type { RetryPolicy } from '../shared/transport/retry';
import { PollBudget } from './pollBudget';
import { applyPoll, markFired } from './state/fold';
import { mayRefuseStatus, pageMayHideRuns, splitStatuses, type ListedPage } from './state/pages';
import { pendingToCheck } from './state/pending';
import { activate, readState, settingsSelect, type TriggerState } from './state/state';
import { seenUpTo, windowStart } from './state/window';

export interface TriggerSettings {
	statuses: string[];
	workflowIds: string[];
	attachFiles: boolean;
	/** `settingsKey(statuses, workflowIds)`: what an activation is made with. */
	key: string;
}

/** The HTTP status a transport error carries ('' when none). */
export function httpCodeOf(error: unknown): string {
	return String((error as { httpCode?: unknown } | undefined)?.httpCode ?? '');
}

/** Whether a failure is one the next poll may not meet (rate limit, tenant lock, unavailable service). */
export function isTransient(error: unknown): boolean {
	return ['423', '429', '500', '502', '503', '504'].includes(httpCodeOf(error));
}

async function listRuns(this: IPollFunctions, query: IDataObject, retry: Partial<RetryPolicy>): Promise<IDataObject[]> {
	return asArray(await apiRequest.call(this, { method: 'GET', path: '/workflows/runs', qs: query, retry }), 'runs');
}

/**
 * The lists of one poll: per workflow filter, the runs started since the window start; when that page is full
 * and may hide runs started since the last poll, one query per status (selected, unfinished, learned). A status
 * the service refuses as a filter is remembered and skipped. Lists are never skipped for the budget: without
 * them the poll has learned nothing, so a failure here fails the poll (and the state stays as it was).
 */
async function listPages(
	this: IPollFunctions,
	state: TriggerState,
	settings: TriggerSettings,
	windowFrom: number,
	budget: PollBudget,
): Promise<ListedPage[]> {
	const startedFrom = new Date(windowFrom).toISOString();
	const workflowFilters: Array<string | undefined> = settings.workflowIds.length ? settings.workflowIds : [undefined];
	const newSince = seenUpTo(state, windowFrom);
	const pages: ListedPage[] = [];
	for (const workflowId of workflowFilters) {
		const base: IDataObject = { startedFrom, ...(workflowId ? { workflowId } : {}) };
		budget.spend();
		const unfiltered: ListedPage = { runs: await listRuns.call(this, base, budget.retry()), workflowId };
		pages.push(unfiltered);
		if (!pageMayHideRuns(unfiltered, newSince)) continue;
		for (const status of splitStatuses(state, settings.statuses, unfiltered)) {
			budget.spend();
			const listed = await settle(listRuns.call(this, { ...base, status }, budget.retry()));
			if (listed.ok) pages.push({ runs: listed.value, status, workflowId });
			else if (mayRefuseStatus(status) && httpCodeOf(listed.error) === '400') state.refused.push(status);
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
async function readPending(this: IPollFunctions, ids: string[], budget: PollBudget): Promise<Record<string, IDataObject | null>> {
	const direct: Record<string, IDataObject | null> = {};
	for (const id of ids) {
		if (!budget.allows()) break;
		budget.spend();
		const read = await settle(readRunRecord.call(this, id, { retry: budget.retry() }));
		if (read.ok) direct[id] = read.value;
		// A run the service no longer shows (404) is forgotten.
		else if (isNotFound(read.error)) direct[id] = null;
		else if (isTransient(read.error)) break;
		else throw ensureNodeError(this.getNode(), read.error);
	}
	return direct;
}

/**
 * The item for a run: the run record as the service returns it (list items are summaries without steps or
 * rendered files, so a run not read directly in this poll is read once), with its rendered files when asked;
 * null when the settings no longer select it.
 */
async function toItem(this: IPollFunctions, run: IDataObject, direct: Record<string, IDataObject | null>, settings: TriggerSettings, budget: PollBudget): Promise<INodeExecutionData | null> {
	const id = runIdOf(run);
	let record = (id && direct[id]) || undefined;
	if (!record) {
		budget.spend();
		record = id ? await readRunRecord.call(this, id, { retry: budget.retry() }) : run;
	}
	if (!settingsSelect(settings.key, record)) return null;
	if (!settings.attachFiles) return { json: record };
	const artifacts = findRenderedArtifacts(record);
	budget.spend(artifacts.length);
	const { binary, files } = await downloadRenderedFiles.call(this, record, { artifacts, retry: budget.retry() });
	return files.length ? { json: record, binary } : { json: record };
}

/**
 * One poll after activation: record the activation (before any request), list, read what the lists cannot
 * cover, fold into the state, emit what is due within the poll's budget; what is left carries over.
 */
export async function pollFinishedRuns(this: IPollFunctions, settings: TriggerSettings): Promise<INodeExecutionData[][] | null> {
	const staticData = this.getWorkflowStaticData('node');
	const now = Date.now();
	const key = settings.key;
	const saved = readState(staticData.state, key);
	const activatedNow = !saved || saved.settings !== key;
	const previous = activatedNow ? activate(saved, now, key) : saved;
	// The activation is a fact from here on, whatever happens to this poll.
	if (activatedNow) staticData.state = previous as unknown as IDataObject;

	const budget = PollBudget.for(this, now);
	const working: TriggerState = { ...previous, refused: [...previous.refused] };
	const windowFrom = windowStart(working, now);
	const pages = await listPages.call(this, working, settings, windowFrom, budget);
	const direct = await readPending.call(this, pendingToCheck(working, pages, windowFrom), budget);
	const outcome = applyPoll(working, { pages, direct }, { selected: new Set(settings.statuses), now, windowFrom, activatedNow });
	for (const warning of outcome.warnings) this.logger.warn(`Drafting Workspace Trigger: ${warning}`);

	const items: INodeExecutionData[] = [];
	const emitted: string[] = [];
	const dropped: string[] = [];
	for (const run of outcome.due) {
		if (!budget.allows()) break;
		const item = await settle(toItem.call(this, run, direct, settings, budget));
		if (!item.ok) {
			if (!isTransient(item.error)) throw ensureNodeError(this.getNode(), item.error);
			break;
		}
		if (item.value) items.push(item.value);
		(item.value ? emitted : dropped).push(runIdOf(run) ?? '');
	}
	const left = outcome.due.length - emitted.length - dropped.length;
	if (left) this.logger.info(`Drafting Workspace Trigger: ${left} finished run(s) carried over to the next poll (${budget.summary()}).`);
	// The state is saved only now: a poll that failed above leaves it as it was (but for the activation).
	staticData.state = markFired(outcome.state, emitted, dropped) as unknown as IDataObject;
	return items.length ? [items] : null;
}

/** "Fetch test event": the most recent finished run matching the filters, state untouched, errors thrown. */
export async function fetchTestEvent(this: IPollFunctions, settings: TriggerSettings): Promise<INodeExecutionData[][]> {
	const workflowFilters: Array<string | undefined> = settings.workflowIds.length ? settings.workflowIds : [undefined];
	const budget = PollBudget.for(this, Date.now());
	let newest: { run: IDataObject; at: number } | undefined;
	for (const workflowId of workflowFilters) {
		for (const status of settings.statuses) {
			const runs = await listRuns.call(this, { status, ...(workflowId ? { workflowId } : {}) }, budget.retry());
			for (const run of runs) {
				const at = Date.parse(String(run.completedAt ?? run.finishedAt ?? run.startedAt ?? '')) || 0;
				if (!newest || at > newest.at) newest = { run, at };
			}
		}
	}
	const item = newest ? await toItem.call(this, newest.run, {}, settings, budget) : undefined;
	if (item) return [[item]];
	// Returning nothing would show n8n's generic "No data found… create one"; say what was looked for instead.
	throw new NodeOperationError(this.getNode(), 'No run has finished with the selected statuses yet', {
		description: `Fetch Test Event shows the latest run that finished as ${settings.statuses.join(' or ')}${
			settings.workflowIds.length ? ` (of the selected workflows)` : ''
		}. Start a run through the API (for example with the Drafting Workspace node's Run → Start), let it finish, then fetch again. Runs started by people in the workspace are not visible to API keys.`,
	});
}
