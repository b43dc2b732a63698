import { later } from '../harness/poll';
import { FIXTURE_IDS } from '../simulator';
import { firedIds, usePolledTrigger, waitUntil } from './trigger-support';
import { byId } from '../harness';

/**
 * The Run Finished trigger polled through n8n-core's PollContext against the simulator, when polls meet more
 * than the service lists, rate limits and errors, and in manual mode (Fetch Test Event).
 */

const wf = FIXTURE_IDS.workflows;
const { ctx, trigger, start, isFinished } = usePolledTrigger();

describe('Drafting Workspace Trigger (Run Finished) through n8n-core PollContext', () => {
	it('a burst of 60 runs of one workflow between two polls: the 50 the service lists fire once each, and a warning names the cause and the remedy', async () => {
		const harness = await trigger();
		await harness.poll();
		const burst = await start(wf.agentSummary, 60);
		await waitUntil(() => burst.every(isFinished));

		const result = await harness.poll();
		const fired = firedIds(result);
		// Guarantee stated in the node: up to 50 runs of a status per workflow filter between two polls all fire;
		// beyond what one query can list, the newest 50 fire and the overflow is reported, never silently.
		expect(fired).toHaveLength(50);
		expect(new Set(fired).size).toBe(50);
		expect(fired.every((id) => burst.includes(id))).toBe(true);
		const warnings = result.log.filter((line) => /warn/i.test(line)).join('\n');
		expect(warnings).toContain('More than 50 runs started since the last poll');
		expect(warnings).toContain('Filter the trigger by workflow, or poll more often');
		expect(firedIds(await harness.poll())).toEqual([]);
	});

	it('a 429 burst: retried within the poll when short; when long, the poll is skipped, nothing is lost, and the next poll catches up', async () => {
		const harness = await trigger();
		await harness.poll();
		const first = await start(wf.agentSummary, 3);
		await waitUntil(() => first.every(isFinished));
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 429,
			path: '/workflows/runs',
			method: 'GET',
			retryAfterSeconds: 1,
			times: 2,
		});
		expect(new Set(firedIds(await harness.poll()))).toEqual(new Set(first));

		const second = await start(wf.agentSummary, 3);
		await waitUntil(() => second.every(isFinished));
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 429,
			path: '/workflows/runs',
			method: 'GET',
			retryAfterSeconds: 60,
			times: 1,
		});
		const skipped = await harness.poll();
		expect(skipped.error).toBeUndefined();
		expect(skipped.items).toBeNull();
		expect(skipped.log.join('\n')).toMatch(
			/poll skipped after a transient error \(429\).*waits 60 s before it asks again/,
		);
		// The service asked for 60 s: the trigger asks nothing before that, and then catches up.
		const lists = () =>
			ctx.sim.admin.requests().filter((entry) => entry.path === '/workflows/runs').length;
		const before = lists();
		const resting = await harness.poll();
		expect(resting.items).toBeNull();
		expect(resting.log.join('\n')).toMatch(/poll skipped, the service asked to wait until/);
		expect(lists()).toBe(before);
		later(61_000);
		expect(new Set(firedIds(await harness.poll()))).toEqual(new Set(second));
	});

	it('500 and 423 during an activated poll do not stop the trigger; 503 feature_disabled (a setting to fix) and, in manual mode, any error is thrown', async () => {
		const harness = await trigger();
		await harness.poll();
		const runs = await start(wf.agentSummary, 2);
		await waitUntil(() => runs.every(isFinished));

		ctx.sim.admin.addFault({
			kind: 'status',
			status: 500,
			path: '/workflows/runs',
			method: 'GET',
			times: 1,
		});
		const unavailable = await harness.poll();
		expect(unavailable.error).toBeUndefined();
		expect(unavailable.items).toBeNull();
		expect(unavailable.log.join('\n')).toMatch(/poll skipped after a transient error \(500\)/);

		// A short tenant lock is waited out inside the poll (backoff), and the runs fire.
		ctx.sim.admin.lockTenant(FIXTURE_IDS.workspaces.acme, { requests: 2 });
		expect(new Set(firedIds(await harness.poll()))).toEqual(new Set(runs));

		ctx.sim.admin.addFault({
			kind: 'status',
			status: 503,
			path: '/workflows/runs',
			method: 'GET',
			times: 1,
		});
		const manual = await harness.poll('manual');
		expect(String((manual.error as Error | undefined)?.message)).toContain('feature_disabled');

		// API keys switched off on the deployment: waiting does not help, someone must act. Thrown, with its cause.
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 503,
			path: '/workflows/runs',
			method: 'GET',
			times: 1,
		});
		const disabled = await harness.poll();
		expect(String((disabled.error as Error | undefined)?.message)).toContain('feature_disabled');
		expect((disabled.error as { failure?: unknown }).failure).toEqual({
			cause: 'configuration-invalid',
		});
	});

	it('manual "Fetch test event" returns the most recent matching finished run without touching the state', async () => {
		const harness = await trigger({ events: ['Completed'] });
		const runs = await start(wf.agentSummary, 3);
		await waitUntil(() => runs.every(isFinished));
		const before = harness.savedStaticData();
		const { items, error } = await harness.poll('manual');
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(runs).toContain(items![0].json.runId ?? items![0].json.id);
		expect(harness.savedStaticData()).toEqual(before);
	});

	it('manual "Fetch test event" with no matching run says so, naming the statuses and what to do (not n8n\'s generic "no data")', async () => {
		const harness = await trigger({
			events: ['Cancelled'],
			workflows: { workflow: [{ workflowId: byId(wf.failing) }] },
		});
		const { items, error } = await harness.poll('manual');
		expect(items ?? null).toBeNull();
		expect((error as Error).message).toBe('No run has finished with the selected statuses yet');
		const description = String((error as { description?: string }).description);
		expect(description).toContain(
			'latest run that finished as Cancelled (of the selected workflows)',
		);
		expect(description).toContain('Run → Start');
	});
});
