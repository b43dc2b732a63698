/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { FIXTURE_IDS, runAdmin } from '../simulator';
import { personStartedRunIds } from './support';
import { firedIds, staticDataBytes, usePolledTrigger, waitUntil } from './trigger-support';
import { byId } from '../harness';

/**
 * The Run Finished trigger polled through n8n-core's PollContext against the simulator, with real runs
 * played by the simulator's engine (fast) and review pauses approved in bursts between polls: each run fires once,
 * only the selected ones, across restarts, within bounded static data. Beside it: trigger-errors (warnings, failing
 * polls, Fetch Test Event) and trigger-lost-runs (the paths that once lost runs, the poll budget).
 */

const wf = FIXTURE_IDS.workflows;
const { ctx, trigger, api, start, isFinished, isPaused } = usePolledTrigger();

describe('Drafting Workspace Trigger (Run Finished) through n8n-core PollContext', () => {
	it('120 runs finishing in bursts across 6 polls, some under way at activation, a restart half-way: each fires exactly once, none before activation', async () => {
		// History: finished before activation, never fired.
		const history = await start(wf.agentSummary, 8);
		await waitUntil(() => history.every(isFinished));
		// Under way at activation: 30 runs paused at their review step.
		const paused = await start(wf.review, 30);
		await waitUntil(() => paused.every(isPaused));

		let harness = await trigger();
		const activation = await harness.poll();
		expect(firedIds(activation)).toEqual([]);

		const expected = new Set<string>(paused);
		const fired: string[] = [];
		const queue = [...paused];
		for (let burst = 1; burst <= 6; burst++) {
			const reviews = await start(wf.review, 12);
			const failing = await start(wf.failing, 3);
			for (const id of [...reviews, ...failing]) expected.add(id);
			await waitUntil(() => reviews.every(isPaused) && failing.every(isFinished));
			queue.push(...reviews);
			// Finish the 17 oldest paused runs: approved, or (in burst 2) 5 of them cancelled.
			const finishing = queue.splice(0, 17);
			for (const [index, id] of finishing.entries()) {
				if (burst === 2 && index < 5) await api('POST', `/workflows/runs/${id}/cancel`);
				else runAdmin(ctx.sim).approve(id);
			}
			await waitUntil(() => finishing.every(isFinished));

			fired.push(...firedIds(await harness.poll()));
			if (burst === 3) harness = await harness.restart();
		}

		expect(queue).toEqual([]);
		expect(expected.size).toBe(120);
		expect(fired).toHaveLength(120);
		expect(new Set(fired)).toEqual(expected);
		for (const id of history) expect(fired).not.toContain(id);
		// Nothing left to fire, and nothing fires twice on later polls.
		expect(firedIds(await harness.poll())).toEqual([]);
		expect(firedIds(await (await harness.restart()).poll())).toEqual([]);
	}, 60_000);

	it('emits the run record as the service returns it, with the rendered files attached when asked', async () => {
		const harness = await trigger({ events: ['Completed'], options: { attachFiles: true } });
		await harness.poll();
		const [runId] = await start(wf.agentSummary, 1);
		await waitUntil(() => isFinished(runId));
		const { items } = await harness.poll();
		expect(items).toHaveLength(1);
		expect(items![0].json).toMatchObject({
			runId,
			status: 'Completed',
			workflowId: wf.agentSummary,
		});
		expect(items![0].binary?.data).toMatchObject({
			fileName: 'contract-summary.pdf',
			mimeType: 'application/pdf',
		});
	});

	it('fires only the selected events and workflows', async () => {
		const harness = await trigger({
			events: ['Failed'],
			workflows: { workflow: [{ workflowId: byId(wf.failing) }] },
		});
		await harness.poll();
		const ok = await start(wf.agentSummary, 2);
		const bad = await start(wf.failing, 2);
		await waitUntil(() => [...ok, ...bad].every(isFinished));
		expect(new Set(firedIds(await harness.poll()))).toEqual(new Set(bad));
	});

	it('static data survives a restart: saved, recreated, resumed with no duplicates and nothing missed', async () => {
		const first = await trigger();
		await first.poll();
		const before = await start(wf.agentSummary, 5);
		await waitUntil(() => before.every(isFinished));
		expect(new Set(firedIds(await first.poll()))).toEqual(new Set(before));

		// Runs that finish while n8n is down fire after the restart; the ones already fired do not fire again.
		const whileDown = await start(wf.agentSummary, 4);
		await waitUntil(() => whileDown.every(isFinished));
		const restarted = await first.restart();
		expect(new Set(firedIds(await restarted.poll()))).toEqual(new Set(whileDown));
		expect(firedIds(await restarted.poll())).toEqual([]);
	});

	it('runs started by people never fire', async () => {
		const harness = await trigger();
		await harness.poll();
		// Person-started runs exist in the tenant's fixtures; the service hides them from every key.
		const people = personStartedRunIds(ctx.sim);
		expect(people.length).toBeGreaterThan(0);
		const mine = await start(wf.agentSummary, 1);
		await waitUntil(() => mine.every(isFinished));
		const fired = firedIds(await harness.poll());
		expect(fired).toEqual(mine);
		for (const id of people) expect(fired).not.toContain(id);
	});

	it('static data stays bounded after 2,000 fired runs (under 64 KB)', async () => {
		const harness = await trigger();
		await harness.poll();
		let total = 0;
		let largest = 0;
		for (let poll = 0; poll < 50; poll++) {
			// 40 runs that started (and finished) after the previous poll, as between two real polls.
			await new Promise((resolve) => setTimeout(resolve, 45));
			runAdmin(ctx.sim).seedRuns([
				{
					workflowId: wf.agentSummary,
					keyId: FIXTURE_IDS.keys.full,
					status: 'Completed',
					startedAt: new Date().toISOString(),
					count: 40,
					spacingMs: 1,
				},
			]);
			const result = await harness.poll();
			total += firedIds(result).length;
			expect(result.log.filter((line) => /More than 50 runs/.test(line))).toEqual([]);
			largest = Math.max(largest, staticDataBytes(harness));
		}
		expect(total).toBe(2000);
		expect(largest).toBeLessThan(64 * 1024);
		console.info(
			`trigger static data after 2,000 fired runs: ${staticDataBytes(harness)} bytes (largest seen ${largest})`,
		);
	}, 300_000);
});
