import type { FinishReason, GenerateResult, TokenUsage } from '@n8n/ai-node-sdk';
import type { IDataObject } from 'n8n-workflow';

import { usageCounts, type AggregatedCompletion } from '../shared/chat/completion';

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

/** OpenAI-shaped usage → n8n's (reasoning in `outputTokenDetails`). */
export function tokenUsageOf(usage: IDataObject | undefined): TokenUsage | undefined {
	if (!usage) return undefined;
	const { reasoningTokens, ...counts } = usageCounts(usage);
	return {
		...counts,
		...(reasoningTokens ? { outputTokenDetails: { reasoning: reasoningTokens } } : {}),
	};
}

/** A whole answer as one assistant message. */
export function generateResultOf(aggregated: AggregatedCompletion): GenerateResult {
	return {
		id: aggregated.id,
		finishReason: finishReasonOf(aggregated.finishReason),
		usage: tokenUsageOf(aggregated.usage),
		message: {
			role: 'assistant',
			id: aggregated.id,
			content: [{ type: 'text', text: aggregated.content }],
		},
		providerMetadata: { model: aggregated.model },
	};
}
