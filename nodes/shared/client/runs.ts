import type { IBinaryData, IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import { apiList, apiObject, apiRequestFull, type TransportContext } from '../transport';
import { downloadToBinary, type DownloadOptions } from '../transport/download.api';
import type { ByteStream } from '../transport/types';
import type {
	CallOptions,
	CancelAnswer,
	ChangeOptions,
	RunListEntry,
	RunRecord,
	StartRunAnswer,
} from './types';

/** The base of every endpoint of one run. */
function runPath(runId: string): string {
	return `/workflows/runs/${encodeURIComponent(runId)}`;
}

/**
 * POST /workflows/runs. Once sent it is heard to its answer even if the execution is cancelled meanwhile, so the
 * run it started is known; an answer without the run's id is refused (it could not be followed).
 */
export async function startRun(
	this: TransportContext,
	body: IDataObject,
	call: ChangeOptions = {},
): Promise<StartRunAnswer> {
	return await apiObject.call(
		this,
		{ method: 'POST', path: '/workflows/runs', body, hearAnswerOnCancel: true, ...call },
		{ what: 'the start answer (runId, status, startedAt)', idFields: ['runId', 'id', 'run_id'] },
	);
}

/** GET /workflows/runs with the contract's filters: the most recent 50 API-started runs the key may see. */
export async function listRuns(
	this: TransportContext,
	qs: IDataObject = {},
	call: CallOptions = {},
): Promise<RunListEntry[]> {
	return await apiList.call(
		this,
		{ method: 'GET', path: '/workflows/runs', qs, ...call },
		{ what: 'a list of runs', key: 'runs' },
	);
}

/** GET /workflows/runs/{runId}: the run record as the service returns it. */
export async function getRun(
	this: TransportContext,
	runId: string,
	call: CallOptions = {},
): Promise<RunRecord> {
	return await apiObject.call(
		this,
		{ method: 'GET', path: runPath(runId), ...call },
		{ what: 'a run record' },
	);
}

/** POST /workflows/runs/{runId}/cancel: `{ runId, requested }`, or `{ runId, status, alreadyTerminal }`. */
export async function cancelRun(
	this: TransportContext,
	runId: string,
	call: ChangeOptions = {},
): Promise<CancelAnswer> {
	return await apiObject.call(
		this,
		{ method: 'POST', path: `${runPath(runId)}/cancel`, ...call },
		{ what: 'the cancel answer (runId, requested)' },
	);
}

/** GET /workflows/runs/{runId}/events: the open event stream. `timeoutMs` is the longest quiet gap between frames. */
export async function openRunEvents(
	this: TransportContext,
	runId: string,
	timeoutMs: number,
	call: CallOptions = {},
): Promise<ByteStream> {
	const opened = await apiRequestFull.call(this, {
		method: 'GET',
		path: `${runPath(runId)}/events`,
		headers: { Accept: 'text/event-stream' },
		response: 'stream',
		timeoutMs,
		...call,
	});
	return opened.body as ByteStream;
}

/** The download path of one render step's file, as a run record's `renderedArtifact.downloadPath` gives it. */
export function runFilePath(runId: string, stepId: string): string {
	return `${runPath(runId)}/files/${encodeURIComponent(stepId)}/download`;
}

/** A rendered file (a record's `downloadPath`, or `runFilePath`) into n8n binary data, as its bytes. */
export async function downloadRunFile(
	this: IExecuteFunctions | IPollFunctions,
	downloadPath: string,
	options: DownloadOptions = {},
): Promise<IBinaryData> {
	return await downloadToBinary.call(this, downloadPath, options);
}

/** GET …/input-documents/{documentVersionId}/download: an input document of the run, and the path it came from. */
export async function downloadRunInputDocument(
	this: IExecuteFunctions,
	runId: string,
	documentVersionId: string,
	call: CallOptions = {},
): Promise<{ data: IBinaryData; path: string }> {
	const path = `${runPath(runId)}/input-documents/${encodeURIComponent(documentVersionId)}/download`;
	const data = await downloadToBinary.call(this, path, {
		...call,
		fallbackFileName: documentVersionId,
		qs: {},
	});
	return { data, path };
}
