import type { FinishReason, GenerateResult, TokenUsage } from '@n8n/ai-node-sdk';
import type { IDataObject } from 'n8n-workflow';

import type { AggregatedCompletion } from '../shared/chat/completion';

/** The service's answer → what n8n's chains and agents read. Pure: no I/O. */

const FINISH_REASONS: Record<string, FinishReason> = {
	stop: 'stop',
	length: 'length',
	content_filter: 'content-filter',
	tool_calls: 'tool-calls',
};

export function finishReasonOf(reason: string | null): FinishReason {
	return reason === null ? 'other' : (FINISH_REASONS[reason] ?? 'other');
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** OpenAI-shaped usage (`prompt_tokens`, `completion_tokens`, reasoning in `completion_tokens_details`). */
export function tokenUsageOf(usage: IDataObject | undefined): TokenUsage | undefined {
	if (!usage) return undefined;
	const promptTokens = count(usage.prompt_tokens);
	const completionTokens = count(usage.completion_tokens);
	const reasoning = count((usage.completion_tokens_details as IDataObject | undefined)?.reasoning_tokens);
	return {
		promptTokens,
		completionTokens,
		totalTokens: count(usage.total_tokens) || promptTokens + completionTokens,
		...(reasoning ? { outputTokenDetails: { reasoning } } : {}),
	};
}

/** A whole answer as one assistant message. */
export function generateResultOf(aggregated: AggregatedCompletion): GenerateResult {
	return {
		id: aggregated.id,
		finishReason: finishReasonOf(aggregated.finishReason),
		usage: tokenUsageOf(aggregated.usage),
		message: { role: 'assistant', id: aggregated.id, content: [{ type: 'text', text: aggregated.content }] },
		providerMetadata: { model: aggregated.model },
	};
}
