import type { IDataObject } from 'n8n-workflow';

/**
 * Readers for the run record. The contract names the status, `renderedArtifact.downloadPath` and the
 * start response's `runId`/`startedAt`, but not the field names of timings, totals or step entries, nor
 * the fields of a run-list item: every reader here tolerates the plausible spellings.
 */

const TERMINAL_STATUSES = ['Completed', 'Failed', 'Cancelled'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

function firstString(record: IDataObject, keys: string[]): string | undefined {
	for (const key of keys) {
		const value = record[key];
		if (typeof value === 'string' && value) return value;
		if (typeof value === 'number') return String(value);
	}
	return undefined;
}

export function runIdOf(record: IDataObject): string | undefined {
	return firstString(record, ['runId', 'id', 'run_id']);
}

export function workflowIdOf(record: IDataObject): string | undefined {
	return (
		firstString(record, ['workflowId', 'workflow_id']) ??
		firstString((record.workflow as IDataObject) ?? {}, ['id'])
	);
}

/** Status with its canonical capitalisation when it is one of the contract's names (`canceled` included). */
export function statusOf(record: IDataObject): string | undefined {
	const raw = firstString(record, ['status', 'state']);
	if (!raw) return undefined;
	const lower = raw.toLowerCase();
	if (lower === 'canceled' || lower === 'cancelled') return 'Cancelled';
	const named = ['Pending', 'Running', 'Completed', 'Failed'].find(
		(name) => name.toLowerCase() === lower,
	);
	return named ?? raw;
}

export function isTerminal(status: string | undefined): status is TerminalStatus {
	return status !== undefined && (TERMINAL_STATUSES as readonly string[]).includes(status);
}

function instantOf(record: IDataObject, keys: string[]): number | undefined {
	const timings = (record.timings ?? record.timing ?? {}) as IDataObject;
	const raw = firstString(record, keys) ?? firstString(timings, keys);
	if (!raw) return undefined;
	const parsed = Date.parse(raw);
	return Number.isNaN(parsed) ? undefined : parsed;
}

/** Epoch ms of the run's start, from `startedAt` or a timings block; undefined when absent or unparsable. */
export function startedAtOf(record: IDataObject): number | undefined {
	return instantOf(record, ['startedAt', 'started_at', 'createdAt', 'start']);
}

/** Epoch ms of a finished run's end (the contract shows `completedAt` on RunCompleted); undefined when absent. */
export function finishedAtOf(record: IDataObject): number | undefined {
	if (!isTerminal(statusOf(record))) return undefined;
	return instantOf(record, [
		'completedAt',
		'finishedAt',
		'endedAt',
		'cancelledAt',
		'failedAt',
		'completed_at',
		'finished_at',
		'ended_at',
	]);
}

export interface RenderedArtifact {
	stepId?: string;
	downloadPath: string;
	filename?: string;
	contentType?: string;
	format?: string;
	/** The file's size in bytes, when the record says it (`sizeBytes`). */
	sizeBytes?: number;
}

/**
 * Every `renderedArtifact` with a `downloadPath` anywhere in the record (the step entries' layout is not
 * part of the contract), with the id of the step object that holds it.
 */
export function findRenderedArtifacts(record: IDataObject): RenderedArtifact[] {
	const found: RenderedArtifact[] = [];
	const seen = new Set<string>();
	const visit = (value: unknown, depth: number): void => {
		if (depth > 8 || value === null || typeof value !== 'object') return;
		if (Array.isArray(value)) {
			for (const entry of value) visit(entry, depth + 1);
			return;
		}
		const object = value as IDataObject;
		const artifact = object.renderedArtifact;
		if (artifact && typeof artifact === 'object' && !Array.isArray(artifact)) {
			const block = artifact as IDataObject;
			if (typeof block.downloadPath === 'string' && !seen.has(block.downloadPath)) {
				seen.add(block.downloadPath);
				found.push({
					stepId:
						firstString(object, ['stepId', 'id', 'step_id']) ?? firstString(block, ['stepId']),
					downloadPath: block.downloadPath,
					filename: firstString(block, ['filename', 'fileName', 'name']),
					contentType: firstString(block, ['contentType', 'mimeType']),
					format: firstString(block, ['format']),
					...(typeof block.sizeBytes === 'number' ? { sizeBytes: block.sizeBytes } : {}),
				});
			}
		}
		for (const [key, child] of Object.entries(object)) {
			if (key !== 'renderedArtifact') visit(child, depth + 1);
		}
	};
	visit(record, 0);
	return found;
}

/** A rendered file's name when neither the download nor the record gives one: `<runId>-<stepId>.<format>`. */
export function artifactFallbackName(
	record: IDataObject,
	artifact: RenderedArtifact,
	index: number,
): string {
	return `${runIdOf(record) ?? 'run'}-${artifact.stepId ?? index}${artifact.format ? `.${artifact.format}` : ''}`;
}

const PAUSE_WORDS = /paus|review|awaiting|waiting/i;

/**
 * Whether the run waits at a review step. The contract names "paused" as a condition but not where it
 * appears, so any of these counts: a `condition`/`state`/`status` saying paused or awaiting review, a
 * `paused: true` flag, or a step whose status says it awaits review.
 */
export function isPausedForReview(record: IDataObject): boolean {
	if (isTerminal(statusOf(record))) return false;
	if (record.paused === true || record.isPaused === true) return true;
	for (const key of ['condition', 'state', 'status', 'substatus', 'subStatus']) {
		const value = record[key];
		if (typeof value === 'string' && PAUSE_WORDS.test(value)) return true;
	}
	const steps = Array.isArray(record.steps) ? (record.steps as unknown[]) : [];
	return steps.some((step) => {
		if (!step || typeof step !== 'object') return false;
		const status = (step as IDataObject).status ?? (step as IDataObject).state;
		return typeof status === 'string' && /paus|awaiting|waiting/i.test(status);
	});
}

/** Whether the run went through a review step (kind `review`, started): it was paused for a reviewer then. */
export function passedReviewStep(record: IDataObject): boolean {
	const steps = Array.isArray(record.steps) ? (record.steps as unknown[]) : [];
	return steps.some((step) => {
		if (!step || typeof step !== 'object') return false;
		const { kind, type, status, startedAt } = step as IDataObject;
		const isReview = [kind, type].some(
			(value) => typeof value === 'string' && /review|approv/i.test(value),
		);
		const reached =
			(typeof status === 'string' && !/pending|skipped|not.?started/i.test(status)) ||
			typeof startedAt === 'string';
		return isReview && reached;
	});
}

/** The run's error block or message, for the output of a failed run (field names are not in the contract). */
export function runErrorOf(record: IDataObject): string | undefined {
	const error = record.error ?? record.failure ?? record.failureReason;
	if (typeof error === 'string') return error;
	if (error && typeof error === 'object') {
		const block = error as IDataObject;
		const parts = [block.message, block.code].filter((part) => typeof part === 'string' && part);
		if (parts.length) return parts.join(' ');
	}
	return undefined;
}
