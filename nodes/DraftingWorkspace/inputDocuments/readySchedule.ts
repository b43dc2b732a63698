/**
 * When to read an upload's status while the service processes it. Pure. The contract gives no hint of how long
 * ingestion takes (the status answer carries no Retry-After and no estimate), so the reads follow the upload's
 * age: the first a quarter second after the upload (at once for an upload older than that, e.g. one whose turn
 * came late in a batch), then every quarter second until the upload is 2 s old, then an eighth of its age apart,
 * at most 5 s apart. A document is thus seen ready at most 0.25 s or 12.5 % of its age late, whichever is more.
 */

const FIRST_READ_AFTER_MS = 250;
const MIN_GAP_MS = 250;
const MAX_GAP_MS = 5000;
const AGE_FRACTION = 8;

/** How long to wait before the next status read of an upload `ageMs` old (`first`: nothing read yet). */
export function readyReadDelayMs(ageMs: number, first: boolean): number {
	if (first) return Math.max(0, FIRST_READ_AFTER_MS - ageMs);
	return Math.min(MAX_GAP_MS, Math.max(MIN_GAP_MS, Math.round(ageMs / AGE_FRACTION)));
}
