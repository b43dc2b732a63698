import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, runAdmin, templatesAdmin } from '../simulator';
import { traceTimers } from '../simulator/timer-trace';
import { isDeep } from '../support/depth';
import { byId } from '../integration/support';
import { itemOutcomes, plainMessageProblem, runNode } from './support/harness';
import { ReliabilityContext, writeResults } from './support/results';

/**
 * The one fault-matrix cell that waits the node's real timeout: the answers to Start Run's POST and to
 * Produce's POST are held 90 s after the service acted (a run started, a document produced). The node gives up
 * after its own 60 s, says so, and does not send the request again. Both run at once, so the file takes ~60 s
 * of mostly idle waiting: it runs in `npm run test:deep` (CI), and `npm test` skips it. The fault matrix
 * (faults.test.ts) runs the same cells with the timeout compressed 100×, in every `npm test`.
 */

const ctx = new ReliabilityContext();
/** Far past the node's 60 s, so the answer is still held when the node gives up, however busy the machine. */
const HOLD_MS = 90_000;
const deepIt = isDeep() ? it : it.skip;

beforeAll(async () => ctx.start({ runTimeScale: 0.2, sseHeartbeatMs: 250 }));
afterAll(async () => {
	await ctx.stop();
	writeResults('timeout-real', { cells, scan: ctx.scan() });
	expect(ctx.scan().leaks).toEqual([]);
});

const cells: IDataObject[] = [];

deepIt(
	'a POST answered after the node’s real 60 s timeout: plain message, sent once, the effect counted once',
	async () => {
		ctx.sim.admin.addFault({
			kind: 'delay',
			phase: 'after',
			ms: HOLD_MS,
			method: 'POST',
			path: '/workflows/runs',
			times: 1,
		});
		ctx.sim.admin.addFault({
			kind: 'delay',
			phase: 'after',
			ms: HOLD_MS,
			method: 'POST',
			path: '^/document-templates/[^/]+/documents$',
			times: 1,
		});
		const trace = traceTimers(ctx.sim);
		const [start, produce] = await Promise.all([
			runNode(ctx, {
				parameters: {
					resource: 'run',
					operation: 'start',
					workflowId: byId(FIXTURE_IDS.workflows.agentSummary),
					inputMode: 'text',
					inputText: 'Real timeout cell: summarise.',
					waitForCompletion: true,
					downloadFiles: false,
				},
				continueOnFail: true,
			}),
			runNode(ctx, {
				parameters: {
					resource: 'document',
					operation: 'produce',
					templateId: byId('tpl_offer_letter'),
					title: 'Real timeout cell',
					answers: {
						mappingMode: 'defineBelow',
						value: {
							'employee.name': 'Jordan Lee',
							'employee.start_date': '2026-03-01',
							role: 'Counsel',
						},
						matchingColumns: [],
						schema: [],
					},
				},
				continueOnFail: true,
			}),
		]);
		// Both holds were set and neither has run out: the node gave up on an answer that had not come yet.
		const holds = trace.count(HOLD_MS);
		trace.stop();
		const log = ctx.sim.admin.requests();
		const runs = runAdmin(ctx.sim)
			.runs()
			.filter((run) => run.input === 'Real timeout cell: summarise.');
		const documents = templatesAdmin(ctx.sim)
			.documents()
			.filter((document) => document.title === 'Real timeout cell');
		const outcomes = { start: itemOutcomes(start), produce: itemOutcomes(produce) };
		for (const [operation, effects, path] of [
			['Start Run + Wait', runs.length, /^\/workflows\/runs$/],
			['Produce', documents.length, /\/documents$/],
		] as const) {
			const [outcome] = operation === 'Produce' ? outcomes.produce : outcomes.start;
			cells.push({
				operation,
				fault: 'delayed past timeout (real 60 s)',
				outcome: outcome.ok ? 'succeeded' : `failed: ${outcome.message}`,
				attempts: log.filter((entry) => entry.method === 'POST' && path.test(entry.path)).length,
				effects,
				duplicates: effects > 1 ? 1 : 0,
			});
		}

		expect(holds).toEqual({ set: 2, ranOut: 0 });
		for (const [outcome] of [outcomes.start, outcomes.produce]) {
			expect(outcome.pairedItem).toEqual({ item: 0 });
			expect(outcome.ok).toBe(false);
			expect(outcome.message).toBe('The service did not answer within 60 s (ECONNABORTED)');
			expect(plainMessageProblem(outcome.message)).toBeUndefined();
			expect(String(outcome.json.description)).toMatch(
				/may have reached the service, so it was not sent again/,
			);
		}
		// Sent once each; the service did act once (the node cannot know), never twice.
		expect(cells.map((cell) => [cell.attempts, cell.effects])).toEqual([
			[1, 1],
			[1, 1],
		]);
	},
	90_000,
);
