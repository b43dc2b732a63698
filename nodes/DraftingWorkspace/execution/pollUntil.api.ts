import { NodeOperationError, sleep } from 'n8n-workflow';

import { cancelSignalOf, type TransportContext } from '../../shared/transport';

/** The default gaps: soon after the first try, then less often (Start Run's start refused with `document_not_ready`
 * is tried again this way; an upload's status reads have their own schedule, inputDocuments/readySchedule.ts). */
const POLL_DELAYS_MS = [250, 500, 1000, 1000, 2000, 3000, 5000];

export type PollOutcome<T> =
	| { done: true; value: T }
	| { done: false; last: T | undefined; waitedMs: number };

/** How long to wait before try number `attempt` (0: the first try). */
export type PollDelay = (attempt: number) => number;

/** The default: the first try at once, then POLL_DELAYS_MS. */
const defaultDelay: PollDelay = (attempt) =>
	attempt ? POLL_DELAYS_MS[Math.min(attempt - 1, POLL_DELAYS_MS.length - 1)] : 0;

/**
 * Calls `check` until it returns `{ done: true }` or the time is up, waiting `delayBefore(attempt)` before each
 * try (never past the time; the first try happens even with no time). Sleeps with the execution's cancel
 * signal, so a cancelled execution stops waiting at once; the error says "canceled", which is how n8n
 * recognises a cancelled execution.
 */
export async function pollUntil<T>(
	context: TransportContext,
	what: string,
	timeoutMs: number,
	check: () => Promise<{ done: boolean; value: T }>,
	delayBefore: PollDelay = defaultDelay,
): Promise<PollOutcome<T>> {
	const signal = cancelSignalOf(context);
	const startedAt = Date.now();
	let last: T | undefined;
	for (let attempt = 0; ; attempt++) {
		const left = startedAt + timeoutMs - Date.now();
		if (attempt && left <= 0) return { done: false, last, waitedMs: Date.now() - startedAt };
		const delay = Math.min(delayBefore(attempt), Math.max(0, left));
		if (delay > 0) {
			try {
				await sleep(delay, signal);
			} catch {
				throw new NodeOperationError(
					context.getNode(),
					`The execution was canceled while waiting for ${what}`,
				);
			}
		}
		const result = await check();
		if (result.done) return { done: true, value: result.value };
		last = result.value;
	}
}
