/**
 * Public projections of a run. Fields are copied one by one (never spread), so the step
 * definitions with their simulation hints, the starting keyId and the file bytes never leak.
 */
import type { StatusNames } from '../simulator';
import type { RunListItem, RunRecord, RunState, RunStepState, RunStepView } from './types';

const CONDITION_STATUS = { queued: 'Queued', paused: 'Paused', stalled: 'Stalled' } as const;
export const CONDITION_STATUS_NAMES: readonly string[] = Object.values(CONDITION_STATUS);

/** The status a client sees: the run's own, or (statusNames 'conditions') its condition named as a status. */
export function shownStatus(run: RunState, names: StatusNames = 'contract'): string {
	return names === 'conditions' && run.condition ? CONDITION_STATUS[run.condition] : run.status;
}

/** Run record's downloadPath: a path that clients resolve against the base URL (Resources: Run record). */
export function downloadPathOf(runId: string, stepId: string): string {
	return `/workflows/runs/${encodeURIComponent(runId)}/files/${encodeURIComponent(stepId)}/download`;
}

function stepView(step: RunStepState): RunStepView {
	const view: RunStepView = {
		stepId: step.stepId,
		index: step.index,
		name: step.name,
		kind: step.kind,
		status: step.status,
		startedAt: step.startedAt,
		completedAt: step.completedAt,
		output: step.output,
	};
	if (step.error) view.error = { code: step.error.code, message: step.error.message };
	// Resources: "for successful kind: render steps, a renderedArtifact block".
	if (step.artifact && step.status === 'completed') {
		const file = step.artifact;
		view.renderedArtifact = {
			format: file.format,
			filename: file.filename,
			contentType: file.contentType,
			sizeBytes: file.bytes ? file.bytes.length : null,
			downloadPath: file.downloadPath,
		};
	}
	return view;
}

const elapsed = (from: string, to: string | number): number =>
	Math.max(0, (typeof to === 'number' ? to : Date.parse(to)) - Date.parse(from));

/** `nowMs`: the simulator clock, for the timings of a run still going. */
export function toRunRecord(
	run: RunState,
	nowMs: number,
	names: StatusNames = 'contract',
): RunRecord {
	const end = run.completedAt ?? nowMs;
	return {
		runId: run.runId,
		workflowId: run.workflowId,
		workflowName: run.workflowName,
		workflowVersionId: run.workflowVersionId,
		status: shownStatus(run, names),
		condition: run.condition,
		// keyPrefix is the display prefix (first 8 characters), never the key (Authentication 2).
		initiator:
			run.initiator.type === 'api'
				? { type: 'api', userId: run.initiator.userId, keyPrefix: run.initiator.keyPrefix }
				: { type: 'user', userId: run.initiator.userId },
		input: structuredClone(run.input),
		startedAt: run.startedAt,
		updatedAt: run.updatedAt,
		completedAt: run.completedAt,
		timings: {
			queuedMs: elapsed(run.startedAt, run.runningAt ?? end),
			runningMs: run.runningAt === null ? 0 : elapsed(run.runningAt, end),
			totalMs: elapsed(run.startedAt, end),
		},
		tokens: {
			input: run.tokens.input,
			output: run.tokens.output,
			total: run.tokens.input + run.tokens.output,
		},
		steps: run.steps.map(stepView),
		inputDocuments: run.inputDocuments.map(
			({ field, documentId, documentVersionId, filename }) => ({
				field,
				documentId,
				documentVersionId,
				filename,
			}),
		),
		knowledgeBaseCoverage: run.knowledgeBaseCoverage.map(
			({ documentId, documentVersionId, filename }) => ({
				documentId,
				documentVersionId,
				filename,
			}),
		),
		error: run.error
			? { code: run.error.code, message: run.error.message, stepId: run.error.stepId }
			: null,
	};
}

export function toRunListItem(run: RunState, names: StatusNames = 'contract'): RunListItem {
	return {
		id: run.runId,
		workflowId: run.workflowId,
		workflowName: run.workflowName,
		status: shownStatus(run, names),
		condition: run.condition,
		startedAt: run.startedAt,
		completedAt: run.completedAt,
	};
}

/** Whitespace-separated words: the simulator's token count (README, Runs). */
export function countWords(text: string): number {
	const trimmed = text.trim();
	return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}
