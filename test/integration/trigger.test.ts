/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject } from 'n8n-workflow';

import { PollHarness, later, type PollResult } from '../harness/poll';
import { FIXTURE_IDS, FIXTURE_KEYS, createSimulator, runAdmin, type Simulator } from '../simulator';
import { callService, personStartedRunIds, usePollSimulator } from './support';

/**
 * The Run Finished trigger polled through n8n-core's PollContext against the simulator, with real runs
 * played by the simulator's engine (fast) and review pauses approved in bursts between polls.
 */

const wf = FIXTURE_IDS.workflows;
const ctx = usePollSimulator();

beforeEach(() => ctx.sim.admin.reset());
afterEach(() => jest.restoreAllMocks());


const ALL_EVENTS = { events: ['Completed', 'Failed', 'Cancelled'] };

async function trigger(parameters: IDataObject = ALL_EVENTS, key = FIXTURE_KEYS.full): Promise<PollHarness> {
	return await PollHarness.create(parameters, { baseUrl: ctx.url, apiKey: key });
}

const api = (method: string, path: string, body?: unknown) => callService(ctx.url, method, path, body);

async function start(workflowId: string, count: number): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) ids.push(String((await api('POST', '/workflows/runs', { workflowId, input: `run ${i}` })).runId));
	return ids;
}

const statusOf = (runId: string) => runAdmin(ctx.sim).run(runId)?.status;
const isFinished = (runId: string) => ['Completed', 'Failed', 'Cancelled'].includes(String(statusOf(runId)));
const isPaused = (runId: string) => runAdmin(ctx.sim).run(runId)?.condition === 'paused';

async function waitUntil(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error('condition not reached in time');
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

function firedIds(result: PollResult): string[] {
	if (result.error) throw result.error;
	return (result.items ?? []).map((item) => String(item.json.runId ?? item.json.id));
}

function staticDataBytes(harness: PollHarness): number {
	return Buffer.byteLength(JSON.stringify(harness.savedStaticData()));
}

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
		expect(items![0].json).toMatchObject({ runId, status: 'Completed', workflowId: wf.agentSummary });
		expect(items![0].binary?.data).toMatchObject({ fileName: 'contract-summary.pdf', mimeType: 'application/pdf' });
	});

	it('fires only the selected events and workflows', async () => {
		const harness = await trigger({
			events: ['Failed'],
			workflows: { workflow: [{ workflowId: { __rl: true, mode: 'id', value: wf.failing } }] },
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
		ctx.sim.admin.addFault({ kind: 'status', status: 429, path: '/workflows/runs', method: 'GET', retryAfterSeconds: 1, times: 2 });
		expect(new Set(firedIds(await harness.poll()))).toEqual(new Set(first));

		const second = await start(wf.agentSummary, 3);
		await waitUntil(() => second.every(isFinished));
		ctx.sim.admin.addFault({ kind: 'status', status: 429, path: '/workflows/runs', method: 'GET', retryAfterSeconds: 60, times: 1 });
		const skipped = await harness.poll();
		expect(skipped.error).toBeUndefined();
		expect(skipped.items).toBeNull();
		expect(skipped.log.join('\n')).toMatch(/poll skipped after a transient error \(429\).*waits 60 s before it asks again/);
		// The service asked for 60 s: the trigger asks nothing before that, and then catches up.
		const lists = () => ctx.sim.admin.requests().filter((entry) => entry.path === '/workflows/runs').length;
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

		ctx.sim.admin.addFault({ kind: 'status', status: 500, path: '/workflows/runs', method: 'GET', times: 1 });
		const unavailable = await harness.poll();
		expect(unavailable.error).toBeUndefined();
		expect(unavailable.items).toBeNull();
		expect(unavailable.log.join('\n')).toMatch(/poll skipped after a transient error \(500\)/);

		// A short tenant lock is waited out inside the poll (backoff), and the runs fire.
		ctx.sim.admin.lockTenant(FIXTURE_IDS.workspaces.acme, { requests: 2 });
		expect(new Set(firedIds(await harness.poll()))).toEqual(new Set(runs));

		ctx.sim.admin.addFault({ kind: 'status', status: 503, path: '/workflows/runs', method: 'GET', times: 1 });
		const manual = await harness.poll('manual');
		expect(String((manual.error as Error | undefined)?.message)).toContain('feature_disabled');

		// API keys switched off on the deployment: waiting does not help, someone must act. Thrown, with its cause.
		ctx.sim.admin.addFault({ kind: 'status', status: 503, path: '/workflows/runs', method: 'GET', times: 1 });
		const disabled = await harness.poll();
		expect(String((disabled.error as Error | undefined)?.message)).toContain('feature_disabled');
		expect((disabled.error as { failure?: unknown }).failure).toEqual({ cause: 'configuration-invalid' });
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
			workflows: { workflow: [{ workflowId: { __rl: true, mode: 'id', value: wf.failing } }] },
		});
		const { items, error } = await harness.poll('manual');
		expect(items ?? null).toBeNull();
		expect((error as Error).message).toBe('No run has finished with the selected statuses yet');
		const description = String((error as { description?: string }).description);
		expect(description).toContain('latest run that finished as Cancelled (of the selected workflows)');
		expect(description).toContain('Run → Start');
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
				{ workflowId: wf.agentSummary, keyId: FIXTURE_IDS.keys.full, status: 'Completed', startedAt: new Date().toISOString(), count: 40, spacingMs: 1 },
			]);
			const result = await harness.poll();
			total += firedIds(result).length;
			expect(result.log.filter((line) => /More than 50 runs/.test(line))).toEqual([]);
			largest = Math.max(largest, staticDataBytes(harness));
		}
		expect(total).toBe(2000);
		expect(largest).toBeLessThan(64 * 1024);
		console.info(`trigger static data after 2,000 fired runs: ${staticDataBytes(harness)} bytes (largest seen ${largest})`);
	}, 300_000);
});

describe('Run Finished trigger: the two paths that once lost runs, and the poll budget', () => {
	/** A second service that names conditions as statuses (Queued, Paused, Stalled): the case the trigger once missed. */
	let named: Simulator;
	let namedUrl: string;
	beforeAll(async () => {
		named = createSimulator({ runTimeScale: 0.05, defaultRateLimitPerMinute: 100_000, statusNames: 'conditions' });
		namedUrl = await named.start();
	});
	afterAll(async () => named.stop());
	beforeEach(() => named.admin.reset());

	const namedTrigger = (parameters: IDataObject) => PollHarness.create(parameters, { baseUrl: namedUrl, apiKey: FIXTURE_KEYS.full });

	it.each([
		['429 with a Retry-After longer than the poll waits', { kind: 'status' as const, status: 429 as const, retryAfterSeconds: 120 }],
		['423 tenant_locked through every retry', { kind: 'status' as const, status: 423 as const, times: 20 }],
		['500 upstream_error', { kind: 'status' as const, status: 500 as const }],
	])('the activation poll fails (%s): a run that starts and finishes before the first successful poll fires once', async (_name, fault) => {
		// n8n gives each poll a time budget (getPollBudgetMs); a short one keeps the 423 backoff short here.
		const harness = await PollHarness.create({ events: ['Completed'] }, { baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full }, undefined, { pollBudgetMs: 3_000 });
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
	});

	it('60 Queued runs cancelled between two polls, Cancelled selected: the 50 the service can list fire, and a warning names Queued', async () => {
		const harness = await namedTrigger({ events: ['Cancelled'] });
		await harness.poll();
		const ids = runAdmin(named).seedRuns([{ workflowId: wf.agentSummary, keyId: FIXTURE_IDS.keys.full, status: 'Pending', startedAt: new Date(Date.now() - 1).toISOString(), count: 60, spacingMs: 5 }]);
		for (const id of ids) runAdmin(named).forceState(id, 'Pending', 'queued');
		const seen = await harness.poll();
		expect(firedIds(seen)).toEqual([]);
		// 60 runs in one status: the newest 50 are listed and followed; the 10 oldest cannot be listed at all.
		expect(seen.log.join('\n')).toMatch(/More than 50 runs started since the last poll \(all workflows, status Queued\)/);

		for (const id of ids) await api('POST', `/workflows/runs/${id}/cancel`);
		expect(ids.every((id) => runAdmin(named).run(id)?.status === 'Cancelled')).toBe(true);
		const fired = firedIds(await harness.poll());
		expect(fired).toHaveLength(50);
		expect(new Set(fired)).toEqual(new Set(ids.slice(0, 50)));
		expect(firedIds(await harness.poll())).toEqual([]);

		async function api(method: string, path: string): Promise<void> {
			const response = await fetch(namedUrl + path, { method, headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` } });
			if (!response.ok) throw new Error(`${method} ${path} → ${response.status}`);
		}
	});

	it('60 runs Queued, Paused at review and Stalled, cancelled between two polls: every one fires once, with no warning', async () => {
		const harness = await namedTrigger({ events: ['Cancelled'] });
		await harness.poll();
		const ids = runAdmin(named).seedRuns([{ workflowId: wf.agentSummary, keyId: FIXTURE_IDS.keys.full, status: 'Pending', startedAt: new Date(Date.now() - 1).toISOString(), count: 60, spacingMs: 5 }]);
		const conditions = ['queued', 'paused', 'stalled'] as const;
		ids.forEach((id, index) => runAdmin(named).forceState(id, conditions[index % 3] === 'queued' ? 'Pending' : 'Running', conditions[index % 3]));
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
			workflows: { workflow: workflows.map((id) => ({ workflowId: { __rl: true, mode: 'id', value: id } })) },
		});
		await harness.poll();
		const startedAt = new Date(Date.now() - 1).toISOString();
		const ids = runAdmin(named).seedRuns(workflows.map((workflowId) => ({ workflowId, keyId: FIXTURE_IDS.keys.full, status: 'Running' as const, startedAt, count: 45, spacingMs: 5 })));
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
		ctx.sim.admin.addFault({ kind: 'status', status: 429, path: '/workflows/runs', method: 'GET', retryAfterSeconds: 120, times: 1 });
		const { error } = await harness.poll('manual');
		const description = String((error as { description?: string }).description);
		expect(String((error as Error).message)).toContain('rate_limited');
		expect(description).not.toMatch(/retries by itself/);
		expect(description).toContain('The node did not retry: rate limited; the wait asked for (121 s) is longer than the 15 s the node waits.');
		expect(description).toContain('Wait for the time the service names, then try again.');
	});
});
