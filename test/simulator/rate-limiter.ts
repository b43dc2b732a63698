/**
 * Per-key request rate limit (contract, Limits: 300 requests per minute by default).
 *
 * Algorithm: sliding log. For each key we keep the times of the requests that were ADMITTED in the
 * last window. A request is admitted while fewer than `limit` admitted requests lie in the window
 * (now - windowMs, now]. So no window of that length ever holds more than `limit` admitted requests,
 * and `reset_at` is exact: the moment the oldest admitted request leaves the window.
 *
 * Refused (429) requests are NOT recorded. A client that waits Retry-After and retries is admitted;
 * a client hammering while refused does not push its own recovery further away (no starvation).
 */
import type { Shape3Error } from './responses';

export type RateDecision =
	| { allowed: true; remaining: number }
	| { allowed: false; limit: number; resetAtMs: number; retryAfterSeconds: number };

export class RateLimiter {
	private readonly logs = new Map<string, number[]>();

	constructor(readonly windowMs: number) {
		if (!(windowMs > 0)) throw new Error(`rateLimitWindowMs must be positive, got ${windowMs}`);
	}

	check(subject: string, limit: number, nowMs: number): RateDecision {
		let log = this.logs.get(subject);
		if (!log) {
			log = [];
			this.logs.set(subject, log);
		}
		const windowStart = nowMs - this.windowMs;
		let expired = 0;
		while (expired < log.length && log[expired] <= windowStart) expired++;
		if (expired > 0) log.splice(0, expired);

		if (log.length < limit) {
			log.push(nowMs);
			return { allowed: true, remaining: limit - log.length };
		}
		// The request that frees a slot is the (length - limit + 1)-th oldest; with a constant limit that is log[0].
		const resetAtMs = log[log.length - limit] + this.windowMs;
		const retryAfterSeconds = Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
		return { allowed: false, limit, resetAtMs, retryAfterSeconds };
	}

	clear(): void {
		this.logs.clear();
	}
}

/** '1m' for the contract's minute; a scaled window reads '500ms', '10s' or '2m'. */
export function formatWindow(windowMs: number): string {
	if (windowMs % 60_000 === 0) return `${windowMs / 60_000}m`;
	if (windowMs % 1000 === 0) return `${windowMs / 1000}s`;
	return `${windowMs}ms`;
}

export function rateLimitedError(
	limit: number,
	windowMs: number,
	resetAtMs: number,
	retryAfterSeconds: number,
): Omit<Shape3Error, 'request_id'> {
	const window = formatWindow(windowMs);
	return {
		type: 'rate_limited',
		message: `Rate limit of ${limit} requests per ${window} exceeded for this API key. Retry after ${retryAfterSeconds} s.`,
		scope: 'key',
		metric: 'requests',
		limit,
		window,
		reset_at: new Date(resetAtMs).toISOString(),
		retry_after_seconds: retryAfterSeconds,
	};
}
