/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { PollHarness, later, type PollResult } from '../harness/poll';
import { PollerHost } from '../harness/pollerHost';
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin } from '../simulator';
import { usePollSimulator } from './support';

/**
 * The Run Finished trigger under what n8n's durable scheduler does to a poll, through n8n-core's
 * PollContext against the simulator: the activation poll whose state n8n discards, a poll's time bound (n8n
 * abandons a poll after 45 s), the key's rest beyond it, and Engine 2.0, under which exactly once cannot hold.
 * The random schedules are in test/model/trigger.model.test.ts; the real n8n in e2e/tests/trigger-durable.e2e.test.ts.
 */
const ctx = usePollSimulator();
const credential = () => ({ baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full });
const PARAMETERS = { events: ['Completed'] };

beforeEach(() => ctx.sim.admin.reset());
afterEach(() => jest.restoreAllMocks());

const firedIds = (result: PollResult) => {
	if (result.error) throw result.error;
	return (result.items ?? []).map((item) => String(item.json.runId));
};
/** Runs that start and finish after the polls so far (seeded one after another, 10 ms apart). */
async function finishedRuns(count: number): Promise<string[]> {
	await new Promise((resolve) => setTimeout(resolve, 20 + count * 10));
	return runAdmin(ctx.sim).seedRuns([
		{
			workflowId: FIXTURE_IDS.workflows.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Completed',
			startedAt: new Date().toISOString(),
			count,
			spacingMs: 10,
		},
	]);
}
const lists = () =>
	ctx.sim.admin.requests().filter((entry) => entry.path === '/workflows/runs').length;

it.each(['durable', 'legacy'] as const)(
	'%s: a run that finishes between the activation poll and the first scheduled one fires once',
	async (poller) => {
		const host = new PollerHost(poller, PARAMETERS, credential(), () => undefined);
		const activation = await host.poll();
		expect(activation.items).toBeNull();
		// The durable scheduler discarded the activation poll's node state; the activation's record survives in the
		// workflow's global static data, and the first scheduled poll continues from it.
		const ids = await finishedRuns(2);
		const first = await host.poll();
		expect(new Set(firedIds(first))).toEqual(new Set(ids));
		expect(firedIds(await host.poll())).toEqual([]);
	},
);

it('a poll ends at its time bound: a list the service answers after 5 s, with a 2 s budget, ends the poll at 2 s; the next poll fires', async () => {
	const harness = await PollHarness.create(PARAMETERS, credential(), undefined, {
		pollBudgetMs: 2_000,
	});
	await harness.poll();
	const ids = await finishedRuns(3);
	ctx.sim.admin.addFault({
		kind: 'delay',
		ms: 5_000,
		method: 'GET',
		path: '/workflows/runs',
		times: 1,
	});
	const slow = await harness.poll();
	expect(slow.error).toBeUndefined();
	expect(slow.items).toBeNull();
	expect(slow.log.join('\n')).toMatch(
		/poll skipped after a transient error \(ECONNABORTED\): The service did not answer within 2 s/,
	);
	expect(new Set(firedIds(await harness.poll()))).toEqual(new Set(ids));
});

it("the key rests (a 429 of another request) past the poll's end: nothing is sent, the trigger waits that long, then fires", async () => {
	const harness = await PollHarness.create(PARAMETERS, credential(), undefined, {
		pollBudgetMs: 2_000,
	});
	await harness.poll();
	const ids = await finishedRuns(2);
	// The board every request of this n8n process reads (the package as the harness loaded it, from dist/).
	const { keyPauses } = require(
		join(__dirname, '..', '..', 'dist', 'nodes', 'shared', 'transport', 'pause.js'),
	) as { keyPauses: { pause(key: string, until: number): void } };
	keyPauses.pause(`${ctx.url} cred-1`, Date.now() + 20_000);
	const before = lists();
	const resting = await harness.poll();
	expect(resting.items).toBeNull();
	expect(resting.log.join('\n')).toMatch(
		/The API key rests for 20 s .*The trigger waits 20 s before it asks again/,
	);
	expect((await harness.poll()).log.join('\n')).toMatch(
		/poll skipped, the service asked to wait until/,
	);
	expect(lists()).toBe(before);
	later(21_000);
	expect(new Set(firedIds(await harness.poll()))).toEqual(new Set(ids));
});

it('Engine 2.0: the activation says in a warning that each run fires at least once, not exactly once', async () => {
	const harness = await PollHarness.create(PARAMETERS, credential(), undefined, {
		workflowSettings: { engineType: 'v2' } as IDataObject,
	});
	const activation = await harness.poll();
	expect(activation.log.filter((line) => /^warn/.test(line)).join('\n')).toMatch(
		/Engine 2\.0.*each run fires at least once/,
	);
	expect((await harness.poll()).log.filter((line) => /Engine 2\.0/.test(line))).toEqual([]);
	const plain = await PollHarness.create({ events: ['Failed'] }, credential());
	expect((await plain.poll()).log.filter((line) => /Engine 2\.0/.test(line))).toEqual([]);
});
