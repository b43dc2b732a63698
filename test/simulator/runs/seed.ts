/**
 * Runs that exist without being played: the person-started fixture runs (never visible to any
 * key: What the service does 7) and the runs an admin seeds for list, trigger and benchmark tests.
 *
 * Their steps are settled at once to match their status. Rendered files of seeded runs are built
 * on first read (`ensureRenderedFiles`), so seeding thousands of runs stays instant.
 */
import { AdminError } from '../admin';
import type { SimulatorState } from '../state';
import { FIXTURE_IDS } from '../fixtures';
import { activeVersion } from '../workflow-visibility';
import { createRun } from './create';
import { QUEUE_MS, summariseInput } from './engine';
import { countWords, downloadPathOf } from './projection';
import { CONTENT_TYPES, renderContentOf, renderFile } from './render';
import type { RunsStore } from './store';
import { RUN_STATUSES, type RunInitiator, type RunState, type RunStatus } from './types';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Person-started runs of ws_acme (initiator usr_alice in the app). Invisible to every key. */
export const PERSON_RUN_IDS = {
	summaryRecent: 'run_app_summary_recent',
	ndaRecent: 'run_app_nda_recent',
	summaryFailed: 'run_app_summary_failed',
	ndaCancelled: 'run_app_nda_cancelled',
} as const;

export function seedPersonRuns(store: RunsStore, state: SimulatorState): void {
	const now = store.sim.clock.now();
	const alice: RunInitiator = { type: 'user', userId: FIXTURE_IDS.users.alice };
	const summary = 'Summarise the attached supply agreement.';
	const nda = { counterparty: 'Initech', effective_date: '2026-01-05' };
	const specs: [string, string, RunStatus, number, unknown][] = [
		// Very recent: a key's list taken "now" would show them first if they leaked.
		[
			PERSON_RUN_IDS.summaryRecent,
			FIXTURE_IDS.workflows.agentSummary,
			'Completed',
			now - 2 * MINUTE_MS,
			summary,
		],
		[PERSON_RUN_IDS.ndaRecent, FIXTURE_IDS.workflows.inputNda, 'Completed', now - MINUTE_MS, nda],
		[
			PERSON_RUN_IDS.summaryFailed,
			FIXTURE_IDS.workflows.agentSummary,
			'Failed',
			now - 3 * DAY_MS,
			summary,
		],
		[
			PERSON_RUN_IDS.ndaCancelled,
			FIXTURE_IDS.workflows.inputNda,
			'Cancelled',
			now - 10 * DAY_MS,
			nda,
		],
	];
	for (const [runId, workflowId, status, startedMs, input] of specs) {
		const workflow = state.workflows.get(workflowId);
		const version = workflow && activeVersion(workflow);
		if (!workflow || !version) continue;
		const run = createRun(store, {
			runId,
			workspaceId: workflow.workspaceId,
			workflow,
			version,
			keyId: null,
			initiator: alice,
			input,
			startedAt: new Date(startedMs).toISOString(),
			played: false,
		});
		settleRun(run, status, startedMs, null);
	}
}

// ---- Admin seeding -----------------------------------------------------------------------------

export interface SeedRunSpec {
	workflowId: string;
	/** The starting key (API-initiated by that key, its user and tenant). */
	keyId: string;
	/** Completed, Failed, Cancelled, Running (frozen in its first step) or Pending (frozen in the queue). */
	status: RunStatus;
	startedAt: string;
	/** Default: startedAt plus the queue and every step duration. */
	completedAt?: string;
	/** How many runs (default 1); each next one starts `spacingMs` earlier (default one minute). */
	count?: number;
	spacingMs?: number;
	/** Default: a short text (agent entry) or {} (input entry). */
	input?: unknown;
}

function parseTime(value: unknown, name: string): number {
	const ms = typeof value === 'string' ? Date.parse(value) : NaN;
	if (Number.isNaN(ms)) throw new AdminError(`${name} must be an ISO date-time`);
	return ms;
}

export function seedRuns(store: RunsStore, state: SimulatorState, specs: SeedRunSpec[]): string[] {
	if (!Array.isArray(specs))
		throw new AdminError(
			'seedRuns takes an array of { workflowId, keyId, status, startedAt, completedAt?, count? }',
		);
	const ids: string[] = [];
	for (const spec of specs) {
		const key = state.keys.get(spec.keyId);
		if (!key) throw new AdminError(`Unknown key ${spec.keyId}`, 404);
		const workspaceId = state.users.get(key.userId)?.workspaceId;
		if (!workspaceId) throw new AdminError(`Key ${spec.keyId} has no workspace`);
		const workflow = state.workflows.get(spec.workflowId);
		const version =
			workflow && workflow.workspaceId === workspaceId ? activeVersion(workflow) : undefined;
		if (!workflow || !version)
			throw new AdminError(
				`Workflow ${spec.workflowId} has no active version in ${workspaceId}`,
				404,
			);
		if (!RUN_STATUSES.includes(spec.status))
			throw new AdminError(`status must be one of ${RUN_STATUSES.join(', ')}`);
		const count = spec.count ?? 1;
		if (!(Number.isInteger(count) && count >= 1))
			throw new AdminError('count must be an integer >= 1');
		const spacingMs = spec.spacingMs ?? MINUTE_MS;
		if (!(Number.isFinite(spacingMs) && spacingMs >= 0))
			throw new AdminError('spacingMs must be a number >= 0');
		const startedMs = parseTime(spec.startedAt, 'startedAt');
		const completedMs =
			spec.completedAt === undefined ? null : parseTime(spec.completedAt, 'completedAt');
		if (completedMs !== null && completedMs < startedMs)
			throw new AdminError('completedAt must not be before startedAt');
		const agentEntry = version.steps[0]?.kind === 'agent';
		const input = spec.input ?? (agentEntry ? 'Seeded run.' : {});

		for (let i = 0; i < count; i++) {
			const shift = i * spacingMs;
			const run = createRun(store, {
				runId: state.ids.next('run'),
				workspaceId,
				workflow,
				version,
				keyId: key.keyId,
				initiator: { type: 'api', userId: key.userId, keyPrefix: key.prefix },
				input: structuredClone(input),
				startedAt: new Date(startedMs - shift).toISOString(),
				played: false,
			});
			settleRun(
				run,
				spec.status,
				startedMs - shift,
				completedMs === null ? null : completedMs - shift,
			);
			ids.push(run.runId);
		}
	}
	return ids;
}

// ---- Settling a run in a given status without playing it ----------------------------------------

/** Sets steps, outputs, tokens and timestamps as if the run had been played up to `status`. */
function settleRun(
	run: RunState,
	status: RunStatus,
	startedMs: number,
	completedMs: number | null,
): void {
	const iso = (ms: number): string => new Date(ms).toISOString();
	const steps = run.steps;
	run.status = status;
	run.condition = status === 'Pending' ? 'queued' : null;
	if (status === 'Pending') return;

	const runningMs = startedMs + QUEUE_MS;
	const naturalMs = steps.reduce((sum, step) => sum + step.definition.simulate.durationMs, 0);
	const endMs = status === 'Running' ? null : (completedMs ?? runningMs + naturalMs);
	run.runningAt = iso(runningMs);
	run.completedAt = endMs === null ? null : iso(endMs);
	run.updatedAt = iso(endMs ?? runningMs);

	// How far the run got: every step for Completed, up to the failing or cancelled one otherwise.
	const failIndex = steps.findIndex((step) => step.definition.simulate.fail);
	const stopAt: Record<RunStatus, number> = {
		Pending: 0,
		Running: 0,
		Completed: steps.length,
		Failed: failIndex >= 0 ? failIndex : steps.length - 1,
		Cancelled: Math.min(1, steps.length - 1),
	};
	const last = stopAt[status];
	const sliceMs = Math.max(
		1,
		((endMs ?? runningMs + naturalMs) - runningMs) / Math.max(1, steps.length),
	);

	steps.forEach((step, index) => {
		if (index > last) return;
		step.startedAt = iso(runningMs + index * sliceMs);
		if (step.kind === 'agent') {
			run.tokens.input += countWords(
				typeof run.input === 'string' ? run.input : JSON.stringify(run.input),
			);
			step.output = step.definition.simulate.deltas.join('') || null;
			run.tokens.output += countWords(step.output ?? '');
		}
		if (index === last && status === 'Running') {
			step.status = 'running';
			step.output = null;
			run.tokens.output = 0;
			return;
		}
		step.completedAt = iso(runningMs + (index + 1) * sliceMs);
		if (index === last && status === 'Cancelled') {
			step.status = 'cancelled';
			return;
		}
		if (index === last && status === 'Failed') {
			const failure = step.definition.simulate.fail ?? {
				code: 'step_failed',
				message: `${step.name} failed.`,
			};
			step.status = 'failed';
			step.error = { ...failure };
			run.error = { ...failure, stepId: step.stepId };
			return;
		}
		step.status = 'completed';
		if (step.kind === 'input') step.output = summariseInput(run);
		if (step.kind === 'review') step.output = 'Approved by a reviewer in the workspace.';
		if (step.kind === 'render') {
			const render = step.definition.render ?? { format: 'pdf', filename: `${step.stepId}.pdf` };
			step.artifact = {
				format: render.format,
				filename: render.filename,
				contentType: CONTENT_TYPES[render.format],
				bytes: null,
				downloadPath: downloadPathOf(run.runId, step.stepId),
			};
		}
	});
}

/** Renders the files a settled run still owes (first read of a seeded run). */
export async function ensureRenderedFiles(run: RunState): Promise<void> {
	for (const step of run.steps) {
		const file = step.artifact;
		if (file && file.bytes === null) {
			file.bytes = await renderFile(file.format, renderContentOf(run));
			step.output = `Rendered ${file.filename} (${file.bytes.length} bytes).`;
		}
	}
}
