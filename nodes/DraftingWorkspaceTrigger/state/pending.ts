import { runIdOf } from '../../shared/runs/record';
import { oldestStart, pageMayHideRuns, type ListedPage } from './pages';
import type { TriggerState } from './state';

/**
 * Runs seen in a status that is not final are remembered in `pending` (named by the contract or not), so a
 * run is followed to its end even when the lists stop showing it. This is the one rule of which of them the
 * poll reads directly: the ones the lists did not answer for, outside the window or older than the oldest run
 * of a full page of their workflow. Each is read, least recently read first (`pending` keeps read order).
 */
export function pendingToCheck(
	state: TriggerState,
	pages: ListedPage[],
	windowFrom: number,
): string[] {
	const listed = new Set(pages.flatMap((page) => page.runs.map(runIdOf)).filter(Boolean));
	const unfiltered = pages.filter((page) => page.status === undefined);
	const hidingFrom = unfiltered
		.filter((page) => pageMayHideRuns(page, windowFrom))
		.map(oldestStart);
	const coveredFrom = hidingFrom.length ? Math.max(...hidingFrom) : windowFrom;
	return Object.entries(state.pending)
		.filter(([id, start]) => !listed.has(id) && (start < coveredFrom || !unfiltered.length))
		.map(([id]) => id);
}
