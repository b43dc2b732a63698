/**
 * Every change of a run's state, each with the event it emits (contract, States and transitions;
 * Events). The engine, the cancel route and the admin hooks all go through these functions, so a
 * run record and its event streams can never disagree.
 */
import { AdminError } from '../admin';
import { countWords } from './projection';
import type { RunsStore } from './store';
import { isTerminal, type RunState, type RunStepState } from './types';

/** How long a run in flight takes to notice a cancel call ("aborted mid-stream"). */
export const CANCEL_NOTICE_MS = 10;

export function markRunning(store: RunsStore, run: RunState): void {
	run.status = 'Running';
	run.condition = null;
	run.runningAt = store.nowIso();
	store.touch(run);
}

export function startStep(store: RunsStore, run: RunState, step: RunStepState): void {
	step.status = 'running';
	step.startedAt = store.nowIso();
	store.touch(run);
	store.emit(run.runId, 'StepStarted', {
		runId: run.runId,
		stepId: step.stepId,
		stepIndex: step.index,
	});
}

/** An agent step wrote a delta: output grows, output tokens count its words. */
export function progressStep(
	store: RunsStore,
	run: RunState,
	step: RunStepState,
	delta: string,
): void {
	step.output = (step.output ?? '') + delta;
	run.tokens.output += countWords(delta);
	store.touch(run);
	store.emit(run.runId, 'StepProgress', { runId: run.runId, stepId: step.stepId, delta });
}

export function completeStep(store: RunsStore, run: RunState, step: RunStepState): void {
	step.status = 'completed';
	step.completedAt = store.nowIso();
	store.touch(run);
	store.emit(run.runId, 'StepCompleted', {
		runId: run.runId,
		stepId: step.stepId,
		status: 'completed',
	});
}

/** The step fails; the run becomes Failed; the remaining steps stay pending. */
export function failStep(
	store: RunsStore,
	run: RunState,
	step: RunStepState,
	failure: { code: string; message: string },
): void {
	const now = store.nowIso();
	step.status = 'failed';
	step.completedAt = now;
	step.error = { code: failure.code, message: failure.message };
	store.emit(run.runId, 'StepCompleted', {
		runId: run.runId,
		stepId: step.stepId,
		status: 'failed',
	});
	run.status = 'Failed';
	run.condition = null;
	run.error = { code: failure.code, message: failure.message, stepId: step.stepId };
	run.completedAt = now;
	run.updatedAt = now;
	store.releaseController(run.runId);
	store.emitTerminal(run.runId, 'RunFailed', {
		runId: run.runId,
		status: 'Failed',
		error: { ...run.error },
		completedAt: now,
	});
}

export function completeRun(store: RunsStore, run: RunState): void {
	const now = store.nowIso();
	run.status = 'Completed';
	run.condition = null;
	run.completedAt = now;
	run.updatedAt = now;
	store.releaseController(run.runId);
	store.emitTerminal(run.runId, 'RunCompleted', {
		runId: run.runId,
		status: 'Completed',
		completedAt: now,
	});
}

/** A review step: the step awaits review, the run is paused (status stays Running) and emits nothing. */
export function pauseForReview(store: RunsStore, run: RunState, step: RunStepState): void {
	step.status = 'awaiting_review';
	run.condition = 'paused';
	store.touch(run);
}

/** Cancelled now: the current step is cancelled, later steps stay pending, RunCancelled closes the streams. */
function markCancelled(store: RunsStore, run: RunState): void {
	if (isTerminal(run.status)) return;
	const now = store.nowIso();
	store.releaseController(run.runId);
	for (const step of run.steps) {
		if (step.status === 'running' || step.status === 'awaiting_review') {
			step.status = 'cancelled';
			step.completedAt = now;
		}
	}
	run.status = 'Cancelled';
	run.condition = null;
	run.completedAt = now;
	run.updatedAt = now;
	store.emitTerminal(run.runId, 'RunCancelled', {
		runId: run.runId,
		status: 'Cancelled',
		completedAt: now,
	});
}

/**
 * Contract, States and transitions: a paused, queued or stalled run is "Cancelled (marked directly)";
 * a run in flight is "aborted mid-stream": the answer goes out first, the run follows shortly.
 * Returns whether the cancellation was immediate.
 */
export function cancelRun(store: RunsStore, run: RunState): 'direct' | 'requested' {
	if (run.status === 'Pending' || run.condition !== null) {
		markCancelled(store, run);
		return 'direct';
	}
	if (!run.cancelRequested) {
		run.cancelRequested = true;
		store.touch(run);
		store.schedule(() => markCancelled(store, run), CANCEL_NOTICE_MS);
	}
	return 'requested';
}

// ---- Admin-driven transitions (the reviewer in the workspace; an operator freezing a run) --------

function requireRun(store: RunsStore, runId: string): RunState {
	const run = store.runs.get(runId);
	if (!run) throw new AdminError(`Unknown run ${runId}`, 404);
	return run;
}

/** The reviewer approves in the workspace: the review step completes and the run goes on. */
export function approveReview(store: RunsStore, runId: string): RunState {
	const run = requireRun(store, runId);
	const step = run.steps.find((candidate) => candidate.status === 'awaiting_review');
	const controller = store.controllerOf(runId);
	if (run.condition !== 'paused' || !step || !controller) {
		throw new AdminError(
			`Run ${runId} is not paused at a review step (status ${run.status}, condition ${run.condition}).`,
			409,
		);
	}
	run.condition = null;
	step.output = 'Approved by a reviewer in the workspace.';
	completeStep(store, run, step);
	controller.approveReview();
	return run;
}

/** Freezes a queued or running run in condition `stalled`; only a cancel ends it. */
export function stallRun(store: RunsStore, runId: string): RunState {
	const run = requireRun(store, runId);
	if (isTerminal(run.status) || run.condition === 'paused' || run.condition === 'stalled') {
		throw new AdminError(
			`Run ${runId} cannot stall (status ${run.status}, condition ${run.condition}).`,
			409,
		);
	}
	run.condition = 'stalled';
	store.touch(run);
	store.controllerOf(runId)?.freeze();
	return run;
}
