import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, runAdmin, templatesAdmin } from '../simulator';
import { byId } from '../integration/support';
import { itemOutcomes, plainMessageProblem, runNode } from './support/harness';
import { ReliabilityContext, writeResults } from './support/results';

/**
 * The one fault-matrix cell that waits the node's real timeout: the answers to Start Run's POST and to
 * Produce's POST are held 61 s after the service acted (a run started, a document produced). The node gives up
 * after its own 60 s, says so, and does not send the request again. Both run at once, so the file takes ~61 s
 * (on its own jest worker, beside the rest of the suite). The other timeout cells compress the timeout 100×.
 */

const ctx = new ReliabilityContext();
const HOLD_MS = 61_000;

beforeAll(async () => ctx.start({ runTimeScale: 0.2, sseHeartbeatMs: 250 }));
afterAll(async () => {
	await ctx.stop();
	writeResults('timeout-real', { cells, scan: ctx.scan() });
	expect(ctx.scan().leaks).toEqual([]);
});

const cells: IDataObject[] = [];

it('a POST answered after the node’s real 60 s timeout: plain message, sent once, the effect counted once', async () => {
	ctx.sim.admin.addFault({ kind: 'delay', phase: 'after', ms: HOLD_MS, method: 'POST', path: '/workflows/runs', times: 1 });
	ctx.sim.admin.addFault({ kind: 'delay', phase: 'after', ms: HOLD_MS, method: 'POST', path: '^/document-templates/[^/]+/documents$', times: 1 });
	const started = Date.now();
	const [start, produce] = await Promise.all([
		runNode(ctx, {
			parameters: { resource: 'run', operation: 'start', workflowId: byId(FIXTURE_IDS.workflows.agentSummary), inputMode: 'text', inputText: 'Real timeout cell: summarise.', waitForCompletion: true, downloadFiles: false },
			continueOnFail: true,
		}),
		runNode(ctx, {
			parameters: {
				resource: 'document',
				operation: 'produce',
				templateId: byId('tpl_offer_letter'),
				title: 'Real timeout cell',
				answers: { mappingMode: 'defineBelow', value: { 'employee.name': 'Jordan Lee', 'employee.start_date': '2026-03-01', role: 'Counsel' }, matchingColumns: [], schema: [] },
			},
			continueOnFail: true,
		}),
	]);
	const waitedMs = Date.now() - started;
	const log = ctx.sim.admin.requests();
	const runs = runAdmin(ctx.sim).runs().filter((run) => run.input === 'Real timeout cell: summarise.');
	const documents = templatesAdmin(ctx.sim).documents().filter((document) => document.title === 'Real timeout cell');
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
			waitedMs,
		});
	}

	expect(waitedMs).toBeGreaterThanOrEqual(60_000);
	for (const [outcome] of [outcomes.start, outcomes.produce]) {
		expect(outcome.pairedItem).toEqual({ item: 0 });
		expect(outcome.ok).toBe(false);
		expect(outcome.message).toBe('The service did not answer within 60 s (ECONNABORTED)');
		expect(plainMessageProblem(outcome.message)).toBeUndefined();
		expect(String(outcome.json.description)).toMatch(/may have reached the service, so it was not sent again/);
	}
	// Sent once each; the service did act once (the node cannot know), never twice.
	expect(cells.map((cell) => [cell.attempts, cell.effects])).toEqual([
		[1, 1],
		[1, 1],
	]);
}, 90_000);
