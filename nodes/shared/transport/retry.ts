import type { IHttpRequestMethods } from 'n8n-workflow';

import type { ServiceErrorInfo } from './errorTypes';

/**
 * When a failed request is tried again. Pure decisions, so every branch is unit-tested.
 *
 * The rule that matters most: a request that changes something (POST) is re-sent only when the service
 * provably refused it before doing anything (429 rate limit, 423 tenant lock, connection refused).
 * After a timeout or a reset the POST may have been processed, and a duplicated Start Run costs money.
 */
export interface RetryPolicy {
	/** Attempts in all, the first one included. */
	maxAttempts: number;
	/** No retry starts once this much time has passed since the first attempt (waits included). */
	totalBudgetMs: number;
	/** A Retry-After longer than this is not waited out: the error is reported instead. */
	maxSingleWaitMs: number;
	/** Exponential backoff for 423 and transient failures: base × 2^(retry − 1), capped. */
	backoffBaseMs: number;
	backoffMaxMs: number;
	/**
	 * An instant (epoch ms) the request never runs past: each attempt's timeout ends there, and a wait (a retry
	 * delay, the key's rest) that would end later is not taken. For callers whose host abandons them at a fixed
	 * time (n8n's durable scheduler abandons a poll after 45 s).
	 */
	deadlineAt?: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxAttempts: 12,
	totalBudgetMs: 5 * 60_000,
	maxSingleWaitMs: 90_000,
	backoffBaseMs: 250,
	backoffMaxMs: 8_000,
};

export type RetryDecision =
	| { retry: true; delayMs: number; reason: string }
	| { retry: false; reason: string };

const IDEMPOTENT: ReadonlySet<IHttpRequestMethods> = new Set<IHttpRequestMethods>([
	'GET',
	'HEAD',
	'DELETE',
	'PUT',
]);

function isIdempotent(method: IHttpRequestMethods): boolean {
	return IDEMPOTENT.has(method);
}

function backoffDelay(retryNumber: number, policy: RetryPolicy): number {
	return Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** Math.max(0, retryNumber - 1));
}

interface Attempt {
	method: IHttpRequestMethods;
	/** 1 for the first attempt. */
	attempt: number;
	elapsedMs: number;
	policy: RetryPolicy;
}

function withinBudget(
	delayMs: number,
	{ attempt, elapsedMs, policy }: Attempt,
	reason: string,
): RetryDecision {
	if (attempt >= policy.maxAttempts)
		return { retry: false, reason: `${reason}; gave up after ${attempt} attempts` };
	if (delayMs > policy.maxSingleWaitMs)
		return {
			retry: false,
			reason: `${reason}; the wait asked for (${Math.ceil(delayMs / 1000)} s) is longer than the ${Math.round(policy.maxSingleWaitMs / 1000)} s the node waits`,
		};
	if (elapsedMs + delayMs > policy.totalBudgetMs)
		return {
			retry: false,
			reason: `${reason}; the retry budget of ${Math.round(policy.totalBudgetMs / 1000)} s is used up`,
		};
	return { retry: true, delayMs, reason };
}

/** Decision for an HTTP error answer. */
export function decideRetryForResponse(info: ServiceErrorInfo, attempt: Attempt): RetryDecision {
	if (info.code === 'quota_exceeded')
		return { retry: false, reason: 'the quota resets at a fixed time' };
	if (info.status === 429) {
		// A small margin past Retry-After avoids landing exactly on the window edge.
		const delayMs = (info.retryAfterSeconds ?? 1) * 1000 + 50;
		return withinBudget(delayMs, attempt, 'rate limited');
	}
	if (info.status === 423)
		return withinBudget(backoffDelay(attempt.attempt, attempt.policy), attempt, 'tenant locked');
	if (info.code === 'feature_disabled')
		return { retry: false, reason: 'feature_disabled is final' };
	if ([502, 503, 504].includes(info.status) && isIdempotent(attempt.method))
		return withinBudget(
			backoffDelay(attempt.attempt, attempt.policy),
			attempt,
			`transient ${info.status}`,
		);
	return { retry: false, reason: `status ${info.status} is not retried` };
}

/** Network error codes that prove the request never reached the service. */
const NOT_SENT = new Set(['ECONNREFUSED', 'EAI_AGAIN']);
/** Network error codes after which the request may or may not have been processed. */
const AMBIGUOUS = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'ESOCKETTIMEDOUT',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
]);

export type NetworkFailureKind = 'not-sent' | 'ambiguous' | 'other';

export function classifyNetworkError(
	code: string | undefined,
	message: string,
): NetworkFailureKind {
	if (code && NOT_SENT.has(code)) return 'not-sent';
	if ((code && AMBIGUOUS.has(code)) || /socket hang up|aborted|timeout/i.test(message))
		return 'ambiguous';
	return 'other';
}

/** Decision for a failure without an HTTP answer. */
export function decideRetryForNetworkError(
	kind: NetworkFailureKind,
	attempt: Attempt,
): RetryDecision {
	if (kind === 'not-sent') {
		// The service was not reached: safe for every method, but a down service is not waited on for long.
		if (attempt.attempt >= 3) return { retry: false, reason: 'the service could not be reached' };
		return withinBudget(
			backoffDelay(attempt.attempt, attempt.policy),
			attempt,
			'connection refused',
		);
	}
	if (kind === 'ambiguous' && isIdempotent(attempt.method)) {
		if (attempt.attempt >= 4) return { retry: false, reason: 'the connection kept failing' };
		return withinBudget(
			backoffDelay(attempt.attempt, attempt.policy),
			attempt,
			'connection dropped',
		);
	}
	if (kind === 'ambiguous')
		return { retry: false, reason: 'the request may have been processed; it is not sent twice' };
	return { retry: false, reason: 'not a transient failure' };
}
