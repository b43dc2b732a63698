// Run → Get Many through n8n's engine against the simulator: the latest runs, the filters, and each run as Get names it.
import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin } from '../../simulator';
import { byId, items, personStartedRunIds, useIntegrationContext } from '../../integration/support';
import { SECOND, SUMMARY, fast, startText, wf } from '../support';

const ctx = useIntegrationContext({ runTimeScale: 0.2, sseHeartbeatMs: 200 });

function seedTwinRuns(): string[] {
	// Two runs of one workflow started in the same minute (a second apart): alike but for their start and ID.
	return runAdmin(ctx.sim).seedRuns([
		{
			workflowId: wf.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Completed',
			startedAt: '2026-03-01T10:15:30.000Z',
			count: 2,
			spacingMs: 1000,
		},
	]);
}

describe('the latest runs and the filters', () => {
	const list = (filters: IDataObject, key: Parameters<typeof ctx.run>[1] = 'full', limit = 50) =>
		ctx.run({ resource: 'run', operation: 'getAll', limit, filters }, key);

	function seed(): { recent: string[]; old: string[] } {
		const admin = runAdmin(ctx.sim);
		const now = Date.now();
		const recent = admin.seedRuns([
			{
				workflowId: wf.agentSummary,
				keyId: FIXTURE_IDS.keys.full,
				status: 'Completed',
				startedAt: new Date(now - 3_600_000).toISOString(),
				count: 55,
			},
			{
				workflowId: wf.inputNda,
				keyId: FIXTURE_IDS.keys.full,
				status: 'Failed',
				startedAt: new Date(now - 7_200_000).toISOString(),
				count: 2,
			},
		]);
		const old = admin.seedRuns([
			{
				workflowId: wf.multiDocs,
				keyId: FIXTURE_IDS.keys.bob,
				status: 'Cancelled',
				startedAt: '2026-01-10T10:00:00.000Z',
				count: 3,
			},
		]);
		return { recent, old };
	}

	it('returns at most 50, newest first, and never a run started by a person', async () => {
		seed();
		const result = await list({});
		const runs = items(result);
		expect(runs).toHaveLength(50);
		const people = personStartedRunIds(ctx.sim);
		expect(people.length).toBeGreaterThan(0);
		for (const run of runs) expect(people).not.toContain(run.runId);
	});

	it('filters by workflow, status, start dates and initiator', async () => {
		seed();
		expect(
			items(await list({ workflowId: byId(wf.inputNda) })).map((run) => run.workflowId),
		).toEqual([wf.inputNda, wf.inputNda]);
		expect(items(await list({ status: 'Failed' })).every((run) => run.status === 'Failed')).toBe(
			true,
		);
		expect(items(await list({ status: 'Failed' }))).toHaveLength(2);
		// Started From reaches past the latest 50; Started To covers its whole day.
		const early = items(
			await list({ startedFrom: '2026-01-01T00:00:00', startedTo: '2026-01-10T00:00:00' }),
		);
		expect(early).toHaveLength(3);
		expect(early.every((run) => run.workflowId === wf.multiDocs)).toBe(true);
		expect(items(await list({ initiatorUserId: FIXTURE_IDS.users.bob }))).toHaveLength(3);
	});

	it('an allowlisted key sees only the runs of its workflows', async () => {
		seed();
		const runs = items(await list({}, 'allowlisted'));
		expect(runs.length).toBeGreaterThan(0);
		expect(runs.every((run) => run.workflowId === wf.agentSummary)).toBe(true);
	});

	it('sends the filters as the contract names them', async () => {
		await list({
			workflowId: byId(wf.inputNda),
			status: 'Completed',
			startedFrom: '2026-02-01T08:30:00',
			startedTo: '2026-02-03T00:00:00',
			initiatorUserId: 'usr_alice',
		});
		const [entry] = ctx.sim.admin
			.requests()
			.filter((request) => request.path === '/workflows/runs');
		expect(entry.query).toEqual({
			workflowId: wf.inputNda,
			status: 'Completed',
			startedFrom: expect.stringMatching(/^2026-02-01T\d\d:30:00\.000Z$/),
			startedTo: '2026-02-03',
			initiatorUserId: 'usr_alice',
		});
	});
});

describe('each run as Get names it', () => {
	it('runId first, no id; every other field the service’s, unchanged', async () => {
		const [newer, older] = seedTwinRuns();
		const runs = items(await ctx.run({ resource: 'run', operation: 'getAll' }));
		expect(runs.map((run) => run.runId)).toEqual([newer, older]);
		expect(runs.every((run) => !('id' in run))).toBe(true);
		expect(Object.keys(runs[0])[0]).toBe('runId');
		const listed = (await (
			await fetch(`${ctx.url}/workflows/runs`, {
				headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` },
			})
		).json()) as IDataObject[];
		const { id, ...rest } = listed[0];
		expect(runs[0]).toEqual({ runId: id, ...rest });
	});

	it('Get Many → Get with {{ $json.runId }}', async () => {
		seedTwinRuns();
		const result = await ctx.runChain([
			{ resource: 'run', operation: 'getAll', limit: 2 },
			{ resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}') },
		]);
		expect(result.status).toBe('success');
		expect(items(result, SECOND).map((run) => run.status)).toEqual(['Completed', 'Completed']);
	});

	it('a run picked up from Get Many goes straight into Get with Simplify', async () => {
		const [started] = items(
			await ctx.run(
				startText(wf.agentSummary, undefined, {
					waitForCompletion: true,
					downloadFiles: false,
					...fast,
				}),
			),
		);
		const result = await ctx.runChain([
			{ resource: 'run', operation: 'getAll', limit: 1 },
			{ resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}'), simplify: true },
		]);
		expect(result.status).toBe('success');
		expect(items(result, SECOND)[0]).toMatchObject({ runId: started.runId, output: SUMMARY });
	});
});
