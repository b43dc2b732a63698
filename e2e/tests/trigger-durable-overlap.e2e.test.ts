/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The Run Finished trigger when n8n runs two polls of it at once. n8n's durable scheduler makes one job per Poll
// Times entry and checks a commit per occurrence, not per trigger: two entries due at the same instant, or overdue
// occurrences picked up together after a restart, run two polls from the same saved state (measured in n8n
// 2.41.1: every run of the minute fired twice). Two n8n processes run at once, each with its own simulators:
//   A. durable: two Poll Times entries due at the same second, three rounds of two runs;
//   B. durable: four entries ten seconds apart; n8n stopped while three runs finish, then started again, so
//      that its overdue occurrences run together;
//   C. the legacy poller with the Poll Times of A, as a control (n8n uses a custom cron as written, so its two
//      entries fall due together there too).
// Every run must fire exactly once, counted from n8n's own executions. Poll Times are custom crons with a fixed
// second: the shortest n8n allows is once a minute per entry.
import type { N8n } from '../lib/n8n';
import { waitUntil } from '../lib/waiting';
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
	startRuns,
	triggerWorkflow,
	type TriggerCase,
} from './trigger-cases';

const LEFT = 'poll left to another poll of this trigger';

/** A case, and the n8n whose trigger polls it at its Poll Times (custom crons). */
interface Case extends TriggerCase {
	n8n: N8n;
	crons: string[];
}
const cases = {} as Record<'A' | 'B' | 'C', Case>;
let durable: N8n;
let legacy: N8n;
const progress = new ProgressLog();
const say = (line: string) => progress.say(line);

// Seconds of the minute: A and C at one second, B's four entries ten seconds apart.
const second = (offset: number) => String((new Date().getSeconds() + 30 + offset) % 60);
const SAME = [`${second(0)} * * * * *`, `${second(0)} */1 * * * *`];
const APART = [0, 10, 20, 30].map((offset) => `${second(offset + 15)} * * * * *`);

const workflow = (c: Case) =>
	triggerWorkflow(
		c,
		'overlapping polls',
		c.crons.map((cronExpression) => ({ mode: 'custom', cronExpression })),
	);

async function open(key: 'A' | 'B' | 'C', name: string, n8n: N8n, crons: string[]): Promise<Case> {
	cases[key] = { ...(await openTriggerCase(name, `dwE2EOverlap${key}`)), n8n, crons };
	return cases[key];
}

/** One import of the credentials and one of the workflows per n8n (each n8n command costs seconds), then publish. */
async function install(n8n: N8n, own: Case[]): Promise<void> {
	await n8n.importCredentials(own.map(caseCredential));
	await n8n.importWorkflows(own.map(workflow));
	for (const c of own) await n8n.publishWorkflow(c.workflowId);
}

const fired = (c: Case) => firedRuns(c.n8n, c);
/** How many executions fired each run (a run fired twice shows 2). */
function perRun(c: Case): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const id of fired(c)) counts[id] = (counts[id] ?? 0) + 1;
	return counts;
}
/** Polls of this n8n that left the work to another (n8n's log does not name the workflow: A and B share one n8n). */
const leftCount = (c: Case) =>
	c.n8n
		.serverLog()
		.split('\n')
		.filter((line) => line.includes(LEFT)).length;
/** List requests of the service that came less than a second after the one before: polls that met. */
function metPolls(c: Case): number {
	const at = runLists(c).map((entry) => Date.parse(entry.at));
	return at.filter((time, index) => index > 0 && time - at[index - 1] < 1_000).length;
}

beforeAll(async () => {
	[durable, legacy] = await Promise.all([packageN8n(true), packageN8n(false)]);
	const [A, B, C] = [
		await open('A', 'durable, two entries at one second', durable, SAME),
		await open('B', 'durable, four entries 10 s apart, restarted', durable, APART),
		await open('C', 'legacy control, two entries at one second', legacy, SAME),
	];
	await Promise.all([install(durable, [A, B]), install(legacy, [C])]);
	await Promise.all([durable.start({ timeoutMs: 180_000 }), legacy.start({ timeoutMs: 180_000 })]);
	for (const c of Object.values(cases))
		await waitUntil(`${c.name}: the activation poll`, () => runLists(c).length > 0, 90_000, 250);
	say(
		`n8n started (durable and legacy); Poll Times A and C ${SAME.join(' | ')}, B ${APART.join(' | ')}`,
	);
}, 480_000);

/** The error of each failed execution of a workflow, as n8n stored it. */
function errors(c: Case): string[] {
	const rows = c.n8n.query<{ data: string | null }>(
		'SELECT d.data FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = ? AND e.status = ?',
		c.workflowId,
		'error',
	);
	return rows.map(
		(row) =>
			/"message":"([^"]*)"/.exec(row.data ?? '')?.[1] ??
			/message[^,]{0,200}/.exec(row.data ?? '')?.[0] ??
			'unknown',
	);
}

afterAll(async () => {
	for (const c of Object.values(cases))
		if (c.n8n) say(`${c.name}: failed executions ${JSON.stringify(errors(c))}`);
	progress.print('overlapping polls e2e');
	const logs = [durable?.serverLog() ?? '', legacy?.serverLog() ?? ''];
	await durable?.dispose();
	await legacy?.dispose();
	for (const c of Object.values(cases)) await c.sim?.stop();
	expect(E2EContext.leaks(logs)).toEqual([]);
});

it('two Poll Times entries due at the same second, three rounds, under the durable scheduler and the legacy poller: every run fires once', async () => {
	const { A, C } = cases;
	const owed = { A: [] as string[], C: [] as string[] };
	for (let round = 1; round <= 3; round++) {
		const a = await startRuns(A, 2);
		const c = await startRuns(C, 2);
		owed.A.push(...a);
		owed.C.push(...c);
		await waitUntil(
			`round ${round}: the runs to finish`,
			() => allCompleted(A, a) && allCompleted(C, c),
			30_000,
		);
		await waitUntil(
			`round ${round}: A's runs to fire`,
			() => a.every((id) => fired(A).includes(id)),
			130_000,
			500,
		);
		await waitUntil(
			`round ${round}: C's runs to fire`,
			() => c.every((id) => fired(C).includes(id)),
			130_000,
			500,
		);
		say(`round ${round}: fired A ${JSON.stringify(perRun(A))}, C ${JSON.stringify(perRun(C))}`);
	}
	// One more round of polls of each, to let a second firing show up.
	const listed = { A: runLists(A).length, C: runLists(C).length };
	await waitUntil(
		'one more poll of A and C',
		() => runLists(A).length > listed.A && runLists(C).length > listed.C,
		130_000,
		500,
	);
	await new Promise((resolve) => setTimeout(resolve, 5_000));

	for (const c of [A, C]) {
		say(
			`${c.name}: executions per run ${JSON.stringify(perRun(c))}; executions ${caseExecutions(c.n8n, c).length}; polls left to the other one ${leftCount(c)}; list requests ${runLists(c).length}`,
		);
		expect(Object.values(perRun(c)).filter((count) => count !== 1)).toEqual([]);
	}
	expect(Object.keys(perRun(A)).sort()).toEqual([...owed.A].sort());
	expect(Object.keys(perRun(C)).sort()).toEqual([...owed.C].sort());
	// The polls did meet: n8n started two at once, and one left the work to the other.
	expect(leftCount(A)).toBeGreaterThan(0);
}, 600_000);

it('four entries ten seconds apart, n8n stopped while runs finish and started again (overdue occurrences together), durable scheduler: every run fires once', async () => {
	const { B } = cases;
	const before = await startRuns(B, 2);
	await waitUntil(
		'B: the first runs to fire',
		() => before.every((id) => fired(B).includes(id)),
		70_000,
		500,
	);
	const polled = runLists(B).length;
	await waitUntil('B: a poll', () => runLists(B).length > polled, 30_000, 250);
	await durable.stop();
	const stoppedAt = Date.now();
	const during = await startRuns(B, 3);
	await waitUntil(
		'B: the runs to finish while n8n is stopped',
		() => allCompleted(B, during),
		30_000,
	);
	// Two or three of B's entries fall due while n8n is stopped (within n8n's misfire grace of a minute).
	await new Promise((resolve) =>
		setTimeout(resolve, Math.max(0, 25_000 - (Date.now() - stoppedAt))),
	);
	const restarted = runLists(B).length;
	await durable.start({ timeoutMs: 300_000 });
	say('B: n8n restarted');
	await waitUntil(
		'B: the runs to fire after the restart',
		() => during.every((id) => fired(B).includes(id)),
		130_000,
		500,
	);
	const settled = runLists(B).length;
	await waitUntil('B: one more poll', () => runLists(B).length > settled, 70_000, 500);
	await new Promise((resolve) => setTimeout(resolve, 5_000));

	say(
		`B: executions per run ${JSON.stringify(perRun(B))}; executions ${caseExecutions(durable, B).length}; polls left to the other one ${leftCount(B)}; list requests after the restart ${runLists(B).length - restarted}, of which less than 1 s after the one before ${metPolls(B)}`,
	);
	expect(Object.values(perRun(B)).filter((count) => count !== 1)).toEqual([]);
	expect(Object.keys(perRun(B)).sort()).toEqual([...before, ...during].sort());
	for (const c of Object.values(cases))
		expect(
			caseExecutions(c.n8n, c)
				.map((execution) => execution.status)
				.filter((status) => status !== 'success'),
		).toEqual([]);
}, 600_000);
