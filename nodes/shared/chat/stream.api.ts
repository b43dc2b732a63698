import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { parseJsonObject } from '../common/jsonObject';
import { SseReader } from '../transport/sseReader.api';
import type { ByteStream } from '../transport/types';
import type { AggregatedCompletion } from './completion';

/**
 * Reads a `chat.completion.chunk` event stream to its end (`data: [DONE]`), with the same SSE parser as Wait
 * For Run, handing each content delta to `onDelta` as it arrives (the node relays them with sendChunk).
 */
export async function readCompletionStream(
	this: IExecuteFunctions,
	body: ByteStream,
	onDelta: (delta: string) => Promise<void>,
	maxWaitMs: number,
): Promise<AggregatedCompletion> {
	const reader = new SseReader(body);
	const cancelSignal = this.getExecutionCancelSignal?.();
	const result: AggregatedCompletion = { content: '', finishReason: null, done: false, chunks: 0 };
	const deadline = Date.now() + maxWaitMs;
	try {
		for (;;) {
			const next = await reader.next(deadline - Date.now(), cancelSignal);
			if (next.kind !== 'event') break;
			const data = next.event.data.trim();
			if (data === '[DONE]') {
				result.done = true;
				break;
			}
			const parsed = parseJsonObject(data);
			if (!parsed.ok) continue;
			const chunk = parsed.value;
			result.chunks++;
			if (typeof chunk.id === 'string') result.id ??= chunk.id;
			if (typeof chunk.model === 'string') result.model ??= chunk.model;
			if (typeof chunk.created === 'number') result.created ??= chunk.created;
			if (chunk.usage && typeof chunk.usage === 'object') result.usage = chunk.usage as IDataObject;
			const choices = Array.isArray(chunk.choices) ? (chunk.choices as IDataObject[]) : [];
			for (const choice of choices) {
				if (Number(choice.index ?? 0) !== 0) continue;
				const delta = (choice.delta ?? {}) as IDataObject;
				if (typeof delta.content === 'string' && delta.content) {
					result.content += delta.content;
					await onDelta(delta.content);
				}
				if (typeof choice.finish_reason === 'string') result.finishReason = choice.finish_reason;
			}
		}
	} finally {
		reader.close();
	}
	return result;
}
