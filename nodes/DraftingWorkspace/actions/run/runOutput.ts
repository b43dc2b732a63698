import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { withIdAs } from '../items';
import { withAbsoluteArtifactPaths } from '../../../shared/runs/artifactLinks';
import { compactRun, endReasonOf, type CompactRun, type WaitSummary } from '../../runs/compact';
import type { FileShape } from '../../../shared/runs/files';
import { describeRunFiles, type RunDownloads } from '../../../shared/runs/files.api';
import { runErrorOf, runIdOf, statusOf } from '../../../shared/runs/record';
import { downloadRenderedFiles } from '../../../shared/runs/renderedFiles.api';
import { waitForRun, type WaitResult } from '../../runs/wait.api';
import { serviceUrlResolver } from '../../../shared/transport/credentials.api';
import { readWaitOptions, wantsFailureOnRunFailure, wantsSimplified } from './waitFields';

/**
 * What Run → Start, Wait For Run and Get output about a run: the record carries its id as `runId` and its files in
 * the one file shape (`files`, downloaded or not), the compact answer (Simplify) carries the run's result text, and
 * a run that ended Failed or Cancelled fails the item unless "Fail the Item When the Run Fails" is off.
 */

/** The compact answer about a run (Simplify); its files described (links resolved) unless given. */
export async function simplifiedRun(
	this: IExecuteFunctions,
	record: IDataObject,
	itemIndex: number,
	facts: { files?: FileShape[]; wait?: WaitSummary; workflowId?: string } = {},
): Promise<CompactRun> {
	const { files, ...rest } = facts;
	return compactRun({
		record,
		files: files ?? (await describeRunFiles.call(this, record, itemIndex)),
		...rest,
	});
}

/** The record as output: `runId`, and its rendered files' download paths absolute (artifactLinks.ts). */
async function recordAsOutput(
	this: IExecuteFunctions,
	record: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	return withAbsoluteArtifactPaths(
		withIdAs(record, 'runId'),
		await serviceUrlResolver.call(this, itemIndex),
	);
}

/** Run → Get without Simplify: the record as the service returns it, with `runId` and `files`. */
export async function recordOutput(
	this: IExecuteFunctions,
	record: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	return {
		...(await recordAsOutput.call(this, record, itemIndex)),
		files: await describeRunFiles.call(this, record, itemIndex),
	};
}

/** Terminal states in which the run did not produce its result: the item's purpose was not reached. */
const ENDED_WITHOUT_RESULT = new Set(['Failed', 'Cancelled']);

/**
 * The error of a run that ended Failed or Cancelled: it names the run, its reason and the item, and carries the
 * item's output (`context.run`), which Continue On Fail puts in the error item and n8n keeps in the execution.
 */
function runEndedError(
	this: IExecuteFunctions,
	record: IDataObject,
	output: IDataObject,
	itemIndex: number,
): NodeOperationError | undefined {
	const status = statusOf(record);
	if (!status || !ENDED_WITHOUT_RESULT.has(status)) return undefined;
	const reason = endReasonOf(record, status);
	const what = status === 'Failed' ? 'failed' : 'was cancelled';
	const error = new NodeOperationError(
		this.getNode(),
		`Run ${runIdOf(record) ?? ''} ${what}${reason ? `: ${reason}` : ''} [item ${itemIndex}]`,
		{
			description: `The run ended ${status} in the service; the error's run field holds it as the item would have output it. Running the item again starts a new run. To output failed and cancelled runs as items instead, turn off Fail the Item When the Run Fails.`,
			itemIndex,
		},
	);
	error.context.run = output;
	return error;
}

/** Whether an error is a run's end (runEndedError) rather than a failure to follow the run. */
export function isRunEnded(error: unknown): boolean {
	const context = (error as { context?: IDataObject } | undefined)?.context;
	return error instanceof NodeOperationError && context?.run !== undefined;
}

/**
 * Waits for the run as the item's parameters say and builds the output item: the run record, a `wait`
 * block saying how the wait ended, and the rendered files as binary when asked. The timeout counts from
 * `startedAt` (the run's start in a batch, where the wait may begin later), else from now. A run whose turn
 * came late (`queued`: it waited for a free slot) is read before its stream is opened: it has often ended.
 */
export async function waitAndOutput(
	this: IExecuteFunctions,
	runId: string,
	itemIndex: number,
	extra: IDataObject = {},
	startedAt?: number,
	queued = false,
): Promise<INodeExecutionData> {
	const { limitedAsTool, ...waitOptions } = readWaitOptions.call(
		this,
		itemIndex,
		startedAt,
		queued,
	);
	const result = await waitForRun.call(this, runId, waitOptions);
	const json: IDataObject = {
		...extra,
		...(await recordAsOutput.call(this, result.record, itemIndex)),
		wait: {
			outcome: result.outcome,
			pausedForReview: result.pausedForReview,
			waitedSeconds: Math.round(result.waitedMs / 100) / 10,
			streamConnections: result.streamConnections,
			...(runErrorOf(result.record) && statusOf(result.record) === 'Failed'
				? { error: runErrorOf(result.record) }
				: {}),
		},
	};
	const item: INodeExecutionData = { json };
	let downloads: RunDownloads | undefined;
	if (
		result.outcome === 'finished' &&
		(this.getNodeParameter('downloadFiles', itemIndex, true) as boolean)
	) {
		downloads = await downloadRenderedFiles.call(this, result.record, {
			binaryPropertyName: this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string,
			itemIndex,
		});
		if (downloads.files.length) item.binary = downloads.binary;
	}
	// Every file of the run is described, downloaded (with its binary field) or not.
	const files = await describeRunFiles.call(this, result.record, itemIndex, downloads);
	json.files = files as unknown as IDataObject[];
	const output = wantsSimplified.call(this, itemIndex)
		? await compactItem.call(this, item, result, itemIndex, { extra, limitedAsTool, files })
		: item;
	if (result.outcome === 'finished' && wantsFailureOnRunFailure.call(this, itemIndex)) {
		const ended = runEndedError.call(this, result.record, output.json, itemIndex);
		if (ended) throw ended;
	}
	return output;
}

/** The waited run's item with the compact answer as its JSON (its binary files kept). */
async function compactItem(
	this: IExecuteFunctions,
	item: INodeExecutionData,
	result: WaitResult,
	itemIndex: number,
	facts: { extra: IDataObject; limitedAsTool: boolean; files: FileShape[] },
): Promise<INodeExecutionData> {
	const { extra, limitedAsTool, files } = facts;
	const compact = await simplifiedRun.call(this, result.record, itemIndex, {
		files,
		wait: {
			outcome: result.outcome,
			pausedForReview: result.pausedForReview,
			waitedSeconds: (item.json.wait as IDataObject).waitedSeconds as number,
			limitedAsTool: result.outcome === 'timedOut' && limitedAsTool,
		},
		workflowId: typeof extra.workflowId === 'string' ? extra.workflowId : undefined,
	});
	const unmatched = extra.unmatchedInputKeys
		? { unmatchedInputKeys: extra.unmatchedInputKeys }
		: {};
	return { ...item, json: { ...(compact as unknown as IDataObject), ...unmatched } };
}
