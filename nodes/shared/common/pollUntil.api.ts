import { NodeOperationError, sleep } from 'n8n-workflow';

import { cancelSignalOf, type TransportContext } from '../transport';

/** Checks soon after the first try, then less often: ingestion of a small file takes under a second, and two one-second
 * gaps notice a 2 s ingestion at 2.75 s (not 3.75 s). */
const POLL_DELAYS_MS = [250, 500, 1000, 1000, 2000, 3000, 5000];

export type PollOutcome<T> = { done: true; value: T } | { done: false; last: T | undefined; waitedMs: number };

/**
 * Calls `check` until it returns `{ done: true }` or the time is up. Sleeps with the execution's cancel
 * signal, so a cancelled execution stops waiting at once; the error says "canceled", which is how n8n
 * recognises a cancelled execution.
 */
export async function pollUntil<T>(
	context: TransportContext,
	what: string,
	timeoutMs: number,
	check: () => Promise<{ done: boolean; value: T }>,
): Promise<PollOutcome<T>> {
	const signal = cancelSignalOf(context);
	const startedAt = Date.now();
	let last: T | undefined;
	for (let attempt = 0; ; attempt++) {
		const result = await check();
		if (result.done) return { done: true, value: result.value };
		last = result.value;
		const left = startedAt + timeoutMs - Date.now();
		if (left <= 0) return { done: false, last, waitedMs: Date.now() - startedAt };
		try {
			await sleep(Math.min(POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)], left), signal);
		} catch {
			throw new NodeOperationError(context.getNode(), `The execution was canceled while waiting for ${what}`);
		}
	}
}
