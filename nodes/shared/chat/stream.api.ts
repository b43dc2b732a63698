import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { SseReader } from '../transport/sse';
import type { ByteStream } from '../transport/types';

/** What a streamed chat completion adds up to. */
export interface AggregatedCompletion {
	id?: string;
	model?: string;
	created?: number;
	content: string;
	finishReason: string | null;
	usage?: IDataObject;
	/** The `[DONE]` frame arrived (the stream was complete). */
	done: boolean;
	chunks: number;
}

function parseChunk(data: string): IDataObject | undefined {
	try {
		const parsed: unknown = JSON.parse(data);
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

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
			const chunk = parseChunk(data);
			if (!chunk) continue;
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

/** The `chat.completion` object the stream stands for (the "raw" output). */
export function toChatCompletion(aggregated: AggregatedCompletion): IDataObject {
	return {
		id: aggregated.id ?? null,
		object: 'chat.completion',
		created: aggregated.created ?? null,
		model: aggregated.model ?? null,
		choices: [{ index: 0, message: { role: 'assistant', content: aggregated.content }, finish_reason: aggregated.finishReason }],
		...(aggregated.usage ? { usage: aggregated.usage } : {}),
	};
}

/**
 * A near-empty answer cut by the cap on a reasoning model (contract, Limits: the cap covers reasoning too)
 * gets a hint instead of passing silently as an answer.
 */
export function reasoningCapHint(aggregated: AggregatedCompletion, cap: number | undefined): string | undefined {
	if (aggregated.finishReason !== 'length') return undefined;
	const words = aggregated.content.trim().split(/\s+/).filter(Boolean).length;
	if (words > 3) return undefined;
	const details = (aggregated.usage?.completion_tokens_details ?? {}) as IDataObject;
	const reasoning = typeof details.reasoning_tokens === 'number' ? details.reasoning_tokens : 0;
	const spent = reasoning ? ` (${reasoning} of the ${cap ?? 'allowed'} tokens went to reasoning)` : '';
	return `The answer is nearly empty because Maximum Completion Tokens was reached${spent}. On a reasoning model the cap also covers the model's reasoning: raise it (for example to 1024) or leave it empty.`;
}
