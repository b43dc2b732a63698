import {
	createSimulator,
	FIXTURE_IDS,
	FIXTURE_KEYS,
	findInputDocument,
	PERSON_RUN_IDS,
	runAdmin,
	Simulator,
	toInputDocumentStatusView,
} from '../index';
import { isTerminalView, waitForRun } from '../runs/testing';
import { startRun, startTestServer, useTestServer } from './helpers';
import { traceTimers } from '../timer-trace';

const W = FIXTURE_IDS.workflows;
const S = FIXTURE_IDS.steps;
const K = FIXTURE_IDS.keys;

describe('Runs admin hooks over HTTP (/__admin)', () => {
	const t = useTestServer({ runTimeScale: 0.1 });

	test('POST /__admin/runs/seed creates API-initiated runs of that key (201 { runIds }); GET /__admin/runs lists every run', async () => {
		const res = await t.admin('POST', '/runs/seed', {
			runs: [
				{
					workflowId: W.inputNda,
					keyId: K.bob,
					status: 'Completed',
					startedAt: '2026-01-10T10:00:00Z',
					completedAt: '2026-01-10T10:02:00Z',
					count: 2,
				},
			],
		});
		expect(res.status).toBe(201);
		const { runIds } = (await res.json()) as { runIds: string[] };
		expect(runIds).toHaveLength(2);
		const runs = (await (await t.admin('GET', '/runs')).json()) as Record<string, unknown>[];
		expect(runs.map((run) => run.runId)).toEqual([...Object.values(PERSON_RUN_IDS), ...runIds]);
		expect(runs.at(-2)).toMatchObject({
			keyId: K.bob,
			played: false,
			status: 'Completed',
			startedAt: '2026-01-10T10:00:00.000Z',
			completedAt: '2026-01-10T10:02:00.000Z',
			initiator: {
				type: 'api',
				userId: FIXTURE_IDS.users.bob,
				keyPrefix: FIXTURE_KEYS.bob.slice(0, 8),
			},
		});
		expect(runs.at(-1)).toMatchObject({
			startedAt: '2026-01-10T09:59:00.000Z',
			completedAt: '2026-01-10T10:01:00.000Z',
		});
		expect(JSON.stringify(runs)).not.toContain(FIXTURE_KEYS.bob);
	});

	test("Seeding refuses what cannot exist: unknown key or workflow, another tenant's workflow, bad status or dates", async () => {
		const base = {
			workflowId: W.agentSummary,
			keyId: K.full,
			status: 'Completed',
			startedAt: '2026-01-10T10:00:00Z',
		};
		for (const [patch, status] of [
			[{ keyId: 'key_nope' }, 404],
			[{ workflowId: 'wf_nope' }, 404],
			[{ workflowId: W.globex }, 404],
			[{ workflowId: W.draftOnly }, 404],
			[{ status: 'Done' }, 400],
			[{ startedAt: 'yesterday' }, 400],
			[{ completedAt: '2026-01-09T00:00:00Z' }, 400],
			[{ count: 0 }, 400],
		] as const) {
			const res = await t.admin('POST', '/runs/seed', { runs: [{ ...base, ...patch }] });
			expect([patch, res.status]).toEqual([patch, status]);
			expect(await res.json()).toMatchObject({ error: 'admin_error' });
		}
	});

	test('POST /__admin/runs/:runId/approve resumes a paused run; 404 unknown, 409 not paused', async () => {
		const runId = await startRun(t, W.review);
		expect((await t.admin('POST', `/runs/${runId}/approve`)).status).toBe(409);
		await waitForRun(t.sim, runId, (run) => run.condition === 'paused');
		const res = await t.admin('POST', `/runs/${runId}/approve`);
		expect(res.status).toBe(200);
		expect(await res.json()).toMatchObject({ runId, condition: null, status: 'Running' });
		expect((await waitForRun(t.sim, runId, isTerminalView)).status).toBe('Completed');
		expect((await t.admin('POST', `/runs/${runId}/approve`)).status).toBe(409);
		expect((await t.admin('POST', '/runs/run_nope/approve')).status).toBe(404);
	});

	test('POST /__admin/runs/:runId/stall freezes a running run (condition stalled); 409 for terminal runs', async () => {
		const runId = await startRun(t, W.agentSummary);
		await waitForRun(t.sim, runId, (run) => run.status === 'Running');
		const res = await t.admin('POST', `/runs/${runId}/stall`);
		expect(res.status).toBe(200);
		expect(await res.json()).toMatchObject({ runId, status: 'Running', condition: 'stalled' });
		expect((await t.admin('POST', `/runs/${runId}/stall`)).status).toBe(409);
		expect((await t.admin('POST', `/runs/${PERSON_RUN_IDS.summaryRecent}/stall`)).status).toBe(409);
		expect((await t.admin('POST', '/runs/run_nope/stall')).status).toBe(404);
	});

	test("PUT /__admin/runs/:runId/steps/:stepId/download-path overwrites a rendered file's downloadPath; 404 without a file", async () => {
		const runId = await startRun(t, W.agentSummary);
		await waitForRun(t.sim, runId, isTerminalView);
		const res = await t.admin(
			'PUT',
			`/runs/${runId}/steps/${S.agentSummary.render}/download-path`,
			{ downloadPath: 'http://other.invalid/x.pdf' },
		);
		expect(res.status).toBe(200);
		const run = (await res.json()) as { steps: { renderedArtifact?: { downloadPath: string } }[] };
		expect(run.steps[2].renderedArtifact?.downloadPath).toBe('http://other.invalid/x.pdf');
		expect(
			(
				await t.admin('PUT', `/runs/${runId}/steps/${S.agentSummary.agent}/download-path`, {
					downloadPath: '/x',
				})
			).status,
		).toBe(404);
		expect(
			(await t.admin('PUT', `/runs/${runId}/steps/${S.agentSummary.render}/download-path`, {}))
				.status,
		).toBe(400);
	});

	test("POST /__admin/input-documents stores a document of the key's tenant (201 { documentId, documentVersionId })", async () => {
		const res = await t.admin('POST', '/input-documents', {
			keyId: K.full,
			filename: 'notes.md',
			contentType: 'text/markdown',
			data: Buffer.from('# Notes').toString('base64'),
			status: 'failed',
			processingError: 'unreadable',
		});
		expect(res.status).toBe(201);
		const ids = (await res.json()) as { documentId: string; documentVersionId: string };
		expect(ids.documentId).toMatch(/^doc_[0-9a-f]{16}$/);
		expect(ids.documentVersionId).toMatch(/^docv_[0-9a-f]{16}$/);
		const record = findInputDocument(t.sim.state, FIXTURE_IDS.workspaces.acme, ids.documentId)!;
		expect(record.bytes.toString()).toBe('# Notes');
		expect(toInputDocumentStatusView(record)).toEqual({
			...ids,
			filename: 'notes.md',
			sizeBytes: 7,
			contentType: 'text/markdown',
			pageCount: null,
			status: 'failed',
			processingError: 'unreadable',
			usedByRunId: null,
		});
		expect(
			findInputDocument(t.sim.state, FIXTURE_IDS.workspaces.globex, ids.documentId),
		).toBeUndefined();
		expect(
			(
				await t.admin('POST', '/input-documents', {
					keyId: 'key_nope',
					filename: 'a',
					contentType: 'b',
					data: '',
				})
			).status,
		).toBe(404);
		expect(
			(
				await t.admin('POST', '/input-documents', {
					keyId: K.full,
					filename: 'a',
					contentType: 'b',
					data: '',
					status: 'done',
				})
			).status,
		).toBe(400);
	});

	test('The hooks need the admin token', async () => {
		const res = await fetch(`${t.url}/__admin/runs`);
		expect(res.status).toBe(401);
	});
});

describe('Simulator options of the runs module', () => {
	test('runTimeScale, sseHeartbeatMs and sseLineEnding are checked at construction', () => {
		expect(createSimulator().options).toMatchObject({
			runTimeScale: 1,
			sseHeartbeatMs: 15_000,
			sseLineEnding: '\n',
		});
		expect(() => createSimulator({ runTimeScale: -1 })).toThrow(/runTimeScale/);
		expect(() => createSimulator({ sseHeartbeatMs: 0 })).toThrow(/sseHeartbeatMs/);
		expect(() => createSimulator({ sseLineEnding: '\r' as '\n' })).toThrow(/sseLineEnding/);
	});

	test('runTimeScale 0 plays a whole run at once (benchmarks)', async () => {
		const t = await startTestServer({ runTimeScale: 0 });
		try {
			const trace = traceTimers(t.sim);
			const runId = await startRun(t, W.agentSummary);
			expect((await waitForRun(t.sim, runId, isTerminalView)).status).toBe('Completed');
			// Queue and every step played on waits of 0 ms.
			expect(trace.waits().length).toBeGreaterThan(3);
			expect(trace.waits(1)).toEqual([]);
		} finally {
			await t.sim.stop();
		}
	});

	test('runAdmin() on a simulator without the runs module says so', () => {
		expect(() => runAdmin(new Simulator()).runs()).toThrow(/runs module is not registered/);
	});
});
