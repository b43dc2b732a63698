/**
 * The deterministic answer of a chat completion: the same request always gets the same content,
 * finish_reason and usage, so node tests can assert exact values.
 *
 * - Text: "<Model name> answer: <last user message, trimmed, cut to 40 words>", plus
 *   " (following the system instructions)" when the request has a system message.
 * - json_schema: JSON.stringify of a deterministic instance of the schema (structured-output.ts), filled from
 *   the facts of the last user message (names, dates, numbers, phrases: prompt-facts.ts).
 * - Tokens are whitespace-separated words. The cap is max_completion_tokens, else max_tokens.
 *   Contract, Limits ("Completion cap guidance"): on a reasoning model the cap covers reasoning too,
 *   and a small cap yields a near-empty completion with finish_reason `length`, not an error.
 */
import type { ChatRequest } from './request';
import { readPromptFacts } from './prompt-facts';
import { exampleInstance } from './example-instance';

/** Reasoning tokens a reasoning model spends before it writes (bounded by the cap). */
export const REASONING_TOKENS = 48;
/** The echoed question is cut to this many words. */
export const QUESTION_WORD_LIMIT = 40;
const SYSTEM_NOTE = '(following the system instructions)';

export type FinishReason = 'stop' | 'length';

export interface ChatUsage {
	prompt_tokens: number;
	completion_tokens: number;
	total_tokens: number;
	completion_tokens_details: { reasoning_tokens: number };
}

export interface ChatAnswer {
	content: string;
	finishReason: FinishReason;
	usage: ChatUsage;
}

/**
 * Words with their trailing whitespace: joined back they give the text exactly. The stream sends one
 * chunk per element, so the streamed deltas add up to the non-streamed content byte for byte.
 */
export function wordPieces(text: string): string[] {
	return text.match(/\S+\s*/g) ?? [];
}

function countWords(text: string): number {
	return text.match(/\S+/g)?.length ?? 0;
}

function firstWords(text: string, count: number): string {
	return wordPieces(text).slice(0, count).join('').trimEnd();
}

/** The uncapped content. */
function fullContent(request: ChatRequest): string {
	const { output, messages, model } = request;
	const lastUser = [...messages].reverse().find((message) => message.role === 'user');
	if (output.kind === 'json_schema')
		return JSON.stringify(
			exampleInstance(output.schema, output.name, readPromptFacts(lastUser?.content ?? '')),
		);
	const question = firstWords((lastUser?.content ?? '').trim(), QUESTION_WORD_LIMIT);
	const hasSystem = messages.some((message) => message.role === 'system');
	return [`${model.name} answer:`, question, hasSystem ? SYSTEM_NOTE : '']
		.filter((part) => part !== '')
		.join(' ');
}

export function composeAnswer(request: ChatRequest): ChatAnswer {
	const full = fullContent(request);
	const { cap, model } = request;
	const reasoningTokens = model.reasoning ? Math.min(REASONING_TOKENS, cap ?? Infinity) : 0;
	// What the cap leaves for the visible answer once reasoning is paid for.
	const room = cap === null ? Infinity : cap - reasoningTokens;
	const pieces = wordPieces(full);
	const cut = pieces.length > room;
	// A cut json_schema answer is truncated JSON, as a real model stopped by its cap would give.
	const content = cut ? pieces.slice(0, room).join('').trimEnd() : full;
	const exhaustedByReasoning = model.reasoning && cap !== null && cap <= REASONING_TOKENS;
	const promptTokens = request.messages.reduce(
		(sum, message) => sum + countWords(message.content),
		0,
	);
	const completionTokens = countWords(content) + reasoningTokens;
	return {
		content,
		finishReason: cut || exhaustedByReasoning ? 'length' : 'stop',
		usage: {
			prompt_tokens: promptTokens,
			completion_tokens: completionTokens,
			total_tokens: promptTokens + completionTokens,
			completion_tokens_details: { reasoning_tokens: reasoningTokens },
		},
	};
}
