import type { IDataObject } from 'n8n-workflow';

/** A streamed chat completion added up, and what the node makes of it. Pure: no I/O. */

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
 * A near-empty answer cut by the cap on a reasoning model (the API's Limits: the cap covers reasoning too)
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
