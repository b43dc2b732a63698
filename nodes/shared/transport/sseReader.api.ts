import { sleep } from 'n8n-workflow';

import { SseParser, type SseEvent } from './sse';
import type { ByteStream } from './types';

export type SseReadResult =
	| { kind: 'event'; event: SseEvent }
	/** Nothing but comments or bytes arrived before the wait ended. */
	| { kind: 'idle' }
	/** The server ended the stream, or the connection broke (`error`). */
	| { kind: 'end'; error?: unknown };

/** Why a wake-up timer is stopped: a constant, so stopping one costs no DOMException (and its stack) each time. */
const WAKE_STOPPED = new Error('The wait is over');

/** A wake-up at a fixed time, shared by every pull that waits until that time. */
interface Wake {
	until: number;
	cancelSignal: AbortSignal | undefined;
	fired: Promise<'timeout'>;
	stop: AbortController;
}

/**
 * Pulls events out of a byte stream one at a time, with a bound on how long each pull may wait, so a
 * caller can interleave its own checks (deadlines, status reads) without timers of its own. A pending read is
 * kept across pulls: nothing is lost when a wait ends first. A stream of many small frames (a chat answer comes
 * word by word) is pulled many times until the same time: those pulls share one timer.
 */
export class SseReader {
	private readonly parser: SseParser;
	private readonly decoder = new TextDecoder('utf-8');
	private readonly queue: SseEvent[] = [];
	private readonly iterator: AsyncIterator<Buffer | string>;
	private pending: Promise<ReadOutcome> | undefined;
	private wake: Wake | undefined;
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
		return await this.nextBefore(Date.now() + Math.max(0, maxWaitMs), cancelSignal);
	}

	/** The next event; `idle` once the clock passed `until` (epoch ms) without one; `end` when the stream is over. */
	async nextBefore(until: number, cancelSignal?: AbortSignal): Promise<SseReadResult> {
		for (;;) {
			const queued = this.queue.shift();
			if (queued) return { kind: 'event', event: queued };
			if (this.finished) return { kind: 'end', ...this.finished };
			if (until - Date.now() <= 0 || cancelSignal?.aborted) return { kind: 'idle' };
			this.pending ??= this.iterator.next().then(
				(result) => ({ result }),
				(error: unknown) => ({ error }),
			);
			const outcome = await Promise.race([this.pending, this.wakeAt(until, cancelSignal)]);
			if (outcome === 'timeout') {
				this.stopWake();
				return { kind: 'idle' };
			}
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
		// The read left pending by close() rejects with "premature close"; its outcome is caught above.
		this.pending = undefined;
	}

	private finish(state: { error?: unknown }): void {
		this.stopWake();
		this.parser.feed(this.decoder.decode());
		this.parser.end();
		this.finished = state;
	}

	/** The timer of `until`: the one already set when a pull waits until the same time, else a new one. */
	private wakeAt(until: number, cancelSignal: AbortSignal | undefined): Promise<'timeout'> {
		const wake = this.wake;
		if (wake && wake.until === until && wake.cancelSignal === cancelSignal) return wake.fired;
		this.stopWake();
		const stop = new AbortController();
		const signal = cancelSignal ? AbortSignal.any([stop.signal, cancelSignal]) : stop.signal;
		// Fired, stopped or cancelled: the pull ends as idle, and the caller looks at its clock and its signal.
		const fired = sleep(Math.max(0, until - Date.now()), signal).then(
			() => 'timeout' as const,
			() => 'timeout' as const,
		);
		this.wake = { until, cancelSignal, fired, stop };
		return fired;
	}

	private stopWake(): void {
		this.wake?.stop.abort(WAKE_STOPPED);
		this.wake = undefined;
	}
}

type ReadOutcome = { result: IteratorResult<Buffer | string> } | { error: unknown };
