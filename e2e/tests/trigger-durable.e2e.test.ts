/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The Run Finished trigger under `n8n start` with n8n's durable poll scheduler on: the
// scheduler every n8n from 2.45 runs by default, switched on in 2.41 by four flags. Four published workflows
// poll four simulators at once (every minute, each at its own second), one case each:
//   A. restarts between polls: a run that finishes between the activation poll and the first scheduled one (the
//      scheduler discards the activation poll's node state), then one that finishes while n8n is stopped;
//   B. a first poll that fails: the activation poll and the first scheduled poll answered 500;
//   C. a burst beyond 50: 60 runs queued, paused at review and stalled, then all completed at once;
//   D. a poll abandoned at n8n's timeout (45 s) under realistic latency, with the rendered files attached: the
//      service trickles one list answer over 55 s, so bytes keep coming and no idle timeout ends it.
// Every run must fire exactly once, counted from n8n's own executions (the trigger's items in execution_data).
import { FIXTURE_IDS, runAdmin, type SimulatorOptions } from '../../test/simulator';
import type { N8n } from '../lib/n8n';
import { waitUntil } from '../lib/waiting';
import { startSummaryRun } from '../lib/service-api';
import { E2EContext } from './support';
import {
	ProgressLog,
	allCompleted,
	caseCredential,
	caseExecutions,
	firedRuns,
	openTriggerCase,
	packageN8n,
	runLists,
	triggerWorkflow,
	type TriggerCase,
} from './trigger-cases';

const ABANDONED = 'Poll exceeded its timeout and was abandoned';

type Key = 'A' | 'B' | 'C' | 'D';
const KEYS: Key[] = ['A', 'B', 'C', 'D'];
const cases = {} as Record<Key, TriggerCase>;
let n8n: N8n;
const progress = new ProgressLog();
const say = (line: string) => progress.say(line);

const workflow = (c: TriggerCase, options: Record<string, unknown> = {}) =>
	triggerWorkflow(c, 'durable scheduler', [{ mode: 'everyMinute' }], options);

async function open(key: Key, name: string, options: SimulatorOptions): Promise<void> {
	cases[key] = await openTriggerCase(name, `dwE2EDurable${key}`, options);
}

const fired = (c: TriggerCase) => firedRuns(n8n, c);
const startRun = (c: TriggerCase) => startSummaryRun(c.url);
const listCounts = () =>
	Object.fromEntries(KEYS.map((key) => [key, runLists(cases[key]).length])) as Record<Key, number>;
/** Waits for the next poll of a case: a list request after `since` (its count of list requests). */
const nextPoll = (c: TriggerCase, since: number, label: string) =>
	waitUntil(`${c.name}: ${label}`, () => runLists(c).length > since, 130_000, 250);

/** The polls of a case as the service saw them: first request to the end of the last, grouped when < 5 s apart. */
function pollSpans(c: TriggerCase): string {
	const spans: Array<[number, number]> = [];
	for (const entry of c.sim.admin.requests()) {
		const at = Date.parse(entry.at);
		const end = at + (entry.durationMs ?? 0);
		const last = spans.at(-1);
		if (last && at - last[1] < 5_000) last[1] = Math.max(last[1], end);
		else spans.push([at, end]);
	}
	return spans.map(([from, to]) => `${((to - from) / 1000).toFixed(1)} s`).join(', ');
}

beforeAll(async () => {
	await open('A', 'restarts between polls', {});
	await open('B', 'a first poll that fails', {});
	await open('C', 'a burst beyond 50', { statusNames: 'conditions', latency: 'realistic' });
	await open('D', 'a poll abandoned at the timeout', { latency: 'realistic' });
	n8n = await packageN8n(true);
	await n8n.importCredentials(Object.values(cases).map(caseCredential));
	await n8n.importWorkflows([
		workflow(cases.A),
		workflow(cases.B),
		workflow(cases.C),
		workflow(cases.D, { attachFiles: true }),
	]);
	for (const c of Object.values(cases)) await n8n.publishWorkflow(c.workflowId);
}, 300_000);

afterAll(async () => {
	progress.print('durable scheduler e2e');
	await n8n?.dispose();
	for (const c of Object.values(cases)) await c.sim?.stop();
});

it('n8n start with the durable scheduler: restarts, a failed first poll, a burst of 60, a poll abandoned at 45 s: every run fires exactly once', async () => {
	const { A, B, C, D } = cases;
	const [history] = runAdmin(A.sim).seedRuns([
		{
			workflowId: FIXTURE_IDS.workflows.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Completed',
			startedAt: new Date(Date.now() - 600_000).toISOString(),
		},
	]);
	// B: the activation poll and the first scheduled poll fail (500 upstream_error, not retried by the node).
	B.sim.admin.addFault({
		kind: 'status',
		status: 500,
		method: 'GET',
		path: '/workflows/runs',
		times: 2,
	});

	await n8n.start();
	// The activation polls: the durable scheduler runs each once, as a test, when the workflow is published.
	for (const c of Object.values(cases)) await nextPoll(c, 0, 'the activation poll');
	say('n8n started; the four activation polls made');

	// Phase 1, before the first scheduled polls.
	const a1 = await startRun(A);
	const b1 = await startRun(B);
	const burst = runAdmin(C.sim).seedRuns([
		{
			workflowId: FIXTURE_IDS.workflows.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Pending',
			startedAt: new Date().toISOString(),
			count: 60,
			spacingMs: 5,
		},
	]);
	burst.forEach((id, index) =>
		runAdmin(C.sim).forceState(
			id,
			index % 3 === 0 ? 'Pending' : 'Running',
			(['queued', 'paused', 'stalled'] as const)[index % 3],
		),
	);
	const dRuns = [await startRun(D), await startRun(D)];
	D.sim.admin.addFault({
		kind: 'trickle',
		ms: 55_000,
		method: 'GET',
		path: '/workflows/runs',
		times: 1,
	});
	const listed = listCounts();

	await waitUntil(
		'A: run A1 to fire at the first scheduled poll',
		() => fired(A).includes(a1),
		130_000,
		500,
	);
	say(`A: ${a1} (finished between the activation poll and the first scheduled one) fired`);
	await nextPoll(B, listed.B, 'the first scheduled poll (500)');
	await nextPoll(C, listed.C, 'the first scheduled poll (60 runs under way)');
	await waitUntil(
		'D: n8n to abandon the trickled poll',
		() => n8n.serverLog().includes(ABANDONED),
		130_000,
		500,
	);
	say('D: n8n abandoned the first scheduled poll at its timeout');
	expect(allCompleted(B, [b1])).toBe(true);
	expect(fired(C)).toEqual([]);

	// Restart between polls; while n8n is stopped a run of A finishes and the burst of C completes.
	await n8n.stop();
	const a2 = await startRun(A);
	await waitUntil('A2 to finish', () => allCompleted(A, [a2]), 30_000);
	for (const id of burst) runAdmin(C.sim).forceState(id, 'Completed');
	const restartedAt = Date.now();
	await n8n.start();
	say('n8n restarted');

	// Phase 2: each fires what it owes.
	await waitUntil('A: A2 to fire', () => fired(A).includes(a2), 130_000, 500);
	await waitUntil('B: B1 to fire', () => fired(B).includes(b1), 130_000, 500);
	await waitUntil('C: the 60 runs to fire', () => new Set(fired(C)).size >= 60, 190_000, 500);
	await waitUntil(
		'D: its two runs to fire with their files',
		() => dRuns.every((id) => fired(D).includes(id)),
		130_000,
		500,
	);
	say('every case fired what it owed');
	// One more poll of each, to let a wrong second firing show up.
	const settled = listCounts();
	for (const key of KEYS) await nextPoll(cases[key], settled[key], 'one more poll');
	await new Promise((resolve) => setTimeout(resolve, 5_000));

	const log = n8n.serverLog();
	expect(fired(A).sort()).toEqual([a1, a2].sort());
	expect(fired(A)).not.toContain(history);
	expect(fired(B)).toEqual([b1]);
	expect(fired(C)).toHaveLength(60);
	expect(new Set(fired(C))).toEqual(new Set(burst));
	expect(fired(D).sort()).toEqual([...dRuns].sort());
	const dItems = caseExecutions(n8n, D).flatMap((execution) => execution.items);
	expect(dItems.map((item) => item.binary?.data?.fileName)).toEqual([
		'contract-summary.pdf',
		'contract-summary.pdf',
	]);
	for (const c of [A, B, C, D])
		expect(
			caseExecutions(n8n, c)
				.map((execution) => execution.status)
				.filter((status) => status !== 'success'),
		).toEqual([]);
	// Only D's trickled poll outlasted n8n's timeout; no warning of hidden runs for the burst.
	expect(log.split(ABANDONED).length - 1).toBe(1);
	expect(log).not.toMatch(/More than 50 runs started since the last poll/);
	// Measured, not asserted: whether the restart polled at once (the legacy poller does; the scheduler keeps its jobs).
	const soon = (c: TriggerCase) =>
		runLists(c).filter(
			(entry) => Date.parse(entry.at) >= restartedAt && Date.parse(entry.at) < restartedAt + 10_000,
		).length;
	say(
		`list requests within 10 s of the restart: ${KEYS.map((key) => `${key} ${soon(cases[key])}`).join(', ')}`,
	);
	for (const c of [A, B, C, D])
		say(
			`${c.name}: fired ${fired(c).length}, executions ${caseExecutions(n8n, c).length}; polls as the service saw them: ${pollSpans(c)}`,
		);
	expect(E2EContext.leaks([log])).toEqual([]);
}, 600_000);
