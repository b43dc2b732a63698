/**
 * Admin hooks of the runs module, programmatic (`runAdmin(sim)`) and over HTTP under /__admin.
 * They stand for what happens outside the API: a reviewer approving in the workspace, a run
 * stalling in the service, history that already exists, uploads that already finished.
 */
import { AdminError } from '../admin';
import type { AdminContext } from '../admin-http';
import { addInputDocument, type InputDocumentStatus } from '../input-documents';
import type { Simulator } from '../simulator';
import { toRunRecord } from './projection';
import { seedRuns, type SeedRunSpec } from './seed';
import { runsOf } from './store';
import { approveReview, stallRun } from './transitions';
import {
	isTerminal,
	RUN_STATUSES,
	type RunCondition,
	type RunRecord,
	type RunState,
	type RunStatus,
} from './types';

/** A run as the admin sees it: the public record plus who started it and whether it is played. */
export type RunAdminView = RunRecord & {
	keyId: string | null;
	workspaceId: string;
	cancelRequested: boolean;
	played: boolean;
};

export interface SeedInputDocumentInput {
	keyId: string;
	filename: string;
	contentType: string;
	/** The bytes, or a base64 string (HTTP). */
	data: string | Buffer;
	/** Default 'ready'. */
	status?: InputDocumentStatus;
	processingError?: string;
	pageCount?: number | null;
}

export interface RunAdmin {
	/** The reviewer approves in the workspace: a paused run resumes (404 unknown, 409 not paused). */
	approve(runId: string): RunAdminView;
	/** Freezes a queued or running run in condition `stalled` (a cancel then marks it Cancelled directly). */
	stall(runId: string): RunAdminView;
	/** Overwrites a rendered file's `downloadPath` (any string, e.g. a URL on another origin). */
	setDownloadPath(runId: string, stepId: string, downloadPath: string): RunAdminView;
	/**
	 * Overwrites a rendered file's name (any string: `../../etc/passwd`, control characters, 400 characters). The
	 * record's `filename` and the download's Content-Disposition then carry it, as a careless service would.
	 */
	setFileName(runId: string, stepId: string, filename: string): RunAdminView;
	/**
	 * Puts a run that is not played (a seeded one) in a status and condition, at the simulator's "now": a final
	 * status sets `completedAt`. For model-based tests, which script every change of every run themselves.
	 */
	forceState(runId: string, status: RunStatus, condition?: RunCondition | null): RunAdminView;
	/** Creates runs directly (API-initiated by `keyId`), not played; returns their ids. */
	seedRuns(specs: SeedRunSpec[]): string[];
	/** Adds an input document to the store as if uploaded by `keyId` (default status ready). */
	seedInputDocument(input: SeedInputDocumentInput): {
		documentId: string;
		documentVersionId: string;
	};
	/** Every run, fixtures included, most recently created last. */
	runs(): RunAdminView[];
	/** One run, or undefined. */
	run(runId: string): RunAdminView | undefined;
}

function adminView(sim: Simulator, run: RunState): RunAdminView {
	return {
		...toRunRecord(run, sim.clock.now(), sim.options.statusNames),
		keyId: run.keyId,
		workspaceId: run.workspaceId,
		cancelRequested: run.cancelRequested,
		played: run.played,
	};
}

const INPUT_DOCUMENT_STATUSES: InputDocumentStatus[] = ['processing', 'ready', 'failed'];

export function runAdmin(sim: Simulator): RunAdmin {
	// Always the current state: a reset replaces it, so nothing here may be cached.
	const store = () => runsOf(sim);
	const view = (run: RunState) => adminView(sim, run);
	/** The run and the file its step rendered, for the hooks that bend that file's link or name. */
	const renderedFileOf = (runId: string, stepId: string) => {
		const run = store().runs.get(runId);
		if (!run) throw new AdminError(`Unknown run ${runId}`, 404);
		const step = run.steps.find((candidate) => candidate.stepId === stepId);
		if (!step?.artifact)
			throw new AdminError(`Step ${stepId} of run ${runId} has no rendered file`, 404);
		return { run, file: step.artifact };
	};
	return {
		approve: (runId) => view(approveReview(store(), runId)),
		stall: (runId) => view(stallRun(store(), runId)),
		setDownloadPath(runId, stepId, downloadPath) {
			const { run, file } = renderedFileOf(runId, stepId);
			if (typeof downloadPath !== 'string' || downloadPath === '')
				throw new AdminError('downloadPath must be a non-empty string');
			file.downloadPath = downloadPath;
			return view(run);
		},
		setFileName(runId, stepId, filename) {
			const { run, file } = renderedFileOf(runId, stepId);
			if (typeof filename !== 'string') throw new AdminError('filename must be a string');
			file.filename = filename;
			return view(run);
		},
		forceState(runId, status, condition = null) {
			const run = store().runs.get(runId);
			if (!run) throw new AdminError(`Unknown run ${runId}`, 404);
			if (run.played)
				throw new AdminError(
					`Run ${runId} is played by the engine; only seeded runs can be forced`,
					409,
				);
			if (!RUN_STATUSES.includes(status))
				throw new AdminError(`status must be one of ${RUN_STATUSES.join(', ')}`);
			if (isTerminal(run.status))
				throw new AdminError(`Run ${runId} is already ${run.status}`, 409);
			const now = sim.clock.nowIso();
			run.status = status;
			run.condition = isTerminal(status) ? null : condition;
			run.updatedAt = now;
			if (isTerminal(status)) run.completedAt = now;
			return view(run);
		},
		seedRuns: (specs) => seedRuns(store(), sim.state, specs),
		seedInputDocument(input) {
			const state = sim.state;
			const key = state.keys.get(input.keyId);
			if (!key) throw new AdminError(`Unknown key ${input.keyId}`, 404);
			const workspaceId = state.users.get(key.userId)?.workspaceId;
			if (!workspaceId) throw new AdminError(`Key ${input.keyId} has no workspace`);
			if (typeof input.filename !== 'string' || input.filename === '')
				throw new AdminError('filename must be a non-empty string');
			if (typeof input.contentType !== 'string' || input.contentType === '')
				throw new AdminError('contentType must be a non-empty string');
			if (typeof input.data !== 'string' && !Buffer.isBuffer(input.data))
				throw new AdminError('data must be a base64 string or a Buffer');
			const status = input.status ?? 'ready';
			if (!INPUT_DOCUMENT_STATUSES.includes(status))
				throw new AdminError(`status must be one of ${INPUT_DOCUMENT_STATUSES.join(', ')}`);
			const record = addInputDocument(state, {
				workspaceId,
				keyId: key.keyId,
				filename: input.filename,
				contentType: input.contentType,
				bytes: Buffer.isBuffer(input.data)
					? Buffer.from(input.data)
					: Buffer.from(input.data, 'base64'),
				createdAt: sim.clock.nowIso(),
				status,
				processingError: input.processingError ?? null,
				pageCount: input.pageCount ?? null,
			});
			return { documentId: record.documentId, documentVersionId: record.documentVersionId };
		},
		runs: () => [...store().runs.values()].map(view),
		run(runId) {
			const run = store().runs.get(runId);
			return run ? view(run) : undefined;
		},
	};
}

export function registerRunAdminRoutes(sim: Simulator): void {
	const admin = runAdmin(sim);
	const body = (ctx: AdminContext) => ctx.body();
	sim.adminRoute({ method: 'GET', path: '/runs', handler: () => admin.runs() });
	sim.adminRoute({
		method: 'POST',
		path: '/runs/seed',
		status: 201,
		handler: async (ctx) => {
			const payload = await body(ctx);
			return { runIds: admin.seedRuns(payload.runs as SeedRunSpec[]) };
		},
	});
	sim.adminRoute({
		method: 'POST',
		path: '/runs/:runId/approve',
		handler: (ctx) => admin.approve(ctx.params.runId),
	});
	sim.adminRoute({
		method: 'POST',
		path: '/runs/:runId/stall',
		handler: (ctx) => admin.stall(ctx.params.runId),
	});
	sim.adminRoute({
		method: 'PUT',
		path: '/runs/:runId/steps/:stepId/download-path',
		handler: async (ctx) =>
			admin.setDownloadPath(
				ctx.params.runId,
				ctx.params.stepId,
				(await body(ctx)).downloadPath as string,
			),
	});
	sim.adminRoute({
		method: 'PUT',
		path: '/runs/:runId/steps/:stepId/filename',
		handler: async (ctx) =>
			admin.setFileName(ctx.params.runId, ctx.params.stepId, (await body(ctx)).filename as string),
	});
	sim.adminRoute({
		method: 'POST',
		path: '/input-documents',
		status: 201,
		handler: async (ctx) =>
			admin.seedInputDocument((await body(ctx)) as unknown as SeedInputDocumentInput),
	});
}
