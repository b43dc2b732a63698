import type { IDataObject } from 'n8n-workflow';

import { isJsonObject, numberIn } from '../transport/answer';

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

/** What one `chat.completion.chunk` carries (choice 0 only: the node never asks for more). */
export interface CompletionPiece {
	id?: string;
	model?: string;
	created?: number;
	/** Text the model wrote in this chunk ('' when none). */
	delta: string;
	finishReason?: string;
	usage?: IDataObject;
}

/** Reads one parsed `chat.completion.chunk`. */
export function readCompletionChunk(chunk: IDataObject): CompletionPiece {
	const piece: CompletionPiece = { delta: '' };
	if (typeof chunk.id === 'string') piece.id = chunk.id;
	if (typeof chunk.model === 'string') piece.model = chunk.model;
	if (typeof chunk.created === 'number') piece.created = chunk.created;
	if (chunk.usage && typeof chunk.usage === 'object') piece.usage = chunk.usage as IDataObject;
	const choices = Array.isArray(chunk.choices) ? (chunk.choices as unknown[]) : [];
	for (const entry of choices) {
		// A chunk is the service's JSON: a choice that is not an object carries nothing.
		if (!isJsonObject(entry)) continue;
		const choice = entry;
		if (numberIn(choice.index ?? 0) !== 0) continue;
		const delta = isJsonObject(choice.delta) ? choice.delta : {};
		if (typeof delta.content === 'string') piece.delta += delta.content;
		if (typeof choice.finish_reason === 'string') piece.finishReason = choice.finish_reason;
	}
	return piece;
}

/** Adds a chunk's piece to the running total (the first id, model and created win; the last usage wins). */
export function addPiece(total: AggregatedCompletion, piece: CompletionPiece): void {
	total.chunks++;
	total.id ??= piece.id;
	total.model ??= piece.model;
	total.created ??= piece.created;
	if (piece.usage) total.usage = piece.usage;
	total.content += piece.delta;
	if (piece.finishReason !== undefined) total.finishReason = piece.finishReason;
}

/** An empty total, before the first chunk. */
export function emptyCompletion(): AggregatedCompletion {
	return { content: '', finishReason: null, done: false, chunks: 0 };
}

/** A stream that ended with neither `[DONE]` nor a finish reason was cut: its answer may be partial. */
export function isCutShort(aggregated: AggregatedCompletion): boolean {
	return !aggregated.done && aggregated.finishReason === null;
}

/** The `chat.completion` object the stream stands for (the "raw" output). */
export function toChatCompletion(aggregated: AggregatedCompletion): IDataObject {
	return {
		id: aggregated.id ?? null,
		object: 'chat.completion',
		created: aggregated.created ?? null,
		model: aggregated.model ?? null,
		choices: [
			{
				index: 0,
				message: { role: 'assistant', content: aggregated.content },
				finish_reason: aggregated.finishReason,
			},
		],
		...(aggregated.usage ? { usage: aggregated.usage } : {}),
	};
}

/** Token counts in camelCase, as the node outputs them and n8n's chains read them. */
export interface UsageCounts {
	promptTokens: number;
	completionTokens: number;
	totalTokens: number;
	/** Part of completionTokens a reasoning model spent on reasoning (0 when the service reports none). */
	reasoningTokens: number;
}

const count = (value: unknown): number =>
	typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;

/**
 * The service's OpenAI-shaped usage (`prompt_tokens`, `completion_tokens`, `total_tokens`, reasoning in
 * `completion_tokens_details`) read as numbers: a count that is missing or not a number is 0; a missing total is
 * the sum of the two.
 */
export function usageCounts(usage: IDataObject): UsageCounts {
	const promptTokens = count(usage.prompt_tokens);
	const completionTokens = count(usage.completion_tokens);
	const details = isJsonObject(usage.completion_tokens_details)
		? usage.completion_tokens_details
		: {};
	return {
		promptTokens,
		completionTokens,
		totalTokens: count(usage.total_tokens) || promptTokens + completionTokens,
		reasoningTokens: count(details.reasoning_tokens),
	};
}

/**
 * A near-empty answer cut by the cap on a reasoning model (the API's Limits: the cap covers reasoning too)
 * gets a hint instead of passing silently as an answer.
 */
export function reasoningCapHint(
	aggregated: AggregatedCompletion,
	cap: number | undefined,
): string | undefined {
	if (aggregated.finishReason !== 'length') return undefined;
	const words = aggregated.content.trim().split(/\s+/).filter(Boolean).length;
	if (words > 3) return undefined;
	const reasoning = aggregated.usage ? usageCounts(aggregated.usage).reasoningTokens : 0;
	const spent = reasoning
		? ` (${reasoning} of the ${cap ?? 'allowed'} tokens went to reasoning)`
		: '';
	return `The answer is nearly empty because Maximum Completion Tokens was reached${spent}. On a reasoning model the cap also covers the model's reasoning: raise it (for example to 1024) or leave it empty.`;
}
