/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Helpers for tests that drive runs: follow an event stream (parsed with eventsource-parser, as
 * a client would) and wait for a run to reach a state. Used by the simulator's own contract tests;
 * the node's integration tests may use them too.
 */
import { createParser } from 'eventsource-parser';
import type { Simulator } from '../simulator';
import { runAdmin, type RunAdminView } from './admin';

interface SseFrame {
	event: string;
	data: Record<string, unknown>;
}

export interface SseConnection {
	status: number;
	headers: Headers;
	/** The body as an error (non-200 answers), else null. */
	errorBody: unknown;
	frames: SseFrame[];
	comments: string[];
	/** Every byte received, decoded (to check line endings). */
	raw: string;
	/** Milliseconds from the request to each frame, in order. */
	frameTimes: number[];
	/** 'end': the server ended the response; 'error': the connection broke (dropped stream). */
	closed: Promise<'end' | 'error'>;
	/** Resolves once `count` frames arrived (rejects after timeoutMs). */
	waitForFrames(count: number, timeoutMs?: number): Promise<SseFrame[]>;
	/** Stops reading (the client goes away). */
	cancel(): Promise<void>;
}

export async function openEventStream(
	baseUrl: string,
	key: string,
	runId: string,
): Promise<SseConnection> {
	const started = Date.now();
	const response = await fetch(`${baseUrl}/workflows/runs/${encodeURIComponent(runId)}/events`, {
		headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
	});
	const frames: SseFrame[] = [];
	const frameTimes: number[] = [];
	const comments: string[] = [];
	const waiters: (() => void)[] = [];
	let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
	const connection: SseConnection = {
		status: response.status,
		headers: response.headers,
		errorBody: null,
		frames,
		comments,
		raw: '',
		frameTimes,
		closed: Promise.resolve('end'),
		waitForFrames: (count, timeoutMs = 5000) =>
			new Promise((resolve, reject) => {
				const check = (): boolean => {
					if (frames.length < count) return false;
					clearTimeout(timer);
					resolve(frames.slice(0, count));
					return true;
				};
				const timer = setTimeout(
					() =>
						reject(
							new Error(
								`Only ${frames.length} of ${count} frames within ${timeoutMs} ms: ${JSON.stringify(frames)}`,
							),
						),
					timeoutMs,
				);
				if (!check()) waiters.push(() => void check());
			}),
		cancel: async () => {
			await reader?.cancel().catch(() => undefined);
		},
	};
	if (response.status !== 200 || !response.body) {
		connection.errorBody = await response.json().catch(() => null);
		return connection;
	}

	const parser = createParser({
		onEvent: (message) => {
			frames.push({
				event: message.event ?? 'message',
				data: JSON.parse(message.data) as Record<string, unknown>,
			});
			frameTimes.push(Date.now() - started);
			for (const wake of waiters.splice(0)) wake();
		},
		onComment: (comment) => comments.push(comment.trim()),
	});
	const body = response.body.getReader();
	reader = body;
	const decoder = new TextDecoder();
	connection.closed = (async (): Promise<'end' | 'error'> => {
		try {
			for (;;) {
				const { done, value } = await body.read();
				if (done) return 'end';
				const text = decoder.decode(value, { stream: true });
				connection.raw += text;
				parser.feed(text);
			}
		} catch {
			return 'error';
		}
	})();
	return connection;
}

/** Polls the run (admin view) until `predicate` holds; rejects after timeoutMs with the last view. */
export async function waitForRun(
	sim: Simulator,
	runId: string,
	predicate: (run: RunAdminView) => boolean,
	timeoutMs = 5000,
): Promise<RunAdminView> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const run = runAdmin(sim).run(runId);
		if (run && predicate(run)) return run;
		if (Date.now() > deadline)
			throw new Error(`Run ${runId} did not reach the expected state: ${JSON.stringify(run)}`);
		await new Promise((resolve) => setTimeout(resolve, 2));
	}
}

export const isTerminalView = (run: RunAdminView): boolean =>
	['Completed', 'Failed', 'Cancelled'].includes(run.status);
