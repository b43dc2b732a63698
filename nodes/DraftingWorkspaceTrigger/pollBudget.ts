import type { IPollFunctions } from 'n8n-workflow';

import type { RetryPolicy } from '../shared/transport/retry';

/**
 * What one poll may spend, and until when. A poll ends within 30 s, or within n8n's own budget for it when that
 * is smaller (`getPollBudgetMs`: under its durable scheduler, the poll's timeout less a margin, 36 s by default):
 * - n8n's durable scheduler abandons a poll after `pollTimeoutSeconds` (45 s by default) and discards its state;
 *   a trigger that always outlasted it would never fire anything;
 * - the legacy poller starts the next poll on schedule (a minute at the shortest) whatever the previous one is
 *   doing: two polls at once would start from the same state and could fire a run twice.
 * Every request ends by then (`deadlineAt`: its attempts, its retries and the key's rest). Lists are always made
 * (without them a poll learns nothing); the optional work (reading remembered runs, reading and attaching runs to
 * fire) starts only in the first two thirds and within 100 requests, so the request in flight has the last third
 * to finish. What is left carries over to the next poll through the state.
 */
const POLL_LIMIT = { maxRequests: 100, maxMs: 30_000, optionalShare: 2 / 3 };

/** One request's waits stay short: the next poll comes anyway. */
const MAX_SINGLE_WAIT_MS = 15_000;

export class PollBudget {
	private requests = 0;

	private constructor(
		private readonly startedAt: number,
		private readonly maxMs: number,
	) {}

	static for(context: IPollFunctions, now: number): PollBudget {
		const n8nBudget =
			typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
		const maxMs =
			typeof n8nBudget === 'number' && n8nBudget > 0
				? Math.min(n8nBudget, POLL_LIMIT.maxMs)
				: POLL_LIMIT.maxMs;
		return new PollBudget(now, maxMs);
	}

	spend(requests = 1): void {
		this.requests += requests;
	}

	private get endsAt(): number {
		return this.startedAt + this.maxMs;
	}

	/** Whether optional work may start another request. */
	allows(): boolean {
		return (
			this.requests < POLL_LIMIT.maxRequests &&
			Date.now() < this.startedAt + this.maxMs * POLL_LIMIT.optionalShare
		);
	}

	/** A request's retry policy: everything it does ends when the poll's time does. */
	retry(): Partial<RetryPolicy> {
		return {
			totalBudgetMs: Math.max(0, this.endsAt - Date.now()),
			maxSingleWaitMs: MAX_SINGLE_WAIT_MS,
			deadlineAt: this.endsAt,
		};
	}

	summary(): string {
		return `${this.requests} requests of ${POLL_LIMIT.maxRequests}, ${Math.round(this.maxMs / 1000)} s`;
	}
}
