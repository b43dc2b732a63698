/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The Run Finished trigger under `n8n start` when its very first poll fails. The activation instant is saved
// before the first request, so the 500 at activation loses nothing: a run that starts and finishes afterwards
// fires at the next scheduled poll (n8n's shortest schedule: every minute), exactly once.
import { waitUntil } from '../lib/waiting';
import { loadWorkflow, useCredential } from '../lib/workflows';
import { E2EContext } from './support';

const ctx = new E2EContext();
const WORKFLOW_ID = 'dwE2EFirstPoll500';

beforeAll(async () => {
	await ctx.start({ runTimeScale: 0.1 });
	const [poller] = await ctx.importCredentials('full');
	const workflow = {
		...useCredential(loadWorkflow('run-finished-trigger'), poller, ['Run Finished', 'Read Run']),
		id: WORKFLOW_ID,
		name: 'Drafting Workspace e2e: first poll answered 500',
	};
	await ctx.n8n.importWorkflow(workflow);
	await ctx.n8n.publishWorkflow(WORKFLOW_ID);
});

afterAll(async () => ctx.stop());

const runReads = (runId: string) =>
	ctx.sim.admin
		.requests()
		.filter((entry) => entry.method === 'GET' && entry.path === `/workflows/runs/${runId}`);

it('n8n start, first poll answered 500: a run that finishes afterwards fires once at the next poll', async () => {
	ctx.sim.admin.addFault({
		kind: 'status',
		status: 500,
		path: '/workflows/runs',
		method: 'GET',
		times: 1,
	});
	await ctx.n8n.start();
	await waitUntil(
		'the activation poll to meet the 500',
		() => ctx.sim.admin.faults().length === 0,
		30_000,
	);
	await waitUntil(
		'the skipped poll in n8n’s log',
		() => /poll skipped after a transient error \(500\)/.test(ctx.n8n.serverLog()),
		10_000,
	);

	const runId = await ctx.completedSummaryRun();

	// The next scheduled poll (within a minute) fires it: the trigger reads its record, then Read Run reads it.
	await waitUntil(
		'the run to fire and be read by Read Run',
		() => runReads(runId).length >= 2,
		90_000,
	);
	// Give a second (wrong) firing the time to show up before counting.
	await new Promise((resolve) => setTimeout(resolve, 3000));
	expect(runReads(runId)).toHaveLength(2);
	await ctx.n8n.stop();
	expect(E2EContext.leaks([ctx.n8n.serverLog()])).toEqual([]);
});
