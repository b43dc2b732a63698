import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { ensureNodeError, settle } from '../DraftingWorkspace/helpers/errors';
import { downloadRenderedFiles } from '../DraftingWorkspace/helpers/renderedFiles';
import { readRunRecord } from '../DraftingWorkspace/helpers/runApi';
import { runIdOf } from '../DraftingWorkspace/helpers/runRecord';
import { apiRequest, asArray, serviceCodeOf } from '../DraftingWorkspace/transport';
import { applyPoll, initialState, isTriggerState, pageMayHideRuns, pendingToCheck, windowStart, type ListedPage, type TriggerState } from './pollState';

export interface TriggerSettings {
	statuses: string[];
	workflowIds: string[];
	attachFiles: boolean;
}

/** Retries inside one poll stay short: the next poll comes anyway. */
const POLL_RETRY = { totalBudgetMs: 30_000, maxSingleWaitMs: 15_000 };

async function listRuns(this: IPollFunctions, query: IDataObject): Promise<IDataObject[]> {
	return asArray(await apiRequest.call(this, { method: 'GET', path: '/workflows/runs', qs: query, retry: POLL_RETRY }), 'runs');
}

async function listPages(this: IPollFunctions, settings: TriggerSettings, windowFrom: number): Promise<ListedPage[]> {
	const startedFrom = new Date(windowFrom).toISOString();
	const workflowFilters: Array<string | undefined> = settings.workflowIds.length ? settings.workflowIds : [undefined];
	const pages: ListedPage[] = [];
	for (const workflowId of workflowFilters) {
		const base: IDataObject = { startedFrom, ...(workflowId ? { workflowId } : {}) };
		const unfiltered: ListedPage = { runs: await listRuns.call(this, base) };
		pages.push(unfiltered);
		if (!pageMayHideRuns(unfiltered, windowFrom)) continue;
		// A full page: partition by status so that finished runs and runs under way are each listed apart.
		for (const status of [...settings.statuses, 'Running', 'Pending']) {
			pages.push({ runs: await listRuns.call(this, { ...base, status }), status });
		}
	}
	return pages;
}

function isNotFound(error: unknown): boolean {
	return String((error as { httpCode?: unknown }).httpCode ?? '') === '404' || serviceCodeOf(error) === 'not_found';
}

async function readPending(this: IPollFunctions, ids: string[]): Promise<Record<string, IDataObject | null>> {
	const direct: Record<string, IDataObject | null> = {};
	for (const id of ids) {
		const read = await settle(
			readRunRecord.call(this, id, { retry: POLL_RETRY }),
		);
		if (read.ok) direct[id] = read.value;
		// A run the service no longer shows (404) is forgotten; any other failure fails the poll, state unsaved.
		else if (isNotFound(read.error)) direct[id] = null;
		else throw ensureNodeError(this.getNode(), read.error);
	}
	return direct;
}

/**
 * The run record as the service returns it: list items are summaries (the contract does not show their
 * fields) and lack the steps and rendered files, so a run about to fire is read once unless it was just read.
 */
async function fullRecord(this: IPollFunctions, run: IDataObject, direct: Record<string, IDataObject | null>): Promise<IDataObject> {
	const id = runIdOf(run);
	if (!id) return run;
	const known = direct[id];
	if (known) return known;
	return await readRunRecord.call(this, id, { retry: POLL_RETRY });
}

async function toItem(this: IPollFunctions, run: IDataObject, attachFiles: boolean): Promise<INodeExecutionData> {
	if (!attachFiles) return { json: run };
	const { binary, files } = await downloadRenderedFiles.call(this, run);
	return files.length ? { json: run, binary } : { json: run };
}

/** One poll after activation: list, read what the lists cannot cover, fold into the state, emit. */
export async function pollFinishedRuns(this: IPollFunctions, settings: TriggerSettings): Promise<INodeExecutionData[][] | null> {
	const staticData = this.getWorkflowStaticData('node');
	const now = Date.now();
	const baseline = !isTriggerState(staticData.state);
	const previous: TriggerState = baseline ? initialState(now) : (staticData.state as TriggerState);
	const windowFrom = windowStart(previous, now);

	const pages = await listPages.call(this, settings, windowFrom);
	const direct = await readPending.call(this, pendingToCheck(previous, pages, windowFrom));
	const outcome = applyPoll(previous, { pages, direct }, { selected: new Set(settings.statuses), baseline, now, windowFrom });
	for (const warning of outcome.warnings) this.logger.warn(`Drafting Workspace Trigger: ${warning}`);

	const items: INodeExecutionData[] = [];
	for (const run of outcome.fire) items.push(await toItem.call(this, await fullRecord.call(this, run, direct), settings.attachFiles));
	// The state is saved only now: a poll that failed above leaves it as it was, so nothing is skipped.
	staticData.state = outcome.state as unknown as IDataObject;
	return items.length ? [items] : null;
}

/** "Fetch test event": the most recent finished run matching the filters, state untouched, errors thrown. */
export async function fetchTestEvent(this: IPollFunctions, settings: TriggerSettings): Promise<INodeExecutionData[][] | null> {
	const workflowFilters: Array<string | undefined> = settings.workflowIds.length ? settings.workflowIds : [undefined];
	let newest: { run: IDataObject; at: number } | undefined;
	for (const workflowId of workflowFilters) {
		for (const status of settings.statuses) {
			const runs = await listRuns.call(this, { status, ...(workflowId ? { workflowId } : {}) });
			for (const run of runs) {
				const at = Date.parse(String(run.completedAt ?? run.finishedAt ?? run.startedAt ?? '')) || 0;
				if (!newest || at > newest.at) newest = { run, at };
			}
		}
	}
	if (!newest) return null;
	return [[await toItem.call(this, await fullRecord.call(this, newest.run, {}), settings.attachFiles)]];
}
