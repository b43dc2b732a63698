import { LIMITS, type TriggerState } from './state';

/**
 * Where this poll's list queries start: early enough to cover remembered unfinished runs, never before the
 * floor (raised when fired ids are forgotten) nor further back than the lookback.
 */
export function windowStart(state: TriggerState, now: number): number {
	const pendingStarts = Object.values(state.pending);
	const lower = pendingStarts.length ? Math.min(state.cursor, ...pendingStarts) : state.cursor;
	return Math.max(lower, state.floor, now - LIMITS.lookbackMs);
}

/**
 * Runs that started before this instant were listed by an earlier poll of this activation (or were named in
 * its warning): a full page hides new runs only when even its oldest run started after it.
 */
export function seenUpTo(state: TriggerState, windowFrom: number): number {
	return state.polled ? Math.max(windowFrom, state.cursor + LIMITS.marginMs) : windowFrom;
}
