import { LIMITS, type TriggerState } from './state';
import { windowStart } from './window';

/**
 * Keeps the state bounded without forgetting anything a later list could still show: beyond its bound, the
 * oldest pending and due runs are dropped with a warning; fired ids beyond theirs are forgotten and the floor
 * raised so that they can never be listed again; fired ids the window has passed are forgotten.
 */
export function prune(state: TriggerState, now: number, warnings: string[]): void {
	const pendingEntries = Object.entries(state.pending);
	if (pendingEntries.length > LIMITS.maxPending) {
		const dropped = [...pendingEntries].sort((a, b) => b[1] - a[1]).slice(LIMITS.maxPending);
		for (const [id] of dropped) delete state.pending[id];
		warnings.push(
			`More than ${LIMITS.maxPending} runs are under way at once; the ${dropped.length} oldest are no longer followed and will not fire when they finish. Filter the trigger by workflow.`,
		);
	}
	const dueEntries = Object.entries(state.due);
	if (dueEntries.length > LIMITS.maxDue) {
		const dropped = [...dueEntries]
			.sort((a, b) => a[1] - b[1])
			.slice(0, dueEntries.length - LIMITS.maxDue);
		for (const [id] of dropped) delete state.due[id];
		warnings.push(
			`More than ${LIMITS.maxDue} finished runs wait to fire; the ${dropped.length} oldest were dropped and will not fire. Filter the trigger by workflow.`,
		);
	}
	const firedEntries = Object.entries(state.fired);
	if (firedEntries.length > LIMITS.maxFired) {
		firedEntries.sort((a, b) => b[1] - a[1]);
		const kept = firedEntries.slice(0, LIMITS.maxFired);
		// Lists start at the floor from now on, so the forgotten (older) ids can never be listed again.
		state.floor = Math.max(state.floor, kept[kept.length - 1][1]);
		state.fired = Object.fromEntries(kept);
	}
	const windowFrom = windowStart(state, now);
	for (const [id, start] of Object.entries(state.fired)) {
		if (start < windowFrom - LIMITS.marginMs) delete state.fired[id];
	}
}
