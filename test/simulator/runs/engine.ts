/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The run engine: plays a started run on real timers, every duration multiplied by the
 * simulator's `runTimeScale` (or stretched to the latency profile's target run duration).
 *
 *   Pending (condition queued) for 50 ms, then Running; then each step in order:
 *   agent  - StepStarted, its `simulate.deltas` as StepProgress spread over durationMs, StepCompleted
 *            (or, with `simulate.fail`, StepCompleted status failed and the run Failed);
 *   input  - completes after its duration with a short summary of the input as output;
 *   render - builds the real PDF or DOCX and attaches it as the step's rendered file;
 *   review - waits, paused, until the admin approve hook (the reviewer in the workspace).
 *
 * Every wait goes through the run's controller and returns false once the run was cancelled,
 * reset or stopped; the engine then returns without touching the run again.
 */
import type { RunController } from './controller';
import { countWords, downloadPathOf } from './projection';
import { CONTENT_TYPES, renderContentOf, renderFile } from './render';
import type { RunsStore } from './store';
import {
	completeRun,
	completeStep,
	failStep,
	markRunning,
	pauseForReview,
	progressStep,
	startStep,
} from './transitions';
import type { RunState, RunStepState } from './types';

/** Time in the queue before a run starts running. */
export const QUEUE_MS = 50;

export function startEngine(store: RunsStore, run: RunState): void {
	const controller = store.createController(run.runId);
	playRun(store, run, controller).catch((error: unknown) => {
		// A simulator bug: loud in the test output, and the run fails instead of hanging forever.
		console.error(`[simulator] run engine failed on ${run.runId}:`, error);
		const step =
			run.steps.find((candidate) => candidate.status === 'running') ??
			run.steps[run.steps.length - 1];
		if (!controller.aborted && step)
			failStep(store, run, step, {
				code: 'internal_error',
				message: 'The simulator failed while playing this run.',
			});
	});
}

/**
 * The run's time scale: runTimeScale, or, when the latency profile sets a target run duration, the scale that
 * stretches this run's queue time and step durations to it (review waits are the reviewer's, not counted).
 */
function scaleOf(store: RunsStore, run: RunState): number {
	const targetMs = store.sim.latency.profile.runDurationMs;
	if (targetMs === null) return store.sim.options.runTimeScale;
	const nominalMs = run.steps.reduce(
		(sum, step) => sum + step.definition.simulate.durationMs,
		QUEUE_MS,
	);
	return targetMs / nominalMs;
}

async function playRun(store: RunsStore, run: RunState, controller: RunController): Promise<void> {
	const scale = scaleOf(store, run);
	if (!(await controller.wait(QUEUE_MS * scale))) return;
	markRunning(store, run);
	for (const step of run.steps) {
		// Checkpoint between steps: a stalled run freezes here too.
		if (!(await controller.wait(0))) return;
		startStep(store, run, step);
		if (!(await playStep(store, run, step, controller, scale))) return;
	}
	completeRun(store, run);
}

/** Returns false when the run ended (failed, cancelled, reset) during the step. */
async function playStep(
	store: RunsStore,
	run: RunState,
	step: RunStepState,
	controller: RunController,
	scale: number,
): Promise<boolean> {
	const simulate = step.definition.simulate;
	const durationMs = simulate.durationMs * scale;
	switch (step.kind) {
		case 'agent': {
			run.tokens.input += countWords(
				typeof run.input === 'string' ? run.input : JSON.stringify(run.input),
			);
			const deltas = simulate.deltas;
			if (deltas.length === 0 && !(await controller.wait(durationMs))) return false;
			for (const delta of deltas) {
				if (!(await controller.wait(durationMs / deltas.length))) return false;
				progressStep(store, run, step, delta);
			}
			if (simulate.fail) {
				failStep(store, run, step, simulate.fail);
				return false;
			}
			break;
		}
		case 'input':
			if (!(await controller.wait(durationMs))) return false;
			step.output = summariseInput(run);
			break;
		case 'render': {
			if (!(await controller.wait(durationMs))) return false;
			const render = step.definition.render ?? { format: 'pdf', filename: `${step.stepId}.pdf` };
			const bytes = await renderFile(render.format, renderContentOf(run));
			// Rendering is real work on no timer: check that nobody cancelled or froze the run meanwhile.
			if (!(await controller.wait(0))) return false;
			step.artifact = {
				format: render.format,
				filename: render.filename,
				contentType: CONTENT_TYPES[render.format],
				bytes,
				downloadPath: downloadPathOf(run.runId, step.stepId),
			};
			step.output = `Rendered ${render.filename} (${bytes.length} bytes).`;
			break;
		}
		case 'review':
			pauseForReview(store, run, step);
			// approveReview (transitions.ts) completes the step and emits StepCompleted before waking us.
			return controller.waitForApproval();
	}
	completeStep(store, run, step);
	return true;
}

/** The output of an input step: which fields arrived, and how many documents. */
export function summariseInput(run: RunState): string {
	if (typeof run.input !== 'object' || run.input === null) return 'Input received.';
	const fields = Object.keys(run.input);
	const documents = run.inputDocuments.length;
	const attached =
		documents === 0 ? '' : `; ${documents} document${documents === 1 ? '' : 's'} attached`;
	return `Received ${fields.length} field${fields.length === 1 ? '' : 's'}: ${fields.join(', ')}${attached}.`;
}
