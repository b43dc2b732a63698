/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The figures docs/running-at-scale.md gives for Auto's pace, read against the pace's own settings
// (nodes/DraftingWorkspace/pace/pace.ts): a setting changed without its docs fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { AUTO_PACE } from '../../../nodes/DraftingWorkspace/pace/pace';

const page = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'running-at-scale.md'), 'utf8')
	// A sentence may wrap anywhere: compared as one line.
	.replace(/\s+/g, ' ');

/** Numbers as the page words them: "twice as slow", "one item per eight windows", "a quarter less often". */
const TIMES: Record<number, string> = { 2: 'twice', 3: 'three times' };
const COUNTS: Record<number, string> = { 4: 'four', 8: 'eight', 16: 'sixteen' };
const SHARES: Record<number, string> = { 0.1: 'a tenth', 0.25: 'a quarter', 0.5: 'half' };
const MINUTES: Record<number, string> = { 60_000: 'one minute' };

it.each([
	['the start', `starts with ${AUTO_PACE.start} items in flight`],
	['the ceiling', `Never more than __${AUTO_PACE.ceiling} in flight__`],
	[
		'what lifts it',
		`once more than ${AUTO_PACE.liftAbove} items sent within ${MINUTES[AUTO_PACE.keySpanMs]}`,
	],
	['the lifted ceiling', `allows up to __${AUTO_PACE.liftedCeiling} in flight__`],
	[
		'the narrowing a lift still widens',
		`narrowed it by less than ${SHARES[AUTO_PACE.slowCutCost]}`,
	],
	[
		'the slow answer',
		`An answer more than ${TIMES[AUTO_PACE.slowAnswer]} as slow as the fastest seen`,
	],
	['the time never slow', `an answer within ${AUTO_PACE.notSlowWithinMs} ms is never slow`],
	['the cost that undoes a cut', `come back ${SHARES[AUTO_PACE.slowCutCost]} less often or worse`],
	['the probe', `one item per ${COUNTS[AUTO_PACE.probeWindows]} windows`],
])('docs/running-at-scale.md gives %s as the pace has it', (_what, words) => {
	expect(page).toContain(words);
});
