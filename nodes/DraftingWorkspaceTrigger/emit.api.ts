import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { ensureNodeError, settle } from '../shared/common/errors';
import { withAbsoluteArtifactPaths } from '../shared/runs/artifactLinks';
import { describeRunFiles } from '../shared/runs/files.api';
import { downloadRenderedFiles } from '../shared/runs/renderedFiles.api';
import { getRun } from '../shared/client';
import { findRenderedArtifacts, runIdOf } from '../shared/runs/record';
import { serviceUrlResolver } from '../shared/transport/credentials.api';
import type { TriggerSettings } from './lists.api';
import type { PollBudget } from './pollBudget';
import { settingsSelect } from './state/state';
import { isTransient } from './transient';

/**
 * The item for a run: the run record as the service returns it (list items are summaries without steps or
 * rendered files, so a run not read directly in this poll is read once), with its rendered files when asked;
 * null when the settings no longer select it.
 */
export async function toItem(
	this: IPollFunctions,
	run: IDataObject,
	direct: Record<string, IDataObject | null>,
	settings: TriggerSettings,
	budget: PollBudget,
): Promise<INodeExecutionData | null> {
	const id = runIdOf(run);
	let record = (id && direct[id]) || undefined;
	if (!record) {
		budget.spend();
		record = id ? await getRun.call(this, id, { retry: budget.retry() }) : run;
	}
	if (!settingsSelect(settings.key, record)) return null;
	// Each rendered file's absolute link beside the service's own path (`downloadUrl`), as Run → Get's is absolute;
	// the files are fetched by the paths the service gave.
	const output = withAbsoluteArtifactPaths(
		record,
		await serviceUrlResolver.call(this),
		'downloadUrl',
	);
	if (!settings.attachFiles) return { json: output };
	const artifacts = findRenderedArtifacts(record);
	budget.spend(artifacts.length);
	const downloads = await downloadRenderedFiles.call(this, record, {
		artifacts,
		retry: budget.retry(),
	});
	if (!downloads.files.length) return { json: output };
	// The attached files told in the one file shape, as the action node tells them (name, format, url, binaryProperty…).
	const files = await describeRunFiles.call(this, record, undefined, downloads, artifacts);
	return {
		json: { ...output, files: files as unknown as IDataObject[] },
		binary: downloads.binary,
	};
}

export interface Emitted {
	items: INodeExecutionData[];
	/** Runs emitted now: fired once the state is saved. */
	emitted: string[];
	/** Runs the settings no longer select (changed since they became due): dropped from `due`. */
	dropped: string[];
}

/**
 * The due runs, oldest first, each made an item while the budget lasts; a transient failure ends the emitting
 * the same way (the rest stay due for the next poll), any other fails the poll.
 */
export async function emitDue(
	this: IPollFunctions,
	due: IDataObject[],
	direct: Record<string, IDataObject | null>,
	settings: TriggerSettings,
	budget: PollBudget,
): Promise<Emitted> {
	const result: Emitted = { items: [], emitted: [], dropped: [] };
	for (const run of due) {
		if (!budget.allows()) break;
		const item = await settle(toItem.call(this, run, direct, settings, budget));
		if (!item.ok) {
			if (!isTransient(item.error)) throw ensureNodeError(this.getNode(), item.error);
			break;
		}
		if (item.value) result.items.push(item.value);
		(item.value ? result.emitted : result.dropped).push(runIdOf(run) ?? '');
	}
	return result;
}
