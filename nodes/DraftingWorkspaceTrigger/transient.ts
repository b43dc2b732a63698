import { serviceCodeOf } from '../shared/transport';
import { classifyNetworkError } from '../shared/transport/retry';

/**
 * Which failures of an activated poll are transient (the next poll may not meet them), and how long the
 * service asked to be left alone. A transient failure is not thrown: the poll ends with nothing, its state as it
 * was, and a warning in n8n's log (docs/trigger.md, "When the service is unavailable", says why it is not thrown). Pure.
 */

/** n8n-workflow 2.41's TIMED_CAUSES, written out: older n8n versions do not export the value. */
const TIMED_CAUSES = ['rate-limited', 'quota-exhausted', 'temporarily-unavailable'];
const TRANSIENT_STATUSES = ['423', '429', '500', '502', '503', '504'];
/** n8n's poll backoff honours a declared wait up to an hour (`poll-backoff-policy`): so does the trigger. */
const MAX_REST_MS = 60 * 60 * 1000;

interface DeclaredFailure {
	cause?: unknown;
	retryAfterMs?: unknown;
	resetsAtEpochMs?: unknown;
}

function failureOf(error: unknown): DeclaredFailure | undefined {
	const failure = (error as { failure?: unknown } | undefined)?.failure;
	return failure && typeof failure === 'object' ? (failure as DeclaredFailure) : undefined;
}

/** The HTTP status a transport error carries ('' when none). */
export function httpCodeOf(error: unknown): string {
	return String((error as { httpCode?: unknown } | undefined)?.httpCode ?? '');
}

/**
 * A declared cause decides (rate limit, quota, unavailable: transient; a credential or configuration to fix:
 * not; the transport declares one on every error it throws). Without one (an error from elsewhere): a 423, 429 or
 * 5xx, or a request that got no answer (refused, reset, timed out, the poll's own time ran out).
 */
export function isTransient(error: unknown): boolean {
	const cause = failureOf(error)?.cause;
	if (typeof cause === 'string') return TIMED_CAUSES.includes(cause);
	if (TRANSIENT_STATUSES.includes(httpCodeOf(error))) return true;
	const code = serviceCodeOf(error);
	return (
		code !== undefined && /^E[A-Z_]+$/.test(code) && classifyNetworkError(code, '') !== 'other'
	);
}

/** How long the service asked the key to rest (a Retry-After, a quota's reset), at most an hour; 0 when it did not say. */
export function restAskedFor(error: unknown, now: number): number {
	const failure = failureOf(error);
	const declared =
		typeof failure?.retryAfterMs === 'number'
			? failure.retryAfterMs
			: typeof failure?.resetsAtEpochMs === 'number'
				? failure.resetsAtEpochMs - now
				: 0;
	return Number.isFinite(declared) && declared > 0 ? Math.min(declared, MAX_REST_MS) : 0;
}
