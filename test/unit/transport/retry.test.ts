import { parseServiceError } from '../../../nodes/shared/transport/errors';
import {
	DEFAULT_RETRY_POLICY,
	classifyNetworkError,
	decideRetryForNetworkError,
	decideRetryForResponse,
} from '../../../nodes/shared/transport/retry';

const attempt = (method: 'GET' | 'POST', n = 1, elapsedMs = 0) => ({
	method,
	attempt: n,
	elapsedMs,
	policy: DEFAULT_RETRY_POLICY,
});
const rateLimited = (retryAfter: string) =>
	parseServiceError(
		429,
		{ 'retry-after': retryAfter },
		{ error: { type: 'rate_limited', retry_after_seconds: Number(retryAfter) } },
	);

describe('retry decisions', () => {
	it('waits out Retry-After on 429, for POST too (the service refused before doing anything)', () => {
		expect(decideRetryForResponse(rateLimited('2'), attempt('POST'))).toEqual({
			retry: true,
			delayMs: 2050,
			reason: 'rate limited',
		});
	});

	it('does not wait longer than the single-wait bound or past the budget', () => {
		expect(decideRetryForResponse(rateLimited('3600'), attempt('GET')).retry).toBe(false);
		expect(
			decideRetryForResponse(
				rateLimited('10'),
				attempt('GET', 2, DEFAULT_RETRY_POLICY.totalBudgetMs - 5_000),
			).retry,
		).toBe(false);
		expect(
			decideRetryForResponse(rateLimited('1'), attempt('GET', DEFAULT_RETRY_POLICY.maxAttempts))
				.retry,
		).toBe(false);
	});

	it('backs off exponentially on 423 tenant_locked', () => {
		const locked = parseServiceError(423, {}, { error: 'tenant_locked' });
		const delays = [1, 2, 3, 4, 5, 6, 7].map((n) =>
			decideRetryForResponse(locked, attempt('POST', n)),
		);
		expect(delays.map((d) => (d.retry ? d.delayMs : 0))).toEqual([
			250, 500, 1000, 2000, 4000, 8000, 8000,
		]);
	});

	it('never retries feature_disabled or quota_exceeded', () => {
		expect(
			decideRetryForResponse(
				parseServiceError(503, {}, { error: 'feature_disabled' }),
				attempt('GET'),
			).retry,
		).toBe(false);
		const quota = parseServiceError(
			429,
			{},
			{ error: { type: 'quota_exceeded', reset_at: '2026-12-01T00:00:00Z' } },
		);
		expect(decideRetryForResponse(quota, attempt('GET')).retry).toBe(false);
	});

	it('retries a 502 for GET only', () => {
		const upstream = parseServiceError(502, {}, { error: { type: 'upstream_error' } });
		expect(decideRetryForResponse(upstream, attempt('GET')).retry).toBe(true);
		expect(decideRetryForResponse(upstream, attempt('POST')).retry).toBe(false);
	});

	it('never re-sends a POST after an ambiguous network failure, but does re-send a refused connection', () => {
		expect(
			decideRetryForNetworkError(
				classifyNetworkError('ECONNRESET', 'socket hang up'),
				attempt('POST'),
			).retry,
		).toBe(false);
		expect(
			decideRetryForNetworkError(
				classifyNetworkError(undefined, 'timeout of 100ms exceeded'),
				attempt('POST'),
			).retry,
		).toBe(false);
		expect(
			decideRetryForNetworkError(classifyNetworkError('ECONNRESET', ''), attempt('GET')).retry,
		).toBe(true);
		expect(
			decideRetryForNetworkError(classifyNetworkError('ECONNREFUSED', ''), attempt('POST')).retry,
		).toBe(true);
		expect(
			decideRetryForNetworkError(classifyNetworkError('ECONNREFUSED', ''), attempt('POST', 3))
				.retry,
		).toBe(false);
	});
});
