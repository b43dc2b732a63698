import { parseJsonObject } from '../common/jsonObject';
import { SseReader } from '../transport/sseReader.api';
import type { ByteStream } from '../transport/types';
import {
	addPiece,
	emptyCompletion,
	readCompletionChunk,
	type AggregatedCompletion,
	type CompletionPiece,
} from './completion';

/** What the stream yields: a chunk's piece, or the `[DONE]` end marker. */
export type StreamedPiece = { kind: 'piece'; piece: CompletionPiece } | { kind: 'done' };

/**
 * Reads a `chat.completion.chunk` event stream to its end (`data: [DONE]`) with the same SSE parser as Wait
 * For Run, yielding each chunk as it arrives. The stream is closed when the caller stops early or fails.
 */
export async function* completionPieces(
	body: ByteStream,
	cancelSignal: AbortSignal | undefined,
	maxWaitMs: number,
): AsyncGenerator<StreamedPiece> {
	const reader = new SseReader(body);
	const deadline = Date.now() + maxWaitMs;
	try {
		for (;;) {
			const next = await reader.nextBefore(deadline, cancelSignal);
			if (next.kind !== 'event') return;
			const data = next.event.data.trim();
			if (data === '[DONE]') {
				yield { kind: 'done' };
				return;
			}
			const parsed = parseJsonObject(data);
			if (parsed.ok) yield { kind: 'piece', piece: readCompletionChunk(parsed.value) };
		}
	} finally {
		reader.close();
	}
}

/** The whole stream added up, handing each content delta to `onDelta` as it arrives (the action node relays them). */
export async function readCompletionStream(
	body: ByteStream,
	cancelSignal: AbortSignal | undefined,
	onDelta: (delta: string) => Promise<void>,
	maxWaitMs: number,
): Promise<AggregatedCompletion> {
	const result = emptyCompletion();
	for await (const streamed of completionPieces(body, cancelSignal, maxWaitMs)) {
		if (streamed.kind === 'done') {
			result.done = true;
			break;
		}
		addPiece(result, streamed.piece);
		if (streamed.piece.delta) await onDelta(streamed.piece.delta);
	}
	return result;
}
