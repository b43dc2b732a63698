/**
 * Scenario 9's lines of the printed table: one per profile, operation and N, with the targets the benchmark sets
 * where it sets one (fast N = 20 and 200: Auto ≤ 1.2× HTTP Request at its defaults; capped N = 60: Auto ≤ 1.3×
 * the bound, ≤ 10 % of its requests refused, nothing lost; rate-limited N = 600: nothing lost, ≤ 1.15× the
 * limit's minimum). Other rows are figures, not targets.
 */
import type { AutoRow, AutoSide } from '../scenarios/auto';
import { ratioText, secondsText } from './paceRows';
import type { Row } from './report';

const refusedShare = (side: AutoSide): number => (side.requests ? side.refused / side.requests : 0);
const side = (measured: AutoSide): string =>
	`${secondsText(measured.seconds)}, ${measured.failed} lost, ${measured.refused} of ${measured.requests} refused, peak ${measured.peak}`;

function target(row: AutoRow): { text: string; met: boolean | null } {
	const { auto } = row;
	if (row.profile === 'fast' && (row.items === 20 || row.items === 200))
		return {
			text: 'Auto ≤ 1.2× HTTP Request defaults',
			met: auto.failed === 0 && auto.seconds <= 1.2 * row.httpDefaults.seconds,
		};
	if (row.profile === 'capped' && row.items === 60)
		return {
			text: 'Auto ≤ 1.3× bound, ≤ 10 % refused, 0 lost',
			met: auto.failed === 0 && auto.seconds <= 1.3 * row.bound && refusedShare(auto) <= 0.1,
		};
	if (row.profile === 'rate-limited' && row.items === 600)
		return {
			text: 'Auto 0 lost, ≤ 1.15× the minimum',
			met: auto.failed === 0 && auto.seconds <= 1.15 * row.bound,
		};
	return { text: '-', met: null };
}

export function autoRows(rows: AutoRow[]): Row[] {
	return rows.map((row) => {
		const { text, met } = target(row);
		return {
			scenario: '9. Auto against each profile',
			metric: `${row.profile}: ${row.label}, N=${row.items} (bound ${secondsText(row.bound)})`,
			ours: `Auto: ${side(row.auto)}; fixed 10: ${side(row.fixed)}`,
			alternative: `defaults: ${side(row.httpDefaults)}; Batching 5 per 1 s: ${side(row.httpBatching)}`,
			ratio: `Auto ÷ bound ${ratioText(row.auto.seconds / row.bound)}; Auto ÷ defaults ${ratioText(row.auto.seconds / row.httpDefaults.seconds)}; fixed 10 ÷ bound ${ratioText(row.fixed.seconds / row.bound)}`,
			target: text,
			met,
		};
	});
}
