import type { IPollFunctions } from 'n8n-workflow';

import type { RetryPolicy } from '../shared/transport/retry';

/**
 * What one poll may spend. Lists are always made (without them a poll learns nothing); the optional work
 * (reading remembered runs, reading and attaching runs to fire) stops when either bound is reached, and what
 * is left carries over to the next poll through the state. n8n 2.41 gives a poll a time budget of its own
 * (`getPollBudgetMs`); the smaller of the two applies.
 */
const POLL_BUDGET = { maxRequests: 100, maxMs: 60_000 };

/** One request's retries stay short: the next poll comes anyway. */
const MAX_RETRY_MS = 30_000;
const MAX_SINGLE_WAIT_MS = 15_000;

export class PollBudget {
	private requests = 0;

	private constructor(
		private readonly startedAt: number,
		private readonly maxMs: number,
	) {}

	static for(context: IPollFunctions, now: number): PollBudget {
		const n8nBudget = typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
		const maxMs = typeof n8nBudget === 'number' && n8nBudget > 0 ? Math.min(n8nBudget, POLL_BUDGET.maxMs) : POLL_BUDGET.maxMs;
		return new PollBudget(now, maxMs);
	}

	spend(requests = 1): void {
		this.requests += requests;
	}

	private msLeft(): number {
		return this.startedAt + this.maxMs - Date.now();
	}

	/** Whether optional work may start another request. */
	allows(): boolean {
		return this.requests < POLL_BUDGET.maxRequests && this.msLeft() > 0;
	}

	/** Retries of one request, bounded by what is left of the poll's time. */
	retry(): Partial<RetryPolicy> {
		return { totalBudgetMs: Math.max(0, Math.min(MAX_RETRY_MS, this.msLeft())), maxSingleWaitMs: MAX_SINGLE_WAIT_MS };
	}

	summary(): string {
		return `${this.requests} requests of ${POLL_BUDGET.maxRequests}, ${Math.round(this.maxMs / 1000)} s budget`;
	}
}
