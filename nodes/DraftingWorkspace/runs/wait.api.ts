import { NodeOperationError, sleep } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { serviceCodeOf } from '../../shared/transport';
import { SseReader } from '../../shared/transport/sseReader.api';
import { ensureNodeError, settle } from '../../shared/common/errors';
import { parseJsonObject } from '../../shared/common/jsonObject';
import {
	isPausedForReview,
	isTerminal,
	passedReviewStep,
	statusOf,
} from '../../shared/runs/record';
import { ProgressRelay } from '../../shared/chat/relay.api';
import { getRun, openRunEvents } from '../../shared/client';

export type PauseBehaviour = 'keepWaiting' | 'return';
export type TimeoutBehaviour = 'error' | 'returnCurrent';

export interface WaitOptions {
	itemIndex: number;
	/** When the timeout starts counting (default: now); in a batch, the run's start, before its turn to be followed. */
	startedAt?: number;
	timeoutMs: number;
	/** How often the record is read while the stream is quiet (the safety check; it also spots a review pause). */
	checkIntervalMs: number;
	onPause: PauseBehaviour;
	onTimeout: TimeoutBehaviour;
	/**
	 * Read the record before opening the stream. For a run whose turn came late (it waited for a free slot in a
	 * batch): it has often ended by then, and one read settles it instead of a refused stream (409) and a read.
	 */
	readFirst?: boolean;
}

type WaitOutcome = 'finished' | 'paused' | 'timedOut';

export interface WaitResult {
	record: IDataObject;
	outcome: WaitOutcome;
	/** The run was seen waiting at a review step at some point. */
	pausedForReview: boolean;
	waitedMs: number;
	/** Event-stream connections opened (more than one: the stream dropped and was reopened). */
	streamConnections: number;
}

/** Reconnecting after a drop: at once the first time, then backing off while drops keep coming with no events. */
const RECONNECT_BACKOFF_MS = [0, 250, 500, 1000, 2000, 5000];
/** Idle socket timeout of the stream request: a silent dead connection is dropped and reopened after this. */
const STREAM_IDLE_TIMEOUT_MS = 120_000;
/** After a terminal event the record may lag a moment behind it; read it again this many times. */
const TERMINAL_RECORD_READS = 4;

const TERMINAL_EVENTS = new Set(['RunCompleted', 'RunFailed', 'RunCancelled']);

function isRunTerminalRefusal(error: unknown): boolean {
	return (
		serviceCodeOf(error) === 'run_terminal' ||
		String((error as { httpCode?: unknown }).httpCode ?? '') === '409'
	);
}

/**
 * Follows a run to its end: the event stream first (one request for the whole run), the record once at
 * the end. Drops are survived by reopening the stream; a 409 `run_terminal` means the run ended while the
 * stream was closed. When the stream has been quiet long enough (see `quietLimitMs`) the record is read: a guard against
 * a stream that stays open but dead, and (with On Pause = Return) how a review pause is noticed, since the
 * stream sends only heartbeats then. A run costs one stream and one read at its end, however long it is;
 * with `readFirst`, a run that has already ended costs that one read, and one still going one read more.
 */
export async function waitForRun(
	this: IExecuteFunctions,
	runId: string,
	options: WaitOptions,
): Promise<WaitResult> {
	const node = this.getNode();
	const startedAt = options.startedAt ?? Date.now();
	const deadline = startedAt + options.timeoutMs;
	const cancelSignal = this.getExecutionCancelSignal?.();
	const relay = new ProgressRelay(this, options.itemIndex);

	let pausedForReview = false;
	let pauseLogged = false;
	let streamConnections = 0;
	let quietDrops = 0;
	/** Last event or check: the record is read only after a whole check interval without either. */
	let quietSince = startedAt;
	// Return-on-pause reads after one interval without events (a pause sends only heartbeats). Keep Waiting
	// only guards against a dead stream: heartbeats count, and the silence allowed is four intervals (a
	// minute by default), well above the usual 15-30 s heartbeat, so a healthy stream is never read.
	const quietLimitMs =
		options.onPause === 'keepWaiting' ? 4 * options.checkIntervalMs : options.checkIntervalMs;

	const readRecord = async (): Promise<IDataObject> =>
		await getRun.call(this, runId, { itemIndex: options.itemIndex });
	const result = async (record: IDataObject, outcome: WaitOutcome): Promise<WaitResult> => {
		await relay.end();
		const paused = pausedForReview || passedReviewStep(record) || isPausedForReview(record);
		return {
			record,
			outcome,
			pausedForReview: paused,
			waitedMs: Date.now() - startedAt,
			streamConnections,
		};
	};
	const throwIfCancelled = () => {
		if (cancelSignal?.aborted)
			throw new NodeOperationError(
				node,
				`The execution was canceled while waiting for run ${runId}`,
				{ itemIndex: options.itemIndex },
			);
	};
	/** The record when a terminal event arrived: re-read briefly if the record lags behind the event. */
	const readFinishedRecord = async (): Promise<IDataObject | undefined> => {
		for (let attempt = 0; attempt < TERMINAL_RECORD_READS; attempt++) {
			if (attempt) await sleep(200 * attempt, cancelSignal);
			const record = await readRecord();
			if (isTerminal(statusOf(record))) return record;
		}
		return undefined;
	};
	const timedOut = async (): Promise<WaitResult> => {
		const record = await readRecord();
		if (isTerminal(statusOf(record))) return await result(record, 'finished');
		if (options.onTimeout === 'returnCurrent') return await result(record, 'timedOut');
		throw timeoutError(this, runId, record, options);
	};
	/** The periodic read: finished, paused (returned or noted), or still going. */
	const check = async (): Promise<WaitResult | undefined> => {
		quietSince = Date.now();
		const record = await readRecord();
		if (isTerminal(statusOf(record))) return await result(record, 'finished');
		if (isPausedForReview(record)) {
			pausedForReview = true;
			if (options.onPause === 'return') return await result(record, 'paused');
			if (!pauseLogged) {
				pauseLogged = true;
				this.logger.info(
					`Drafting Workspace: run ${runId} is paused at a review step; waiting for a reviewer to approve it in the workspace`,
				);
			}
		}
		return undefined;
	};

	if (options.readFirst && Date.now() < deadline) {
		throwIfCancelled();
		const done = await check();
		if (done) return done;
	}

	for (;;) {
		throwIfCancelled();
		if (Date.now() >= deadline) return await timedOut();

		const opened = await settle(
			openRunEvents.call(this, runId, STREAM_IDLE_TIMEOUT_MS, { itemIndex: options.itemIndex }),
		);
		if (!opened.ok) {
			throwIfCancelled();
			if (!isRunTerminalRefusal(opened.error))
				throw ensureNodeError(node, opened.error, options.itemIndex);
			// Contract, Events: the stream of a finished run is refused; the record has the outcome.
			return await result(await readRecord(), 'finished');
		}
		const reader = new SseReader(opened.value);
		let heartbeatsSeen = 0;
		streamConnections++;

		try {
			for (;;) {
				const until = Math.min(deadline, quietSince + quietLimitMs);
				const next = await reader.nextBefore(until, cancelSignal);
				throwIfCancelled();
				if (next.kind === 'end') break;
				if (next.kind === 'idle') {
					if (Date.now() >= deadline) return await timedOut();
					// Keep Waiting does not need to see a pause: heartbeats prove the stream alive, so a run that is
					// quiet (or paused) costs no reads. Return-on-pause must notice the pause, so only events count.
					if (options.onPause === 'keepWaiting' && reader.comments !== heartbeatsSeen) {
						heartbeatsSeen = reader.comments;
						quietSince = Date.now();
						continue;
					}
					if (Date.now() >= quietSince + quietLimitMs) {
						const done = await check();
						if (done) return done;
					}
					continue;
				}
				// The `connected` preamble is no progress: a stream cut right after it on every connection must
				// still back off, not reopen at once in a loop that spends the key's rate limit.
				if (next.event.event !== 'connected') quietDrops = 0;
				// Heartbeat comments never get here, so a review pause (only heartbeats) is still checked.
				quietSince = Date.now();
				const parsed = parseJsonObject(next.event.data);
				const data: IDataObject = parsed.ok ? parsed.value : {};
				if (next.event.event === 'StepProgress' && typeof data.delta === 'string')
					await relay.send(data.delta);
				// Only run-level events end the wait: StepCompleted carries `status: "completed"` of the step.
				if (
					TERMINAL_EVENTS.has(next.event.event) ||
					(/^Run/.test(next.event.event) && isTerminal(statusOf(data)))
				) {
					reader.close();
					const record = await readFinishedRecord();
					if (record) return await result(record, 'finished');
					break;
				}
			}
		} finally {
			reader.close();
		}

		// The stream ended without a terminal event: it was dropped (or a proxy cut it). Reopen it.
		const backoff = RECONNECT_BACKOFF_MS[Math.min(quietDrops, RECONNECT_BACKOFF_MS.length - 1)];
		quietDrops++;
		this.logger.debug(
			`Drafting Workspace: event stream of run ${runId} ended early; reconnecting in ${backoff} ms`,
		);
		if (backoff)
			await sleep(Math.min(backoff, Math.max(0, deadline - Date.now())), cancelSignal).catch(
				() => undefined,
			);
	}
}

function timeoutError(
	context: IExecuteFunctions,
	runId: string,
	record: IDataObject,
	options: WaitOptions,
): NodeOperationError {
	const status = statusOf(record) ?? 'unknown';
	const paused = isPausedForReview(record) ? ', paused at a review step' : '';
	const seconds = Math.round(options.timeoutMs / 1000);
	return new NodeOperationError(
		context.getNode(),
		`Run ${runId} did not finish within ${seconds} s (status ${status}${paused})`,
		{
			description: paused
				? 'A reviewer must approve the run in the workspace before it can go on. Raise the Timeout, set On Timeout to "Return Current Record", or follow the run later with Wait For Run or the Drafting Workspace Trigger.'
				: 'Raise the Timeout, set On Timeout to "Return Current Record", or follow the run later with Wait For Run or the Drafting Workspace Trigger.',
			itemIndex: options.itemIndex,
		},
	);
}
