/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Scenario 6's lines: each batch against its minimum (the nominal wait plus the sends' pacing) and, for the runs,
 * against the runs' own length by the simulator's clock, which is what the node waits on whatever it does: the
 * simulator renders the runs' files in its one thread, so 50 runs ending together last longer than the nominal 10 s.
 */
import { LOOP_INTERVAL_S, type BatchRow } from '../scenarios/batches';
import { ratioText as times } from './paceRows';
import type { Row } from './report';

/** Against the runs' own length, the node's own cost (starting them, learning each end, its output) is all that is left. */
const RUNS_OWN_TARGET = 1.03;

/** Each side's runs by the simulator's clock, printed before the table. */
function printClocks(row: BatchRow): void {
	for (const [side, clock] of [
		['this package', row.oursClock],
		['the loop', row.loopClock],
	] as const)
		if (clock)
			console.log(
				`bench: 6. ${row.label}, ${side}, by the simulator's clock: ${clock.runs} runs, the longest ${clock.longestRunSeconds.toFixed(2)} s; the last ended ${clock.lastEndSeconds.toFixed(2)} s after the node started, the node ended ${clock.afterLastEndSeconds.toFixed(2)} s after that`,
			);
}

function nominalRow(row: BatchRow): Row {
	const ratio = row.oursSeconds / row.minimumSeconds;
	const hasLoop = row.loopSeconds !== undefined;
	return {
		scenario: '6. Batches',
		metric: `${row.label}: wall time (minimum ${row.waitSeconds} s + pacing ${row.pacingSeconds.toFixed(1)} s = ${row.minimumSeconds.toFixed(1)} s)`,
		ours: `${row.oursSeconds.toFixed(1)} s = ${times(ratio)} minimum, ${row.failed} failed`,
		alternative: hasLoop
			? `${row.loopSeconds?.toFixed(1)} s (HTTP Request + If + Wait ${LOOP_INTERVAL_S} s loop), ${row.loopFailed} failed`
			: '-',
		ratio: hasLoop ? `${times((row.loopSeconds ?? 0) / row.oursSeconds)} faster` : '-',
		target: hasLoop ? '≤ 1.2× the minimum, faster than the loop' : '≤ 1.2× the minimum',
		met:
			row.failed === 0 &&
			ratio <= 1.2 &&
			(row.loopSeconds === undefined || row.loopSeconds > row.oursSeconds),
	};
}

function runsOwnRow(row: BatchRow): Row | undefined {
	if (!row.oursClock) return undefined;
	const ownMinimum = row.pacingSeconds + row.oursClock.longestRunSeconds;
	const ratio = row.oursSeconds / ownMinimum;
	return {
		scenario: '6. Batches',
		metric: `${row.label}: wall time against the runs' own length (the longest run by the simulator's clock ${row.oursClock.longestRunSeconds.toFixed(2)} s + pacing ${row.pacingSeconds.toFixed(1)} s = ${ownMinimum.toFixed(2)} s)`,
		ours: `${row.oursSeconds.toFixed(1)} s = ${times(ratio)} the runs' own, ended ${row.oursClock.afterLastEndSeconds.toFixed(2)} s after the last run`,
		alternative: row.loopSeconds === undefined ? '-' : `${row.loopSeconds.toFixed(1)} s (the loop)`,
		ratio: '-',
		target: `≤ ${RUNS_OWN_TARGET}× the runs' own, never slower than the loop`,
		met:
			row.failed === 0 &&
			ratio <= RUNS_OWN_TARGET &&
			(row.loopSeconds === undefined || row.loopSeconds >= row.oursSeconds),
	};
}

export function batchRows(batches: BatchRow[]): Row[] {
	batches.forEach(printClocks);
	return batches.flatMap((row) => {
		const own = runsOwnRow(row);
		return own ? [nominalRow(row), own] : [nominalRow(row)];
	});
}
