/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * A streamed chat completion (contract, Events: "with `stream: true` the response is a
 * `text/event-stream` of `chat.completion.chunk` events ending with a `data: [DONE]` frame").
 * OpenAI wire form: `data: <json>` + a blank line per frame, no `event:` lines, no comments.
 *
 * Frames are spaced by the option `chatChunkDelayMs`, or spread over the latency profile's answer time. Stream faults of the connection, as the run
 * event stream takes them (runs/sse.ts):
 *   drop-stream { afterFrames } - after that many frames ([DONE] counts; 0: right after the head)
 *                                 the socket is destroyed: no [DONE], no clean end of the chunked body;
 *   frame-delay { ms }          - every frame waits ms more.
 */
import type { ServerResponse } from 'node:http';
import type { TimerBag } from '../clock';
import type { SseLineEnding } from '../simulator';
import { wordPieces, type ChatAnswer } from './answer';

const DONE_PAYLOAD = '[DONE]';

export interface ChatChunk {
	id: string;
	object: 'chat.completion.chunk';
	created: number;
	model: string;
	choices: {
		index: 0;
		delta: { role?: 'assistant'; content?: string };
		finish_reason: string | null;
	}[];
	usage?: ChatAnswer['usage'];
}

export interface ChunkHead {
	id: string;
	created: number;
	model: string;
}

/** The data payloads of the whole stream, in order, [DONE] last. */
export function chunkPayloads(
	head: ChunkHead,
	answer: ChatAnswer,
	includeUsage: boolean,
): string[] {
	const chunk = (choices: ChatChunk['choices'], extra: Partial<ChatChunk> = {}): string =>
		JSON.stringify({
			id: head.id,
			object: 'chat.completion.chunk',
			created: head.created,
			model: head.model,
			choices,
			...extra,
		} satisfies ChatChunk);
	const delta = (value: ChatChunk['choices'][number]['delta']) =>
		chunk([{ index: 0, delta: value, finish_reason: null }]);
	return [
		delta({ role: 'assistant', content: '' }),
		...wordPieces(answer.content).map((piece) => delta({ content: piece })),
		chunk([{ index: 0, delta: {}, finish_reason: answer.finishReason }]),
		...(includeUsage ? [chunk([], { usage: answer.usage })] : []),
		DONE_PAYLOAD,
	];
}

export interface ChatStreamOptions {
	lineEnding: SseLineEnding;
	timers: TimerBag;
	chunkDelayMs: number;
	/** The latency profile's answer time: when above 0, the frames are spread evenly over it (replaces chunkDelayMs). */
	answerMs?: number;
	frameDelayMs?: number;
	dropAfterFrames?: number;
}

/**
 * Writes the head at once, then the frames; resolves when the stream has ended, was dropped, or the
 * client went away. Real timers come from the simulator's bag, so stop() cancels a stream mid-way
 * (its sockets are destroyed by the server).
 */
export async function playChatStream(
	res: ServerResponse,
	payloads: string[],
	options: ChatStreamOptions,
): Promise<void> {
	res.writeHead(200, {
		'content-type': 'text/event-stream; charset=utf-8',
		'cache-control': 'no-cache',
		connection: 'keep-alive',
		'x-accel-buffering': 'no',
	});
	res.flushHeaders();
	const writable = (): boolean => !res.writableEnded && !res.destroyed;
	if (options.dropAfterFrames === 0) {
		res.destroy();
		return;
	}
	const le = options.lineEnding;
	// The first frame goes at once and [DONE] when the answer time is over, as a model writing for that long.
	const gapMs = options.answerMs ? options.answerMs / (payloads.length - 1) : options.chunkDelayMs;
	for (const [index, payload] of payloads.entries()) {
		if (index > 0) await options.timers.sleep(gapMs);
		if (options.frameDelayMs) await options.timers.sleep(options.frameDelayMs);
		if (!writable()) return;
		const frame = `data: ${payload}${le}${le}`;
		if (options.dropAfterFrames !== undefined && index + 1 >= options.dropAfterFrames) {
			// Let the frame reach the socket, then cut the connection.
			await new Promise<void>((resolve) => res.write(frame, () => resolve()));
			res.destroy();
			return;
		}
		res.write(frame);
	}
	res.end();
}
