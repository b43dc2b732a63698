import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, runAdmin } from '../simulator';
import { itemOutcomes, plainMessageProblem, runNode, type ItemSpec } from './support/harness';
import { ReliabilityContext, writeResults } from './support/results';
import { isDeep } from '../support/depth';
import { byId } from '../harness';

/**
 * Concurrency: one execution, 200 items (100 in `npm test`) of mixed valid and invalid input, through Start Run with
 * Wait for Completion, Continue On Fail on, while the service also throws a few 423s, 429s and dropped event
 * streams at it. The right items fail (with their own index and message), the rest complete, every output lines
 * up with its input (pairedItem, the run's own input), and each valid input started exactly one run.
 */

const ctx = new ReliabilityContext();
const wf = FIXTURE_IDS.workflows;
// 200 under `npm run test:deep` (CI); 100 in `npm test`, which still holds every kind of item twice.
const ITEMS = isDeep() ? 200 : 100;

type Kind =
	| 'valid'
	| 'empty required field'
	| 'number out of range'
	| 'date in a refused form'
	| 'unknown workflow';

function kindOf(index: number): Kind {
	if (index % 50 === 20) return 'unknown workflow';
	if (index % 25 === 11) return 'date in a refused form';
	if (index % 10 === 3) return 'empty required field';
	if (index % 10 === 7) return 'number out of range';
	return 'valid';
}

const EXPECTED: Record<Exclude<Kind, 'valid'>, RegExp> = {
	'empty required field':
		/^The input for workflow "NDA drafting" is not complete: Counterparty is required but empty$/,
	'number out of range':
		/^The run input does not match the workflow's input schema \(invalid_input\): term_months: must be at most 120$/,
	// Refused before sending, under the field's label: the service would refuse it too.
	'date in a refused form':
		/^The input for workflow "NDA drafting" is not complete: Effective date "[^"]+" is not a date the service accepts/,
	'unknown workflow': /^Workflow "wf_unknown_\d+" was not found \(404\)$/,
};

const counterparty = (index: number) => `Counterparty ${String(index).padStart(3, '0')}`;

function item(index: number): ItemSpec {
	const kind = kindOf(index);
	return {
		json: {
			index,
			workflowId: kind === 'unknown workflow' ? `wf_unknown_${index}` : wf.inputNda,
			counterparty: kind === 'empty required field' ? '' : counterparty(index),
			date: kind === 'date in a refused form' ? '31/12/2026' : '2026-03-01',
			term: kind === 'number out of range' ? 500 + index : 1 + (index % 120),
		},
	};
}

beforeAll(async () =>
	ctx.start({ runTimeScale: 0.05, sseHeartbeatMs: 200, defaultRateLimitPerMinute: 100_000 }),
);
afterAll(async () => {
	await ctx.stop();
	const scan = ctx.scan();
	writeResults('concurrency', { summary, scan });
	expect(scan.leaks).toEqual([]);
});

let summary: IDataObject = {};

it(`${ITEMS} items through Start Run + Wait: the right ones fail, the rest complete, outputs line up, no run twice`, async () => {
	// Faults along the way: transient refusals of the start (retried, not duplicated) and cut event streams (reopened).
	ctx.sim.admin.addFault({
		kind: 'status',
		status: 423,
		method: 'POST',
		path: '/workflows/runs',
		times: 4,
	});
	ctx.sim.admin.addFault({
		kind: 'status',
		status: 429,
		retryAfterSeconds: 1,
		method: 'POST',
		path: '/workflows/runs',
		times: 2,
	});
	ctx.sim.admin.addFault({
		kind: 'drop-stream',
		afterFrames: 2,
		path: '^/workflows/runs/[^/]+/events$',
		times: 20,
	});
	const items = Array.from({ length: ITEMS }, (_, index) => item(index));
	const started = Date.now();
	const result = await runNode(ctx, {
		parameters: {
			resource: 'run',
			operation: 'start',
			workflowId: byId('={{ $json.workflowId }}'),
			inputMode: 'fields',
			inputFields: {
				mappingMode: 'defineBelow',
				value: {
					counterparty: '={{ $json.counterparty }}',
					effective_date: '={{ $json.date }}',
					term_months: '={{ $json.term }}',
				},
				matchingColumns: [],
				schema: [],
			},
			waitForCompletion: true,
			downloadFiles: false,
			waitOptions: { checkInterval: 1, timeout: 60 },
		},
		items,
		continueOnFail: true,
	});
	const wallMs = Date.now() - started;
	const outcomes = itemOutcomes(result);
	const runs = runAdmin(ctx.sim)
		.runs()
		.filter((run) => run.keyId !== null);
	const runsPer = (index: number) =>
		runs.filter(
			(run) => (run.input as IDataObject | undefined)?.counterparty === counterparty(index),
		).length;

	const misaligned: number[] = [];
	const wrongOutcome: number[] = [];
	const duplicates: number[] = [];
	const byKind: Record<string, { items: number; succeeded: number; failed: number }> = {};
	outcomes.forEach((outcome, index) => {
		const kind = kindOf(index);
		byKind[kind] ??= { items: 0, succeeded: 0, failed: 0 };
		byKind[kind].items++;
		byKind[kind][outcome.ok ? 'succeeded' : 'failed']++;
		if ((outcome.pairedItem as { item: number }).item !== index) misaligned.push(index);
		if (runsPer(index) > 1) duplicates.push(index);
		if (kind === 'valid') {
			const input = outcome.json.input as IDataObject | undefined;
			const run = runs.find((candidate) => candidate.runId === outcome.json.runId);
			if (
				!outcome.ok ||
				outcome.json.status !== 'Completed' ||
				input?.counterparty !== counterparty(index) ||
				(run?.input as IDataObject | undefined)?.counterparty !== counterparty(index)
			)
				wrongOutcome.push(index);
		} else if (
			outcome.ok ||
			!EXPECTED[kind].test(String(outcome.message)) ||
			outcome.json.itemIndex !== index ||
			plainMessageProblem(outcome.message) ||
			runsPer(index) !== 0
		) {
			wrongOutcome.push(index);
		}
	});
	const log = ctx.sim.admin.requests();
	summary = {
		items: ITEMS,
		outputs: outcomes.length,
		byKind,
		runsStarted: runs.length,
		duplicates: duplicates.length,
		misaligned: misaligned.length,
		wrongOutcome: wrongOutcome.length,
		silentlyDropped: ITEMS - outcomes.length,
		faultsInjected: log.filter((entry) => entry.faults.length > 0).length,
		streamsReopened: outcomes.reduce(
			(sum, outcome) =>
				sum +
				Math.max(0, Number(((outcome.json.wait ?? {}) as IDataObject).streamConnections ?? 1) - 1),
			0,
		),
		wallMs,
	};

	expect(result.status).toBe('success');
	expect(outcomes).toHaveLength(ITEMS);
	expect({ misaligned, wrongOutcome, duplicates }).toEqual({
		misaligned: [],
		wrongOutcome: [],
		duplicates: [],
	});
	expect(runs).toHaveLength(byKind.valid.items);
	// Every start fault was met (and retried, never duplicated). The stream cuts meet only the streams still open:
	// a batch starts all the runs before following any, so most runs of 40 ms have ended by their turn
	// and are read after a refused stream (409); cut streams are the fault matrix's subject.
	expect(log.filter((entry) => entry.method === 'POST' && entry.faults.length > 0)).toHaveLength(6);
}, 240_000);
