/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * One open event stream (contract, Events): `event: <Name>` + `data: <one-line JSON>` + a blank
 * line per frame, `: keep-alive` comments in between, with the stream faults of its connection:
 *   drop-stream { afterFrames } - after that many frames (comments do not count) the socket is
 *                                 destroyed: no terminal frame, no clean end of the chunked body;
 *   frame-delay { ms }          - every frame waits ms; frames stay in order.
 */
import type { ServerResponse } from 'node:http';
import type { TimerBag } from '../clock';
import type { SseLineEnding } from '../simulator';

export interface EventStreamOptions {
	lineEnding: SseLineEnding;
	heartbeatMs: number;
	timers: TimerBag;
	frameDelayMs?: number;
	dropAfterFrames?: number;
}

export class EventStream {
	/** Frames go out through one promise chain, so a frame delay never reorders them. */
	private queue: Promise<void> = Promise.resolve();
	private framesWritten = 0;
	private closed = false;
	private heartbeat: NodeJS.Timeout | null = null;

	constructor(
		private readonly res: ServerResponse,
		private readonly options: EventStreamOptions,
		onClose: () => void,
	) {
		// 'close' fires on a clean end, on a client disconnect and on a dropped socket alike; the
		// request-log entry completes on the same event, so the log never shows a stream as open.
		res.on('close', () => {
			this.closed = true;
			this.stopHeartbeat();
			onClose();
		});
	}

	/** Writes the head at once (clients see 200 before the first event) and starts the heartbeat. */
	open(): void {
		this.res.writeHead(200, {
			'content-type': 'text/event-stream; charset=utf-8',
			'cache-control': 'no-cache',
			connection: 'keep-alive',
			'x-accel-buffering': 'no',
		});
		this.res.flushHeaders();
		this.scheduleHeartbeat();
		if (this.options.dropAfterFrames === 0) this.drop();
	}

	send(event: string, data: unknown): void {
		const le = this.options.lineEnding;
		const frame = `event: ${event}${le}data: ${JSON.stringify(data)}${le}${le}`;
		this.enqueue(async () => {
			if (this.options.frameDelayMs) await this.options.timers.sleep(this.options.frameDelayMs);
			if (!this.writable()) return;
			this.framesWritten += 1;
			const dropNow =
				this.options.dropAfterFrames !== undefined &&
				this.framesWritten >= this.options.dropAfterFrames;
			if (!dropNow) {
				this.res.write(frame);
				return;
			}
			// Let the frame reach the socket, then cut the connection.
			this.closed = true;
			await new Promise<void>((resolve) => this.res.write(frame, () => resolve()));
			this.drop();
		});
	}

	/** After a terminal event: ends the response once every queued frame is out. */
	end(): void {
		this.enqueue(async () => {
			if (this.writable()) this.res.end();
		});
	}

	/** Ends at once, queued frames or not (reset, stop). */
	close(): void {
		this.stopHeartbeat();
		if (this.writable()) this.res.end();
		this.closed = true;
	}

	private writable(): boolean {
		return !this.closed && !this.res.writableEnded && !this.res.destroyed;
	}

	private enqueue(task: () => Promise<void>): void {
		this.queue = this.queue.then(task).catch(() => undefined);
	}

	private drop(): void {
		this.closed = true;
		this.stopHeartbeat();
		this.res.destroy();
	}

	private scheduleHeartbeat(): void {
		this.heartbeat = this.options.timers.setTimeout(() => {
			this.heartbeat = null;
			if (!this.writable()) return;
			// Comments are not frames: they do not count for drop-stream and skip the frame queue.
			this.res.write(`: keep-alive${this.options.lineEnding}${this.options.lineEnding}`);
			this.scheduleHeartbeat();
		}, this.options.heartbeatMs);
	}

	private stopHeartbeat(): void {
		if (this.heartbeat) this.options.timers.clearTimeout(this.heartbeat);
		this.heartbeat = null;
	}
}
