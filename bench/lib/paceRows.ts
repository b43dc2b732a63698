/**
 * Scenario 8's lines of the printed table: one per operation and N, with the three ratios the benchmark sets
 * targets for. "Batch Size 10" is a fixed window of 10 (DEFAULT_WINDOW); "Batch Size N"
 * every item at once.
 */
import { DEFAULT_WINDOW, LIMIT_PER_MINUTE, type PaceRow, type PaceSide } from '../scenarios/pace';
import type { Row } from './report';

const TARGETS = { bound: 1.2, defaults: 1.2, batching: 1.0 } as const;

/** A duration in seconds as the table prints it; autoRows prints its durations the same way. */
export const secondsText = (seconds: number): string =>
	Number.isFinite(seconds) ? `${seconds.toFixed(1)} s` : 'n/a';
/** A ratio as the table prints it; autoRows prints its ratios the same way. */
export const ratioText = (value: number): string =>
	Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a';
const side = (measured: PaceSide): string =>
	`${secondsText(measured.seconds)}, ${measured.failed} failed`;

export function paceRows(rows: PaceRow[]): Row[] {
	return rows.map((row) => {
		const { windowDefault, windowN } = row.ours;
		const toBoundDefault = windowDefault.seconds / row.bound.windowDefault;
		const toBoundN = windowN.seconds / row.bound.windowN;
		const toDefaults = windowN.seconds / row.httpDefaults.seconds;
		const toBatching = windowDefault.seconds / row.httpBatching.seconds;
		// The bound is a target at the default window only: at Batch Size N every request is in flight at once, and
		// the time is the simulator's and n8n's own work on N requests, which HTTP Request at its defaults measures
		// (the next target). "Batch Size N ≤ 1.2× HTTP Request at its defaults" holds for N under the key's limit; past it the defaults
		// lose items to 429s, and the target is 0 failed on this side instead.
		const underLimit = row.requests <= LIMIT_PER_MINUTE;
		const ratios = [
			`bound ${ratioText(toBoundDefault)} (${DEFAULT_WINDOW}) / ${ratioText(toBoundN)} (N)`,
			underLimit
				? `N ÷ defaults ${ratioText(toDefaults)}`
				: `over the limit: defaults lose ${row.httpDefaults.failed}, this package 0`,
			`${DEFAULT_WINDOW} ÷ Batching ${ratioText(toBatching)}`,
		];
		const met =
			windowDefault.failed === 0 &&
			windowN.failed === 0 &&
			toBoundDefault <= TARGETS.bound &&
			(!underLimit || toDefaults <= TARGETS.defaults) &&
			toBatching <= TARGETS.batching;
		return {
			scenario: "8. At the service's pace",
			metric: `${row.label}, N=${row.items} (bound ${secondsText(row.bound.windowDefault)} at ${DEFAULT_WINDOW}, ${secondsText(row.bound.windowN)} at N; profile ${secondsText(row.itemMs / 1000)} an item, the service took ${secondsText(windowDefault.serviceMsPerItem / 1000)} at ${DEFAULT_WINDOW})`,
			ours: `Batch Size ${DEFAULT_WINDOW}: ${side(windowDefault)}; Batch Size N: ${side(windowN)}`,
			alternative: `defaults: ${side(row.httpDefaults)}; Batching 5 per 1 s: ${side(row.httpBatching)}`,
			ratio: ratios.join('; '),
			target: `bound at ${DEFAULT_WINDOW} ≤ ${TARGETS.bound}, ${underLimit ? `defaults ≤ ${TARGETS.defaults}` : '0 failed'}, Batching ≤ ${TARGETS.batching.toFixed(1)}`,
			met,
		};
	});
}
