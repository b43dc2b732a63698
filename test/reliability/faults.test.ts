import { initFilesystemBinaryData } from '../setup/filesystemBinaryMode';

import type { IDataObject } from 'n8n-workflow';

import {
	compressTimeouts,
	itemOutcomes,
	plainMessageProblem,
	runNode,
	type ItemOutcome,
} from './support/harness';
import { ReliabilityContext, writeResults } from './support/results';
import {
	CELLS,
	COMPRESSED_TIMEOUT_MS,
	MAY_HAVE_HAPPENED,
	TARGETS,
	type CellResult,
} from './faults/cells';
import {
	describeOutcome,
	effectsPerItem,
	itemsFor,
	parametersFor,
	resultOf,
	splitByItem,
} from './faults/operations';

/**
 * The fault matrix: Start Run + Wait, Upload, Produce and Chat, each through n8n's engine against
 * the simulator's fault injection. Every cell runs two items with Continue On Fail, the fault aimed at the
 * first; it asserts the outcome (success, or a failure with a plain message), that nothing was done twice
 * (runs per input, uploads per file, documents per title, completions per question), and that nothing was
 * dropped silently (one output per input, paired, each a result or an error that says what happened).
 *
 * "Delayed past the node's timeout": the node's timeouts are 60 s (JSON), 120 s (event stream and chat) and
 * 300 s (upload). These cells compress the timeout of the faulted request to 2 s in the harness's credential
 * helper (support/harness.ts) and delay the answer past it; timeout-real.test.ts waits the real 60 s once.
 */

const ctx = new ReliabilityContext();

const results: CellResult[] = [];

beforeAll(async () => {
	await initFilesystemBinaryData();
	await ctx.start({
		runTimeScale: 1,
		sseHeartbeatMs: 250,
		ingestionMs: 50,
		chatChunkDelayMs: 2,
		defaultRateLimitPerMinute: 100_000,
	});
});
afterAll(async () => {
	await ctx.stop();
	const scan = ctx.scan();
	writeResults('faults', { cells: results, scan });
	expect(scan.leaks).toEqual([]);
});

describe('fault matrix', () => {
	it.each(CELLS.map((cell) => [`${cell.operation} × ${cell.fault}`, cell] as const))(
		'%s',
		async (_name, cell) => {
			ctx.reset();
			for (const rule of cell.rules) ctx.sim.admin.addFault(rule);
			const target = TARGETS[cell.operation];
			const items = itemsFor(cell);
			const started = Date.now();
			compressTimeouts(
				cell.compress
					? {
							method: target.method,
							path: target.pattern,
							factor: COMPRESSED_TIMEOUT_MS / (target.timeoutS * 1000),
						}
					: undefined,
			);
			let outcomes: ItemOutcome[];
			try {
				outcomes = itemOutcomes(
					await runNode(ctx, {
						parameters: parametersFor(cell.operation),
						items,
						continueOnFail: true,
					}),
				);
			} finally {
				compressTimeouts(undefined);
			}
			const wallMs = Date.now() - started;
			const log = ctx.sim.admin.requests();
			const effects = effectsPerItem(ctx, cell, items, log);

			// Attempts of the faulted request, per item: the entries for an item lie between its first attempt and the next item's.
			const targeted = log.filter(
				(entry) => entry.method === target.method && target.pattern.test(entry.path),
			);
			const byItem = splitByItem(ctx, cell, targeted, items);
			const result: CellResult = {
				operation: cell.operation,
				fault: cell.fault,
				target:
					cell.rules[0].path === target.path
						? `${target.method} ${target.path}`
						: `GET ${String(cell.rules[0].path)}`,
				rules: cell.rules.map(
					(rule) =>
						`${rule.kind}${'status' in rule ? ` ${rule.status}` : ''}${'afterFrames' in rule ? ` after ${rule.afterFrames}` : ''}${'phase' in rule && rule.phase ? ` (${rule.phase})` : ''} × ${rule.times === Infinity ? 'every' : rule.times}`,
				),
				outcome: describeOutcome(outcomes),
				items: outcomes.map((outcome, index) => ({
					ok: outcome.ok,
					message: outcome.message,
					effects: effects[index],
					streamConnections: ((outcome.json.wait ?? {}) as IDataObject).streamConnections as
						| number
						| undefined,
					saysItMayHaveHappened: outcome.ok
						? undefined
						: MAY_HAVE_HAPPENED.test(
								`${outcome.message ?? ''}\n${String(outcome.json.description ?? '')}`,
							),
				})),
				attempts: byItem.map((entries) => entries.length),
				duplicates: effects.filter((count) => count > 1).length,
				silentlyDropped: 0,
				actedOnButFailed: outcomes.filter((outcome, index) => !outcome.ok && effects[index] > 0)
					.length,
				wallMs,
			};
			// Nothing silently dropped: one output per input, paired; a success has its result and exactly one effect.
			const dropped =
				items.length -
				outcomes.length +
				outcomes.filter(
					(outcome, index) => outcome.ok && (!resultOf(cell, outcome) || effects[index] !== 1),
				).length;
			result.silentlyDropped = dropped;
			results.push(result);

			expect(outcomes.map((outcome) => outcome.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			// A failed item whose request the service acted on (a run started, an upload stored, a document made) says so.
			if (cell.operation !== 'Chat')
				for (const item of result.items.filter(
					(candidate) => !candidate.ok && candidate.effects > 0,
				))
					expect(item).toMatchObject({ saysItMayHaveHappened: true });
			expect(result.duplicates).toBe(0);
			expect(dropped).toBe(0);
			for (const outcome of outcomes.filter((candidate) => !candidate.ok))
				expect({ message: outcome.message, problem: plainMessageProblem(outcome.message) }).toEqual(
					{ message: outcome.message, problem: undefined },
				);

			const expected = cell.expected;
			if (expected.outcome === 'success') {
				expect(outcomes.map((outcome) => [outcome.ok, outcome.message])).toEqual([
					[true, undefined],
					[true, undefined],
				]);
				// Waits of a batch run side by side: both items' streams meet the burst, so its attempts are
				// counted over both items (less the other item's one success); sends stay one item after the other.
				const burstAttempts =
					cell.operation === 'Wait: event stream'
						? result.attempts[0] + result.attempts[1] - 1
						: result.attempts[0];
				if (expected.attempts !== undefined) expect(burstAttempts).toBe(expected.attempts);
				if (expected.minRetryGapMs !== undefined) {
					const times = byItem[0].map((entry) => Date.parse(entry.at));
					for (let index = 1; index < times.length; index++)
						expect(times[index] - times[index - 1]).toBeGreaterThanOrEqual(expected.minRetryGapMs);
				}
			} else {
				expect(outcomes[0].ok).toBe(false);
				expect(outcomes[0].message).toMatch(expected.message);
				if (expected.description)
					expect(String(outcomes[0].json.description)).toMatch(expected.description);
				expect(outcomes[0].json.itemIndex).toBe(0);
				expect(result.attempts[0]).toBe(expected.attempts);
				expect(outcomes[1].ok).toBe(true);
			}
			if (cell.maxStreamConnections !== undefined)
				for (const item of result.items)
					expect(item.streamConnections ?? 0).toBeLessThanOrEqual(cell.maxStreamConnections);
		},
	);
});
