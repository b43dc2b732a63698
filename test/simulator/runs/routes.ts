/**
 * The run routes (contract, Endpoints): start, list, read, cancel, follow (SSE) and the two
 * downloads. Every refusal here comes after the pipeline's auth, lock, rate, scope and feature checks.
 */
import { knowledgeBaseFor, markInputDocumentUsed } from '../input-documents';
import { HttpError, sendJson } from '../responses';
import type { RouteContext } from '../route-context';
import type { Simulator } from '../simulator';
import { requireAllowedWorkflow } from '../workflow-visibility';
import { createRun } from './create';
import { downloadRunFile, downloadRunInputDocument } from './downloads';
import { startEngine } from './engine';
import { byMostRecent, matchesFilters, parseRunListQuery, RUN_LIST_LIMIT } from './list-query';
import { toRunListItem, toRunRecord } from './projection';
import { ensureRenderedFiles } from './seed';
import { EventStream } from './sse';
import { checkStartInput } from './start-input';
import { runsOf } from './store';
import { cancelRun } from './transitions';
import { isTerminal } from './types';
import { isRunVisible, requireVisibleRun } from './visibility';

const START_BODY_LIMIT = 1024 * 1024;

export function registerRunHandlers(sim: Simulator): void {
	sim.routeOperation('startRun', startRun);
	sim.routeOperation('listRuns', listRuns);
	sim.routeOperation('getRun', getRun);
	sim.routeOperation('cancelRun', cancel);
	sim.routeOperation('streamRunEvents', streamEvents);
	sim.routeOperation('downloadRunFile', downloadRunFile);
	sim.routeOperation('downloadRunInputDocument', downloadRunInputDocument);
}

async function startRun(ctx: RouteContext): Promise<void> {
	const body = await ctx.readJson(START_BODY_LIMIT);
	const fields =
		body !== null && typeof body === 'object' && !Array.isArray(body)
			? (body as Record<string, unknown>)
			: {};
	const workflowId = fields.workflowId;
	if (typeof workflowId !== 'string' || workflowId === '') {
		throw new HttpError(
			400,
			'invalid_request',
			'workflowId is required: the id of a workflow from GET /workflows.',
			{
				details: [
					{
						field: 'workflowId',
						message: 'is required and must be a string (an id from the workflow list)',
					},
				],
			},
		);
	}
	// 404 when invisible, 403 workflow_not_in_allowlist (Endpoints: "the workflow must be on the key's allowlist").
	const { workflow, version } = requireAllowedWorkflow(ctx.state, ctx.auth, workflowId);
	const input = fields.input;
	const workspaceId = ctx.auth.workspace.id;
	const documents = checkStartInput(
		ctx.state,
		workspaceId,
		version.steps[0].kind,
		version.inputSchema,
		input,
	);
	// The latency profile's POST time, on accepted starts only; the run is created (and starts playing) after it.
	await ctx.sim.latency.spend('runStartMs');

	const store = runsOf(ctx.sim, ctx.state);
	const { key, user } = ctx.auth;
	const run = createRun(store, {
		runId: ctx.state.ids.next('run'),
		workspaceId,
		workflow,
		version,
		keyId: key.keyId,
		initiator: { type: 'api', userId: user.id, keyPrefix: key.prefix },
		input: structuredClone(input),
		startedAt: ctx.sim.clock.nowIso(),
		inputDocuments: documents.map(({ field, record }) => ({
			field,
			documentId: record.documentId,
			documentVersionId: record.documentVersionId,
			filename: record.filename,
		})),
		knowledgeBaseCoverage: knowledgeBaseFor(ctx.state, workspaceId, workflow.id).map(
			({ documentId, documentVersionId, filename }) => ({
				documentId,
				documentVersionId,
				filename,
			}),
		),
		played: true,
	});
	for (const { record } of documents) markInputDocumentUsed(record, run.runId);
	ctx.state.counters.increment('runsStarted', key.keyId);
	ctx.log.note = { runId: run.runId };
	// Start-run response (202): "202 returned immediately"; the engine plays the run afterwards.
	sendJson(ctx.res, 202, { runId: run.runId, status: run.status, startedAt: run.startedAt });
	startEngine(store, run);
}

function listRuns(ctx: RouteContext): void {
	const names = ctx.sim.options.statusNames;
	const filters = parseRunListQuery(ctx.query, names);
	const runs = [...runsOf(ctx.sim, ctx.state).runs.values()]
		.filter((run) => isRunVisible(run, ctx.auth) && matchesFilters(run, filters, names))
		.sort(byMostRecent)
		.slice(0, RUN_LIST_LIMIT);
	sendJson(
		ctx.res,
		200,
		runs.map((run) => toRunListItem(run, names)),
	);
}

async function getRun(ctx: RouteContext): Promise<void> {
	const run = requireVisibleRun(runsOf(ctx.sim, ctx.state), ctx.auth, ctx.params.runId);
	await ensureRenderedFiles(run);
	sendJson(ctx.res, 200, toRunRecord(run, ctx.sim.clock.now(), ctx.sim.options.statusNames));
}

function cancel(ctx: RouteContext): void {
	const store = runsOf(ctx.sim, ctx.state);
	const run = requireVisibleRun(store, ctx.auth, ctx.params.runId);
	// What the service does 7: "A key cancels only runs started with that same key."
	if (run.keyId !== ctx.auth.key.keyId) {
		throw new HttpError(
			403,
			'cancel_not_allowed',
			'This run was started with another API key; only that key can cancel it.',
		);
	}
	if (isTerminal(run.status)) {
		sendJson(ctx.res, 200, { runId: run.runId, status: run.status, alreadyTerminal: true });
		return;
	}
	cancelRun(store, run);
	sendJson(ctx.res, 200, { runId: run.runId, requested: true });
}

function streamEvents(ctx: RouteContext): void {
	const store = runsOf(ctx.sim, ctx.state);
	const run = requireVisibleRun(store, ctx.auth, ctx.params.runId);
	if (isTerminal(run.status)) {
		throw new HttpError(
			409,
			'run_terminal',
			`Run ${run.runId} has already finished (${run.status}); read the run record instead.`,
		);
	}
	const options = ctx.sim.options;
	const drop = ctx.sim.faults.take(ctx, 'drop-stream');
	const frameDelay = ctx.sim.faults.take(ctx, 'frame-delay');
	if (drop) ctx.log.faults.push(`${drop.id}:drop-stream after ${drop.afterFrames} frames`);
	if (frameDelay) ctx.log.faults.push(`${frameDelay.id}:frame-delay ${frameDelay.ms}ms`);

	const stream: EventStream = new EventStream(
		ctx.res,
		{
			lineEnding: options.sseLineEnding,
			heartbeatMs: options.sseHeartbeatMs,
			timers: ctx.sim.timers,
			frameDelayMs: frameDelay?.ms,
			dropAfterFrames: drop?.afterFrames,
		},
		() => store.detachStream(run.runId, stream),
	);
	// Attach before writing anything: no event of the run can fall between the check and the stream.
	store.attachStream(run.runId, stream);
	stream.open();
	stream.send('connected', { runId: run.runId, status: run.status });
	ctx.state.counters.increment('eventStreamsOpened', ctx.auth.key.keyId);
}
