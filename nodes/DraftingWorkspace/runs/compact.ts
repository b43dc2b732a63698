import type { IDataObject } from 'n8n-workflow';

import type { FileShape } from '../../shared/runs/files';
import {
	isPausedForReview,
	isTerminal,
	runErrorOf,
	runIdOf,
	statusOf,
	workflowIdOf,
} from '../../shared/runs/record';
import { resultTextOf } from './resultText';

/**
 * The compact answer about a run (Simplify): what an AI agent, or a person reading the output, needs to act on,
 * without the steps, timings and outputs of the full record. Pure: the files come described by the caller
 * (files.api.ts, their links resolved).
 */

export interface CompactRun {
	runId?: string;
	workflowId?: string;
	workflowName?: string;
	status?: string;
	/** Completed, Failed or Cancelled: nothing more will happen. */
	finished: boolean;
	/** Waiting at a review step for a person to approve it in the workspace. */
	pausedForReview: boolean;
	/** The run's result as text (resultText.ts), null when it has none (yet). */
	output: string | null;
	/** The run's files in the one file shape (files.ts). */
	files: FileShape[];
	/** Why the run failed or was cancelled, when the service says. */
	reason?: string;
	/** What the reader can do next, in one or two sentences. */
	note?: string;
}

/** What the wait saw (Wait For Run, Start with Wait for Completion). */
export interface WaitSummary {
	outcome: 'finished' | 'paused' | 'timedOut';
	pausedForReview: boolean;
	waitedSeconds: number;
	/** The wait stopped at the tool's wait limit, not at the run's end. */
	limitedAsTool?: boolean;
}

export interface CompactRunInput {
	record: IDataObject;
	/** The run's files in the one file shape, downloaded or not. */
	files: FileShape[];
	wait?: WaitSummary;
	/** Known from the request when the record lacks it (the start answer has no workflowId). */
	workflowId?: string;
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value ? value : undefined;
}

/** Why a run failed or was cancelled, when it says: its own error or cancel reason, else its failing step's error. */
export function endReasonOf(record: IDataObject, status = statusOf(record)): string | undefined {
	if (status !== 'Failed' && status !== 'Cancelled') return undefined;
	const own = runErrorOf(record) ?? text(record.cancelReason) ?? text(record.cancellationReason);
	if (own) return own;
	const steps = Array.isArray(record.steps) ? (record.steps as unknown[]) : [];
	for (const step of steps) {
		if (step && typeof step === 'object') {
			const reason = runErrorOf(step as IDataObject);
			if (reason) return reason;
		}
	}
	return undefined;
}

function noteOf(run: CompactRun, wait: WaitSummary | undefined): string | undefined {
	if (run.finished)
		return run.status === 'Completed' && !run.files.length
			? 'The run completed without rendered files.'
			: undefined;
	const parts: string[] = [];
	if (run.pausedForReview)
		parts.push(
			'The run is paused at a review step: a person must approve it in the workspace (approvals cannot be given through the API).',
		);
	if (wait?.outcome === 'timedOut')
		parts.push(
			`It has not finished after ${Math.round(wait.waitedSeconds)} s${wait.limitedAsTool ? " (this tool's wait limit)" : ''}; its status is ${run.status ?? 'not known'}.`,
		);
	else if (!run.pausedForReview) parts.push('The run has started and is not finished yet.');
	parts.push(
		`It goes on in the service: do not start it again. To follow it, call Wait For Run (or Get) later with run ID ${run.runId ?? 'above'}.`,
	);
	return parts.join(' ');
}

/** The compact answer about one run, from its record (or the start answer) and what the wait saw. */
export function compactRun(input: CompactRunInput): CompactRun {
	const { record } = input;
	const status = statusOf(record);
	const workflow =
		record.workflow && typeof record.workflow === 'object' ? (record.workflow as IDataObject) : {};
	const run: CompactRun = {
		runId: runIdOf(record),
		workflowId: workflowIdOf(record) ?? input.workflowId,
		workflowName: text(record.workflowName) ?? text(workflow.name),
		status,
		finished: isTerminal(status),
		pausedForReview:
			!isTerminal(status) && (isPausedForReview(record) || input.wait?.outcome === 'paused'),
		output: resultTextOf(record),
		files: input.files,
	};
	const reason =
		endReasonOf(record, status) ?? (status === 'Cancelled' ? 'The run was cancelled' : undefined);
	if (reason) run.reason = reason;
	const note = noteOf(run, input.wait);
	if (note) run.note = note;
	for (const key of ['runId', 'workflowId', 'workflowName', 'status'] as const)
		if (run[key] === undefined) delete run[key];
	return run;
}
