/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The Run Finished trigger under `n8n start`. Its activation poll records the activation instant (runs that
// finished before it are history, never replayed) and fires runs that finished since the state it saved.
// The shortest schedule n8n allows is one minute, so instead of waiting for it the test restarts n8n: the
// second activation poll works from
// the state the first one saved in the workflow's static data, which is the guarantee "restarts change
// nothing" exercised in a real n8n.
import { FIXTURE_IDS } from '../../test/simulator';
import { waitUntil } from '../lib/waiting';
import { loadWorkflow, useCredential } from '../lib/workflows';
import { E2EContext } from './support';

const ctx = new E2EContext();
const WORKFLOW_ID = 'dwE2ERunFinished';
const STATIC_KEY = 'node:Run Finished';

beforeAll(async () => {
	await ctx.start({ runTimeScale: 0.1 });
	// The trigger polls with one key, the downstream node reads with another key of the same user, so the
	// request log tells their requests apart.
	const [poller, reader] = await ctx.importCredentials('full', 'full2');
	const workflow = useCredential(
		useCredential(loadWorkflow('run-finished-trigger'), poller, ['Run Finished']),
		reader,
		['Read Run'],
	);
	await ctx.n8n.importWorkflow(workflow);
	await ctx.n8n.publishWorkflow(WORKFLOW_ID);
});

afterAll(async () => ctx.stop());

const readerRequests = () =>
	ctx.sim.admin.requests().filter((entry) => entry.keyId === FIXTURE_IDS.keys.full2);

it('n8n start: a run finished before activation never fires; one finished after the first activation fires once, and the next node reads exactly it', async () => {
	const history = ctx.seedHistoryRun();

	// First activation: its instant is recorded (the history run finished before it: never fired) and the state
	// is saved in the database once the activation is done.
	const beforeStart = Date.now();
	await ctx.n8n.start();
	const saved = await waitUntil(
		'the trigger state in the static data',
		() =>
			(
				ctx.n8n.readStaticData(WORKFLOW_ID)?.[STATIC_KEY] as
					| { state?: { activatedAt: number; fired: Record<string, number> } }
					| undefined
			)?.state,
		30_000,
	);
	expect(saved.activatedAt).toBeGreaterThanOrEqual(beforeStart);
	expect(Object.keys(saved.fired)).not.toContain(history);
	await ctx.n8n.stop();
	expect(readerRequests()).toEqual([]);

	// A run started through the API after that activation, finished while n8n is stopped.
	const runId = await ctx.completedSummaryRun();

	// Second activation: the poll fires the run; the workflow reads it with Run → Get.
	await ctx.n8n.start();
	await waitUntil('the Read Run node to read the run', () => readerRequests().length > 0, 60_000);
	// Give a second (wrong) firing the time to show up before counting.
	await new Promise((resolve) => setTimeout(resolve, 3000));
	expect(readerRequests().map((entry) => [entry.method, entry.path, entry.status])).toEqual([
		['GET', `/workflows/runs/${runId}`, 200],
	]);
	// Remembered as fired; the history run never was.
	const state = (
		ctx.n8n.readStaticData(WORKFLOW_ID)?.[STATIC_KEY] as {
			state: { fired: Record<string, number> };
		}
	).state;
	expect(Object.keys(state.fired)).toContain(runId);
	await ctx.n8n.stop();
	expect(ctx.n8n.serverLog()).toContain('Editor is now accessible');
	expect(E2EContext.leaks([ctx.n8n.serverLog()])).toEqual([]);
});
