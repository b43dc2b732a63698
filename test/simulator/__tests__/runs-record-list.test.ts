import {
	FIXTURE_IDS,
	FIXTURE_KEYS,
	PERSON_RUN_IDS,
	RUN_LIST_LIMIT,
	runAdmin,
	type RunListItem,
	type Simulator,
	type RunRecord,
} from '../index';
import { isTerminalView, waitForRun } from '../runs/testing';
import { useContractSchemaCheck } from './contract-schemas';
import { startRun, useTestServer } from './helpers';

const W = FIXTURE_IDS.workflows;
const K = FIXTURE_IDS.keys;
const PERSON_RUNS = Object.values(PERSON_RUN_IDS);

/**
 * Two completed runs of the full key: one of the agent summary (started 2026-01-10 10:00 UTC), the allowlisted
 * key's workflow, and one of the NDA drafting, which it is not allowed; their run ids in that order.
 */
const seedSummaryAndNda = (sim: Simulator, ndaStartedAt: string): string[] =>
	runAdmin(sim).seedRuns([
		{
			workflowId: W.agentSummary,
			keyId: K.full,
			status: 'Completed',
			startedAt: '2026-01-10T10:00:00Z',
		},
		{ workflowId: W.inputNda, keyId: K.full, status: 'Completed', startedAt: ndaStartedAt },
	]);

describe('GET /workflows/runs/{runId} (run record)', () => {
	const t = useTestServer({ runTimeScale: 0.1 });
	const validate = useContractSchemaCheck(t);

	const get = (runId: string, key = FIXTURE_KEYS.full) =>
		t.call(`/workflows/runs/${runId}`, { key });

	test('Resources (Run record): every field, matching the RunRecord schema of /openapi/v1.json, while running and when done', async () => {
		const runId = await startRun(t, W.agentSummary, 'Summarise it.');
		const pending = (await (await get(runId)).json()) as RunRecord;
		expect(validate('RunRecord', pending)).toEqual([]);
		await waitForRun(t.sim, runId, isTerminalView);
		const res = await get(runId);
		expect(res.status).toBe(200);
		const run = (await res.json()) as RunRecord;
		expect(validate('RunRecord', run)).toEqual([]);
		expect(Object.keys(run).sort()).toEqual(
			[
				'runId',
				'workflowId',
				'workflowName',
				'workflowVersionId',
				'status',
				'condition',
				'initiator',
				'input',
				'startedAt',
				'updatedAt',
				'completedAt',
				'timings',
				'tokens',
				'steps',
				'inputDocuments',
				'knowledgeBaseCoverage',
				'error',
			].sort(),
		);
		expect(run).toMatchObject({
			runId,
			workflowId: W.agentSummary,
			workflowName: 'Contract summary',
			workflowVersionId: FIXTURE_IDS.versions.agentSummaryActive,
			input: 'Summarise it.',
			initiator: {
				type: 'api',
				userId: FIXTURE_IDS.users.alice,
				keyPrefix: FIXTURE_KEYS.full.slice(0, 8),
			},
		});
		expect(
			run.steps.map(({ stepId, index, name, kind }) => ({ stepId, index, name, kind })),
		).toEqual([
			{
				stepId: FIXTURE_IDS.steps.agentSummary.entry,
				index: 0,
				name: 'Read the contract',
				kind: 'agent',
			},
			{
				stepId: FIXTURE_IDS.steps.agentSummary.agent,
				index: 1,
				name: 'Write the summary',
				kind: 'agent',
			},
			{
				stepId: FIXTURE_IDS.steps.agentSummary.render,
				index: 2,
				name: 'Render summary PDF',
				kind: 'render',
			},
		]);
	});

	test('Authentication 2: the record names the key by its 8-character prefix, never the key; no simulation hints leak', async () => {
		const runId = await startRun(t, W.agentSummary, 'x');
		await waitForRun(t.sim, runId, isTerminalView);
		const text = await (await get(runId)).text();
		expect(text).not.toContain(FIXTURE_KEYS.full);
		expect(text).not.toContain(K.full);
		for (const hint of ['simulate', 'durationMs', 'deltas', 'definition', 'keyId', 'played'])
			expect(text).not.toContain(`"${hint}"`);
	});

	test('What the service does 7: any key of the tenant reads API-started runs; other tenants, unknown ids: 404 not_found', async () => {
		const runId = await startRun(t, W.agentSummary, 'x');
		expect((await get(runId, FIXTURE_KEYS.bob)).status).toBe(200);
		expect((await get(runId, FIXTURE_KEYS.full2)).status).toBe(200);
		for (const [id, key] of [
			[runId, FIXTURE_KEYS.otherTenant],
			['run_0000000000000000', FIXTURE_KEYS.full],
		]) {
			const res = await get(id, key);
			expect(res.status).toBe(404);
			expect(await res.json()).toEqual({ error: 'not_found', message: `Run ${id} was not found.` });
		}
	});

	test('What the service does 7: "Runs started by people in the workspace are never visible, whichever key is used"', async () => {
		for (const runId of PERSON_RUNS) {
			for (const key of [
				FIXTURE_KEYS.full,
				FIXTURE_KEYS.bob,
				FIXTURE_KEYS.allowlisted,
				FIXTURE_KEYS.otherTenant,
			]) {
				const res = await get(runId, key);
				expect(res.status).toBe(404);
				expect(await res.json()).toEqual({
					error: 'not_found',
					message: `Run ${runId} was not found.`,
				});
			}
		}
	});

	test('What the service does 7: "An allowlisted key sees only runs of its allowlisted workflows" (others: 404)', async () => {
		const [summary, nda] = seedSummaryAndNda(t.sim, '2026-01-10T10:00:00Z');
		expect((await get(summary, FIXTURE_KEYS.allowlisted)).status).toBe(200);
		expect((await get(nda, FIXTURE_KEYS.allowlisted)).status).toBe(404);
	});

	test('Authentication 3: reading runs needs workflows:read (403 missing_scope)', async () => {
		const runId = await startRun(t, W.agentSummary, 'x');
		const res = await get(runId, FIXTURE_KEYS.noWorkflowsRead);
		expect(res.status).toBe(403);
		expect(await res.json()).toMatchObject({
			error: 'missing_scope',
			requiredScope: 'workflows:read',
		});
	});
});

describe('GET /workflows/runs (run list)', () => {
	const t = useTestServer({ runTimeScale: 0.1 });

	const list = async (query = '', key = FIXTURE_KEYS.full): Promise<RunListItem[]> => {
		const res = await t.call(`/workflows/runs${query}`, { key });
		expect(res.status).toBe(200);
		return (await res.json()) as RunListItem[];
	};
	const refusal = async (query: string) => {
		const res = await t.call(`/workflows/runs${query}`, { key: FIXTURE_KEYS.full });
		return {
			status: res.status,
			body: (await res.json()) as { error: string; details: unknown[] },
		};
	};
	const seed = runAdmin;

	test('Items carry { id, workflowId, workflowName, status, condition, startedAt, completedAt } (`id`, not `runId`), most recent first', async () => {
		const ids = seed(t.sim).seedRuns([
			{
				workflowId: W.agentSummary,
				keyId: K.full,
				status: 'Completed',
				startedAt: '2026-01-10T10:00:00Z',
				count: 2,
			},
			{ workflowId: W.review, keyId: K.bob, status: 'Running', startedAt: '2026-01-10T10:30:00Z' },
		]);
		const items = await list();
		expect(items.map((item) => item.id)).toEqual([ids[2], ids[0], ids[1]]);
		expect(items[0]).toEqual({
			id: ids[2],
			workflowId: W.review,
			workflowName: 'Board memo with review',
			status: 'Running',
			condition: null,
			startedAt: '2026-01-10T10:30:00.000Z',
			completedAt: null,
		});
		expect(items[1]).toMatchObject({
			status: 'Completed',
			startedAt: '2026-01-10T10:00:00.000Z',
			completedAt: expect.any(String),
		});
		expect(items[2].startedAt).toBe('2026-01-10T09:59:00.000Z');
	});

	test('Limits: "the most recent 50 visible runs"', async () => {
		seed(t.sim).seedRuns([
			{
				workflowId: W.agentSummary,
				keyId: K.full,
				status: 'Completed',
				startedAt: '2026-01-10T10:00:00Z',
				count: 60,
			},
		]);
		const items = await list();
		expect(items).toHaveLength(RUN_LIST_LIMIT);
		expect(items[0].startedAt).toBe('2026-01-10T10:00:00.000Z');
		expect(items[49].startedAt).toBe('2026-01-10T09:11:00.000Z');
	});

	test('Query: startedFrom "searches history, not only the latest page" (filters apply before the 50 cut)', async () => {
		const old = seed(t.sim).seedRuns([
			{
				workflowId: W.failing,
				keyId: K.full,
				status: 'Failed',
				startedAt: '2025-06-01T12:00:00Z',
				count: 3,
			},
		]);
		seed(t.sim).seedRuns([
			{
				workflowId: W.agentSummary,
				keyId: K.full,
				status: 'Completed',
				startedAt: '2026-01-10T10:00:00Z',
				count: 60,
			},
		]);
		expect((await list()).some((item) => old.includes(item.id))).toBe(false);
		expect((await list('?startedFrom=2025-06-01&status=Failed')).map((item) => item.id)).toEqual(
			old,
		);
		expect(
			(await list('?startedFrom=2025-05-01T00:00:00Z&startedTo=2025-06-01')).map((item) => item.id),
		).toEqual(old);
		expect((await list('?workflowId=wf_broken_extraction')).map((item) => item.id)).toEqual(old);
	});

	test('Query: startedTo "runs to the end of that day" (23:59:59.999 UTC), for a date and for a date-time', async () => {
		const [late, nextDay, early] = seed(t.sim).seedRuns([
			{
				workflowId: W.agentSummary,
				keyId: K.full,
				status: 'Completed',
				startedAt: '2025-06-01T23:59:59.900Z',
			},
			{
				workflowId: W.agentSummary,
				keyId: K.full,
				status: 'Completed',
				startedAt: '2025-06-02T00:00:00.000Z',
			},
			{
				workflowId: W.agentSummary,
				keyId: K.full,
				status: 'Completed',
				startedAt: '2025-06-01T00:00:00.000Z',
			},
		]);
		expect((await list('?startedTo=2025-06-01')).map((item) => item.id)).toEqual([late, early]);
		expect((await list('?startedTo=2025-06-01T08:00:00Z')).map((item) => item.id)).toEqual([
			late,
			early,
		]);
		expect((await list('?startedFrom=2025-06-01T23:59:59.900Z')).map((item) => item.id)).toEqual(
			expect.arrayContaining([late, nextDay]),
		);
		expect(
			(await list('?startedFrom=2025-06-01T23:59:59.900Z')).map((item) => item.id),
		).not.toContain(early);
		// An offset written with an unencoded '+' (a space once decoded) is read as the offset it was.
		expect(
			(await list('?startedFrom=2025-06-02T01:00:00+01:00&startedTo=2025-06-02')).map(
				(item) => item.id,
			),
		).toEqual([nextDay]);
	});

	test('Query: status is matched case-insensitively; workflowId is exact; another status value is 400 invalid_query', async () => {
		const [done, failed] = seed(t.sim).seedRuns([
			{
				workflowId: W.agentSummary,
				keyId: K.full,
				status: 'Completed',
				startedAt: '2026-01-10T10:00:00Z',
			},
			{ workflowId: W.failing, keyId: K.full, status: 'Failed', startedAt: '2026-01-10T11:00:00Z' },
		]);
		expect((await list('?status=completed')).map((item) => item.id)).toEqual([done]);
		expect((await list('?status=FAILED')).map((item) => item.id)).toEqual([failed]);
		expect(await list('?workflowId=wf_contract')).toEqual([]);
		for (const query of ['?status=Done', '?status=canceled', '?status=']) {
			const { status, body } = await refusal(query);
			expect(status).toBe(400);
			expect(body.error).toBe('invalid_query');
			expect(body.details).toEqual([expect.objectContaining({ field: 'status' })]);
		}
	});

	test('Query: an unparsable startedFrom or startedTo is 400 invalid_query naming the parameter', async () => {
		for (const [name, value] of [
			['startedFrom', 'yesterday'],
			['startedFrom', '2026-02-30'],
			['startedTo', '15/01/2026'],
			['startedTo', '2026-01-15T10:00'],
		]) {
			const { status, body } = await refusal(`?${name}=${encodeURIComponent(value)}`);
			expect(status).toBe(400);
			expect(body.error).toBe('invalid_query');
			expect(body.details).toEqual([expect.objectContaining({ field: name })]);
		}
	});

	test('Query: initiatorUserId keeps the runs its user started through the API (people-started runs stay invisible)', async () => {
		const [alice, bob] = seed(t.sim).seedRuns([
			{
				workflowId: W.agentSummary,
				keyId: K.full,
				status: 'Completed',
				startedAt: '2026-01-10T10:00:00Z',
			},
			{
				workflowId: W.agentSummary,
				keyId: K.bob,
				status: 'Completed',
				startedAt: '2026-01-10T11:00:00Z',
			},
		]);
		expect((await list('?initiatorUserId=usr_bob')).map((item) => item.id)).toEqual([bob]);
		expect((await list('?initiatorUserId=usr_alice')).map((item) => item.id)).toEqual([alice]);
		expect(await list('?initiatorUserId=usr_carol')).toEqual([]);
	});

	test('What the service does 7: people-started runs never appear, whichever key or filter (even the very recent ones)', async () => {
		for (const key of [FIXTURE_KEYS.full, FIXTURE_KEYS.bob, FIXTURE_KEYS.allowlisted]) {
			for (const query of [
				'',
				'?workflowId=wf_contract_summary',
				'?status=Completed',
				'?initiatorUserId=usr_alice',
			]) {
				expect(await list(query, key)).toEqual([]);
			}
		}
	});

	test('Query parameters: "For a key, the list holds API-initiated runs only, narrowed by its allowlist"; other tenants see none', async () => {
		const [summary] = seedSummaryAndNda(t.sim, '2026-01-10T11:00:00Z');
		expect((await list('', FIXTURE_KEYS.allowlisted)).map((item) => item.id)).toEqual([summary]);
		expect(await list('?workflowId=wf_nda_drafting', FIXTURE_KEYS.allowlisted)).toEqual([]);
		expect(await list('', FIXTURE_KEYS.otherTenant)).toEqual([]);
		expect(await list('', FIXTURE_KEYS.bob)).toHaveLength(2);
	});
});
