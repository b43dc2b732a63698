import type { Failure, NodeApiError, NodeOperationError, TimedCause } from 'n8n-workflow';

import { catalogueEntry, type FailureCause } from './errorCatalogue';
import type { ServiceErrorInfo } from './errorTypes';

/**
 * Why an operation failed, in n8n's own words: the `failure` n8n 2.41+ reads off a thrown error. Its poll backoff
 * waits at least a timed cause's declared wait (capped at an hour) and rests an actionable cause for 30 minutes
 * instead of hammering a dead key; without a declaration it guesses from the HTTP status.
 */

/** Whether a wait can help, for every cause n8n names: a cause n8n adds later makes this fail to compile. */
const WAIT_HELPS: Record<FailureCause, boolean> = {
	'rate-limited': true,
	'quota-exhausted': true,
	'temporarily-unavailable': true,
	'credential-invalid': false,
	'configuration-invalid': false,
	'node-defect': false,
};

const isTimed = (cause: FailureCause): cause is TimedCause => WAIT_HELPS[cause];

/**
 * Declares the failure on an error, as a field rather than through the constructor option: n8n before 2.41 has no
 * such option (its constructors ignore it), and the field then still says why to anyone who reads it.
 */
export function withFailure<E extends NodeApiError | NodeOperationError>(
	error: E,
	failure: Failure | undefined,
): E {
	if (failure) error.failure = failure;
	return error;
}

/**
 * An HTTP status without a code the catalogue knows: a 401 is a dead key, a 429 a rate limit; a lock (423), a
 * timeout (408), "too early" (425) and any 5xx pass by themselves; any other refusal needs someone to act.
 */
function statusCause(status: number): FailureCause {
	if (status === 429) return 'rate-limited';
	if (status === 401) return 'credential-invalid';
	if (status >= 500 || status === 408 || status === 423 || status === 425)
		return 'temporarily-unavailable';
	return 'configuration-invalid';
}

/** The cause of a service error: its code's (errorCatalogue.ts), a feature-disabled code's, or its status's. */
export function serviceCause(info: ServiceErrorInfo): FailureCause {
	const entry = catalogueEntry(info.code);
	if (entry) return entry.cause;
	if (/_disabled$/.test(info.code)) return 'configuration-invalid';
	return statusCause(info.status);
}

/** A timed failure with the waits that are known; a wait n8n would not read (not a positive number) is left out. */
function timed(cause: TimedCause, retryAfterMs: number, resetsAtEpochMs: number): Failure {
	return {
		cause,
		...(Number.isFinite(retryAfterMs) && retryAfterMs > 0
			? { retryAfterMs: Math.ceil(retryAfterMs) }
			: {}),
		...(Number.isFinite(resetsAtEpochMs) && resetsAtEpochMs > 0 ? { resetsAtEpochMs } : {}),
	};
}

/**
 * The declared failure of a service error. A quota waits for its `reset_at` (the contract's "wait until then";
 * n8n would prefer a retryAfterMs over it, so one is declared only when there is no reset time). Every other timed
 * cause waits the longer of the answer's Retry-After and the rest its key still has on the shared board
 * (pause.ts): nothing with that key is sent before, whichever request's refusal asked for it.
 */
export function serviceFailure(info: ServiceErrorInfo, keyRestMs = 0): Failure {
	const cause = serviceCause(info);
	if (!isTimed(cause)) return { cause };
	const askedMs = (info.retryAfterSeconds ?? 0) * 1000;
	if (cause === 'quota-exhausted') {
		const resetsAt = typeof info.body.reset_at === 'string' ? Date.parse(info.body.reset_at) : NaN;
		return Number.isNaN(resetsAt) ? timed(cause, askedMs, NaN) : timed(cause, 0, resetsAt);
	}
	return timed(cause, Math.max(askedMs, keyRestMs), NaN);
}
