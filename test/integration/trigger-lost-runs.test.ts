import type { IDataObject } from 'n8n-workflow';

import { PollHarness, later } from '../harness/poll';
import { FIXTURE_IDS, FIXTURE_KEYS, createSimulator, runAdmin, type Simulator } from '../simulator';
import { firedIds, usePolledTrigger, waitUntil } from './trigger-support';
import { byId } from '../harness';

/**
 * The Run Finished trigger polled through n8n-core's PollContext against the simulator: the two paths that once
 * lost runs (an activation poll that fails; runs in a condition the service names as a status) and the poll budget.
 */

const wf = FIXTURE_IDS.workflows;
const { ctx, trigger, start, isFinished } = usePolledTrigger();

describe('Run Finished trigger: the two paths that once lost runs, and the poll budget', () => {
	/** A second service that names conditions as statuses (Queued, Paused, Stalled): the case the trigger once missed. */
	let named: Simulator;
	let namedUrl: string;
	beforeAll(async () => {
		named = createSimulator({
			runTimeScale: 0.05,
			defaultRateLimitPerMinute: 100_000,
			statusNames: 'conditions',
		});
		namedUrl = await named.start();
	});
	afterAll(async () => named.stop());
	beforeEach(() => named.admin.reset());

	const namedTrigger = (parameters: IDataObject) =>
		PollHarness.create(parameters, { baseUrl: namedUrl, apiKey: FIXTURE_KEYS.full });
	/** A Cancelled trigger on the second service past its activation poll, then 60 runs started there since: Pending. */
	async function sixtyRunsAfterActivation() {
		const harness = await namedTrigger({ events: ['Cancelled'] });
		await harness.poll();
		const ids = runAdmin(named).seedRuns([
			{
				workflowId: wf.agentSummary,
				keyId: FIXTURE_IDS.keys.full,
				status: 'Pending',
				startedAt: new Date(Date.now() - 1).toISOString(),
				count: 60,
				spacingMs: 5,
			},
		]);
		return { harness, ids };
	}

	it.each([
		[
			'429 with a Retry-After longer than the poll waits',
			{ kind: 'status' as const, status: 429 as const, retryAfterSeconds: 120 },
		],
		[
			'423 tenant_locked through every retry',
			{ kind: 'status' as const, status: 423 as const, times: 20 },
		],
		['500 upstream_error', { kind: 'status' as const, status: 500 as const }],
	])(
		'the activation poll fails (%s): a run that starts and finishes before the first successful poll fires once',
		async (_name, fault) => {
			// n8n gives each poll a time budget (getPollBudgetMs); a short one keeps the 423 backoff short here.
			const harness = await PollHarness.create(
				{ events: ['Completed'] },
				{ baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full },
				undefined,
				{ pollBudgetMs: 3_000 },
			);
			ctx.sim.admin.addFault({ path: '/workflows/runs', method: 'GET', times: 1, ...fault });
			const failed = await harness.poll();
			expect(failed.error).toBeUndefined();
			expect(failed.items).toBeNull();
			expect(failed.log.join('\n')).toMatch(/poll skipped after a transient error/);
			ctx.sim.admin.clearFaults();
			expect(ctx.sim.admin.faults()).toEqual([]);

			// Restarted in between (static data as saved): the activation instant survives. Two minutes later: a
			// Retry-After the trigger honours has passed.
			const restarted = await harness.restart();
			later(121_000);
			const runs = await start(wf.agentSummary, 2);
			await waitUntil(() => runs.every(isFinished));
			expect(new Set(firedIds(await restarted.poll()))).toEqual(new Set(runs));
			expect(firedIds(await restarted.poll())).toEqual([]);
		},
	);

	it('60 Queued runs cancelled between two polls, Cancelled selected: the 50 the service can list fire, and a warning names Queued', async () => {
		const { harness, ids } = await sixtyRunsAfterActivation();
		for (const id of ids) runAdmin(named).forceState(id, 'Pending', 'queued');
		const seen = await harness.poll();
		expect(firedIds(seen)).toEqual([]);
		// 60 runs in one status: the newest 50 are listed and followed; the 10 oldest cannot be listed at all.
		expect(seen.log.join('\n')).toMatch(
			/More than 50 runs started since the last poll \(all workflows, status Queued\)/,
		);

		for (const id of ids) await api('POST', `/workflows/runs/${id}/cancel`);
		expect(ids.every((id) => runAdmin(named).run(id)?.status === 'Cancelled')).toBe(true);
		const fired = firedIds(await harness.poll());
		expect(fired).toHaveLength(50);
		expect(new Set(fired)).toEqual(new Set(ids.slice(0, 50)));
		expect(firedIds(await harness.poll())).toEqual([]);

		async function api(method: string, path: string): Promise<void> {
			const response = await fetch(namedUrl + path, {
				method,
				headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` },
			});
			if (!response.ok) throw new Error(`${method} ${path} → ${response.status}`);
		}
	});

	it('60 runs Queued, Paused at review and Stalled, cancelled between two polls: every one fires once, with no warning', async () => {
		const { harness, ids } = await sixtyRunsAfterActivation();
		const conditions = ['queued', 'paused', 'stalled'] as const;
		ids.forEach((id, index) =>
			runAdmin(named).forceState(
				id,
				conditions[index % 3] === 'queued' ? 'Pending' : 'Running',
				conditions[index % 3],
			),
		);
		const seen = await harness.poll();
		expect(firedIds(seen)).toEqual([]);
		expect(seen.log.filter((line) => /^warn/.test(line))).toEqual([]);

		for (const id of ids) runAdmin(named).forceState(id, 'Cancelled');
		const fired = firedIds(await harness.poll());
		expect(new Set(fired)).toEqual(new Set(ids));
		expect(fired).toHaveLength(60);
	});

	it('a poll stays within its budget: 135 runs finishing at once fire over two polls, each once, none dropped', async () => {
		const workflows = [wf.agentSummary, wf.inputNda, wf.review];
		const harness = await namedTrigger({
			events: ['Completed'],
			workflows: { workflow: workflows.map((id) => ({ workflowId: byId(id) })) },
		});
		await harness.poll();
		const startedAt = new Date(Date.now() - 1).toISOString();
		const ids = runAdmin(named).seedRuns(
			workflows.map((workflowId) => ({
				workflowId,
				keyId: FIXTURE_IDS.keys.full,
				status: 'Running' as const,
				startedAt,
				count: 45,
				spacingMs: 5,
			})),
		);
		const followed = await harness.poll();
		expect(firedIds(followed)).toEqual([]);
		for (const id of ids) runAdmin(named).forceState(id, 'Completed');

		// 3 lists, then one record read per run to fire: the poll stops at 100 requests and carries the rest over.
		const before = named.admin.requests().length;
		const first = await harness.poll();
		expect(named.admin.requests().length - before).toBe(100);
		expect(first.log.join('\n')).toMatch(/38 finished run\(s\) carried over to the next poll/);
		const second = await harness.poll();
		const fired = [...firedIds(first), ...firedIds(second)];
		expect(firedIds(first)).toHaveLength(97);
		expect(fired).toHaveLength(135);
		expect(new Set(fired)).toEqual(new Set(ids));
		expect(firedIds(await harness.poll())).toEqual([]);
	});

	it('"Fetch test event" with a long 429 says the node did not wait, and when to try again', async () => {
		const harness = await trigger({ events: ['Completed'] });
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 429,
			path: '/workflows/runs',
			method: 'GET',
			retryAfterSeconds: 120,
			times: 1,
		});
		const { error } = await harness.poll('manual');
		const description = String((error as { description?: string }).description);
		expect(String((error as Error).message)).toContain('rate_limited');
		expect(description).not.toMatch(/retries by itself/);
		expect(description).toContain(
			'The node did not retry: rate limited; the wait asked for (121 s) is longer than the 15 s the node waits.',
		);
		expect(description).toContain('Wait for the time the service names, then try again.');
	});
});
