import { sleep } from 'n8n-workflow';

import { SseParser, type SseEvent } from './sse';
import type { ByteStream } from './types';

export type SseReadResult =
	| { kind: 'event'; event: SseEvent }
	/** Nothing but comments or bytes arrived before the wait ended. */
	| { kind: 'idle' }
	/** The server ended the stream, or the connection broke (`error`). */
	| { kind: 'end'; error?: unknown };

/**
 * Pulls events out of a byte stream one at a time, with a bound on how long each pull may wait, so a
 * caller can interleave its own checks (deadlines, status reads) without timers. A pending read is kept
 * across pulls: nothing is lost when a wait ends first.
 */
export class SseReader {
	private readonly parser: SseParser;
	private readonly decoder = new TextDecoder('utf-8');
	private readonly queue: SseEvent[] = [];
	private readonly iterator: AsyncIterator<Buffer | string>;
	private pending: Promise<IteratorResult<Buffer | string>> | undefined;
	private finished: { error?: unknown } | undefined;
	/** Comments seen (heartbeats): they prove the connection is alive. */
	comments = 0;

	constructor(private readonly stream: ByteStream) {
		this.parser = new SseParser({
			onEvent: (event) => this.queue.push(event),
			onComment: () => {
				this.comments++;
			},
		});
		this.iterator = stream[Symbol.asyncIterator]();
	}

	/** The next event; `idle` once `maxWaitMs` passed without one; `end` when the stream is over. */
	async next(maxWaitMs: number, cancelSignal?: AbortSignal): Promise<SseReadResult> {
		const waitUntil = Date.now() + Math.max(0, maxWaitMs);
		for (;;) {
			const queued = this.queue.shift();
			if (queued) return { kind: 'event', event: queued };
			if (this.finished) return { kind: 'end', ...this.finished };
			const remaining = waitUntil - Date.now();
			if (remaining <= 0) return { kind: 'idle' };
			this.pending ??= this.iterator.next();
			const outcome = await raceWithSleep(this.pending, remaining, cancelSignal);
			if (outcome === 'timeout') return { kind: 'idle' };
			this.pending = undefined;
			if ('error' in outcome) {
				this.finish({ error: outcome.error });
				continue;
			}
			if (outcome.result.done) {
				this.finish({});
				continue;
			}
			const chunk = outcome.result.value;
			this.parser.feed(
				typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }),
			);
		}
	}

	/** Closes the connection (the server sees the socket close). */
	close(): void {
		if (!this.finished) this.finish({});
		this.stream.destroy();
		// The read left pending by close() rejects with "premature close"; nobody waits for it any more.
		this.pending?.catch(() => undefined);
	}

	private finish(state: { error?: unknown }): void {
		this.parser.feed(this.decoder.decode());
		this.parser.end();
		this.finished = state;
	}
}

type RaceOutcome<T> = 'timeout' | { result: T } | { error: unknown };

/** Waits for `promise` at most `ms`; the timer is released as soon as the promise settles. */
async function raceWithSleep<T>(
	promise: Promise<T>,
	ms: number,
	cancelSignal?: AbortSignal,
): Promise<RaceOutcome<T>> {
	const timer = new AbortController();
	const signal = cancelSignal ? AbortSignal.any([timer.signal, cancelSignal]) : timer.signal;
	const settled = promise.then(
		(result) => ({ result }),
		(error: unknown) => ({ error }),
	);
	const slept = sleep(ms, signal).then(
		() => 'timeout' as const,
		() => 'timeout' as const,
	);
	try {
		return await Promise.race([settled, slept]);
	} finally {
		timer.abort();
	}
}
