/**
 * Scenario 8's lines of the printed table: one per operation and N, with the three ratios the issue sets
 * targets for. "Batch Size 5" is the package's default window in node version 2; "Batch Size N" every item at once.
 */
import type { PaceRow, PaceSide } from '../scenarios/pace';
import type { Row } from './report';

const TARGETS = { bound: 1.2, defaults: 1.2, batching: 1.0 } as const;

const s = (seconds: number): string => (Number.isFinite(seconds) ? `${seconds.toFixed(1)} s` : 'n/a');
const x = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
const side = (measured: PaceSide): string => `${s(measured.seconds)}, ${measured.failed} failed`;

export function paceRows(rows: PaceRow[]): Row[] {
  return rows.map((row) => {
    const { window5, windowN } = row.ours;
    const toBound5 = window5.seconds / row.bound.window5;
    const toBoundN = windowN.seconds / row.bound.windowN;
    const toDefaults = row.httpDefaults ? windowN.seconds / row.httpDefaults.seconds : Number.NaN;
    const toBatching = row.httpBatching ? window5.seconds / row.httpBatching.seconds : Number.NaN;
    const ratios = [`bound ${x(toBound5)} (5) / ${x(toBoundN)} (N)`];
    if (row.httpDefaults && row.httpBatching) ratios.push(`N ÷ defaults ${x(toDefaults)}`, `5 ÷ Batching ${x(toBatching)}`);
    const met =
      window5.failed === 0 &&
      windowN.failed === 0 &&
      toBound5 <= TARGETS.bound &&
      toBoundN <= TARGETS.bound &&
      (!row.httpDefaults || toDefaults <= TARGETS.defaults) &&
      (!row.httpBatching || toBatching <= TARGETS.batching);
    return {
      scenario: "8. At the service's pace",
      metric: `${row.label}, N=${row.items} (bound ${s(row.bound.window5)} at 5, ${s(row.bound.windowN)} at N)`,
      ours: `Batch Size 5: ${side(window5)}; Batch Size N: ${side(windowN)}`,
      alternative:
        row.httpDefaults && row.httpBatching
          ? `defaults: ${side(row.httpDefaults)}; Batching 5 per 1 s: ${side(row.httpBatching)}`
          : '- (a loop nobody builds here: see README)',
      ratio: ratios.join('; '),
      target: row.httpDefaults ? `bound ≤ ${TARGETS.bound}, defaults ≤ ${TARGETS.defaults}, Batching ≤ ${TARGETS.batching.toFixed(1)}` : `bound ≤ ${TARGETS.bound}`,
      met,
    };
  });
}
