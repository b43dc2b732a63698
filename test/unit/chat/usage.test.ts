import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { usageCounts } from '../../../nodes/shared/chat/completion';
import { tokenUsageOf } from '../../../nodes/LmChatDraftingWorkspace/result';

/**
 * Chat Completion outputs the service's usage in camelCase. The promise: the same
 * counts as the service's snake_case usage, never a non-number, whatever the service sends (its answers are
 * untrusted: a count may be missing, a string, negative, NaN…), and the Chat Model reads the same counts.
 */
const anyValue = fc.oneof(
	fc.nat(),
	fc.integer({ min: -5, max: -1 }),
	fc.double(),
	fc.string(),
	fc.constant(null),
	fc.constant(undefined),
	fc.object(),
);
const countOrJunk = fc.oneof(fc.nat({ max: 1_000_000 }), anyValue);
const usage = fc.record(
	{
		prompt_tokens: countOrJunk,
		completion_tokens: countOrJunk,
		total_tokens: countOrJunk,
		completion_tokens_details: fc.oneof(
			fc.record({ reasoning_tokens: countOrJunk }, { requiredKeys: [] }),
			anyValue,
		),
	},
	{ requiredKeys: [] },
) as fc.Arbitrary<IDataObject>;

const isCount = (value: unknown): value is number =>
	typeof value === 'number' && Number.isFinite(value) && value >= 0;

describe('usageCounts', () => {
	it('keeps every count the service gave as a count, and reads anything else as 0', () => {
		fc.assert(
			fc.property(usage, (raw) => {
				const counts = usageCounts(raw);
				expect(Object.keys(counts)).toEqual([
					'promptTokens',
					'completionTokens',
					'totalTokens',
					'reasoningTokens',
				]);
				expect(Object.values(counts).every(isCount)).toBe(true);
				expect(counts.promptTokens).toBe(isCount(raw.prompt_tokens) ? raw.prompt_tokens : 0);
				expect(counts.completionTokens).toBe(
					isCount(raw.completion_tokens) ? raw.completion_tokens : 0,
				);
				const details = raw.completion_tokens_details as IDataObject | undefined;
				const reasoning =
					details && typeof details === 'object' && !Array.isArray(details)
						? details.reasoning_tokens
						: undefined;
				expect(counts.reasoningTokens).toBe(isCount(reasoning) ? reasoning : 0);
				// A total the service gave wins (0 counts as missing); otherwise the sum of the two.
				expect(counts.totalTokens).toBe(
					isCount(raw.total_tokens) && raw.total_tokens > 0
						? raw.total_tokens
						: counts.promptTokens + counts.completionTokens,
				);
			}),
		);
	});

	it('the Chat Model reads the same counts (reasoning as n8n names it)', () => {
		fc.assert(
			fc.property(usage, (raw) => {
				const { reasoningTokens, ...counts } = usageCounts(raw);
				expect(tokenUsageOf(raw)).toEqual({
					...counts,
					...(reasoningTokens ? { outputTokenDetails: { reasoning: reasoningTokens } } : {}),
				});
			}),
		);
	});

	it('the simulator’s usage, for example', () => {
		expect(
			usageCounts({
				prompt_tokens: 9,
				completion_tokens: 40,
				total_tokens: 49,
				completion_tokens_details: { reasoning_tokens: 24 },
			}),
		).toEqual({
			promptTokens: 9,
			completionTokens: 40,
			totalTokens: 49,
			reasoningTokens: 24,
		});
	});
});
