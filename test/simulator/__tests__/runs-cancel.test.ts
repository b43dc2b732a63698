import {
	CANCEL_NOTICE_MS,
	FIXTURE_IDS,
	FIXTURE_KEYS,
	PERSON_RUN_IDS,
	runAdmin,
	type RunRecord,
} from '../index';
import { openEventStream, waitForRun } from '../runs/testing';
import { sleep, startRun, useTestServer } from './helpers';
import { traceTimers } from '../timer-trace';

const W = FIXTURE_IDS.workflows;
const K = FIXTURE_IDS.keys;

describe('POST /workflows/runs/{runId}/cancel', () => {
	// Agent steps of 150 ms: long enough to catch a run in flight.
	const t = useTestServer({ runTimeScale: 0.5 });

	const cancel = async (runId: string, key = FIXTURE_KEYS.full) => {
		const res = await t.call(`/workflows/runs/${runId}/cancel`, { method: 'POST', key });
		return { status: res.status, body: (await res.json()) as Record<string, unknown> };
	};
	const record = async (runId: string): Promise<RunRecord> =>
		(await (
			await t.call(`/workflows/runs/${runId}`, { key: FIXTURE_KEYS.full })
		).json()) as RunRecord;
	const seedOne = (
		status: 'Completed' | 'Failed' | 'Cancelled' | 'Running' | 'Pending',
		keyId: string = K.full,
	) =>
		runAdmin(t.sim).seedRuns([
			{ workflowId: W.agentSummary, keyId, status, startedAt: '2026-01-10T10:00:00Z' },
		])[0];

	test('Cancel response: a terminal run answers { runId, status, alreadyTerminal: true } and stays unchanged', async () => {
		for (const status of ['Completed', 'Failed', 'Cancelled'] as const) {
			const runId = seedOne(status);
			const before = await record(runId);
			expect(await cancel(runId)).toEqual({
				status: 200,
				body: { runId, status, alreadyTerminal: true },
			});
			expect(await record(runId)).toEqual(before);
		}
	});

	test('What the service does 7: "A key cancels only runs started with that same key" (403 cancel_not_allowed, run untouched)', async () => {
		const runId = await startRun(t, W.review);
		for (const key of [FIXTURE_KEYS.full2, FIXTURE_KEYS.bob]) {
			expect(await cancel(runId, key)).toEqual({
				status: 403,
				body: {
					error: 'cancel_not_allowed',
					message: 'This run was started with another API key; only that key can cancel it.',
				},
			});
		}
		expect(runAdmin(t.sim).run(runId)?.status).not.toBe('Cancelled');
	});

	test('What the service does 7: invisible runs (people-started, other tenant, unknown) are 404 not_found', async () => {
		const runId = await startRun(t, W.agentSummary);
		for (const [id, key] of [
			[PERSON_RUN_IDS.summaryRecent, FIXTURE_KEYS.full],
			[runId, FIXTURE_KEYS.otherTenant],
			['run_0000000000000000', FIXTURE_KEYS.full],
		]) {
			expect(await cancel(id, key)).toEqual({
				status: 404,
				body: { error: 'not_found', message: `Run ${id} was not found.` },
			});
		}
	});

	test('Authentication 3: cancelling needs workflows:run (403 missing_scope)', async () => {
		const runId = await startRun(t, W.review);
		expect((await cancel(runId, FIXTURE_KEYS.readOnly)).body).toMatchObject({
			error: 'missing_scope',
			requiredScope: 'workflows:run',
		});
	});

	test('States: a queued run is "Cancelled (marked directly)": { runId, requested: true } and Cancelled at once', async () => {
		const runId = seedOne('Pending');
		expect(runAdmin(t.sim).run(runId)).toMatchObject({ status: 'Pending', condition: 'queued' });
		expect(await cancel(runId)).toEqual({ status: 200, body: { runId, requested: true } });
		const run = await record(runId);
		expect(run).toMatchObject({
			status: 'Cancelled',
			condition: null,
			completedAt: expect.any(String),
		});
		expect(run.steps.every((step) => step.status === 'pending')).toBe(true);
	});

	test('States: a paused run is marked Cancelled directly; its review step is cancelled, the render step stays pending', async () => {
		const runId = await startRun(t, W.review);
		await waitForRun(t.sim, runId, (run) => run.condition === 'paused');
		const stream = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		expect(await cancel(runId)).toEqual({ status: 200, body: { runId, requested: true } });
		const run = await record(runId);
		expect(run).toMatchObject({ status: 'Cancelled', condition: null });
		expect(run.steps.map((step) => step.status)).toEqual([
			'completed',
			'completed',
			'cancelled',
			'pending',
		]);
		expect(await stream.closed).toBe('end');
		expect(stream.frames.map((frame) => frame.event)).toEqual(['connected', 'RunCancelled']);
		expect(stream.frames[1].data).toEqual({
			runId,
			status: 'Cancelled',
			completedAt: run.completedAt,
		});
		expect(() => runAdmin(t.sim).approve(runId)).toThrow(/not paused/);
	});

	test('States: a stalled run is marked Cancelled directly', async () => {
		const runId = await startRun(t, W.agentSummary);
		await waitForRun(t.sim, runId, (run) => run.steps[0].status === 'running');
		const stalled = runAdmin(t.sim).stall(runId);
		expect(stalled).toMatchObject({ status: 'Running', condition: 'stalled' });
		await sleep(200); // longer than the step: nothing moves while stalled
		const frozen = runAdmin(t.sim).run(runId)!;
		expect(frozen.steps.map((step) => step.status)).toEqual(['running', 'pending', 'pending']);
		expect(await cancel(runId)).toEqual({ status: 200, body: { runId, requested: true } });
		const run = await record(runId);
		expect(run).toMatchObject({ status: 'Cancelled', condition: null });
		expect(run.steps.map((step) => step.status)).toEqual(['cancelled', 'pending', 'pending']);
	});

	test('States: a run in flight answers { runId, requested: true } and is aborted after the cancel notice, mid-step (RunCancelled, stream closes)', async () => {
		const runId = await startRun(t, W.agentSummary);
		await waitForRun(t.sim, runId, (run) => run.steps[1].status === 'running');
		const stream = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		const trace = traceTimers(t.sim);
		expect(await cancel(runId)).toEqual({ status: 200, body: { runId, requested: true } });
		const cancelled = await waitForRun(t.sim, runId, (run) => run.status === 'Cancelled');
		trace.mark('cancelled');
		// The cancel sets one notice timer; the run is cancelled once it runs out, without waiting for its step to end.
		expect(
			trace.only(`wait ${CANCEL_NOTICE_MS}`, `waited ${CANCEL_NOTICE_MS}`, 'cancelled'),
		).toEqual([`wait ${CANCEL_NOTICE_MS}`, `waited ${CANCEL_NOTICE_MS}`, 'cancelled']);
		expect(cancelled.steps.map((step) => step.status)).toEqual([
			'completed',
			'cancelled',
			'pending',
		]);
		expect(cancelled.steps[2].renderedArtifact).toBeUndefined();
		expect(await stream.closed).toBe('end');
		expect(stream.frames.at(-1)).toEqual({
			event: 'RunCancelled',
			data: { runId, status: 'Cancelled', completedAt: cancelled.completedAt },
		});
		await sleep(100);
		expect((await record(runId)).status).toBe('Cancelled');
	});

	test('A seeded run frozen in flight (status Running) is aborted the same way', async () => {
		const runId = seedOne('Running');
		expect(await cancel(runId)).toEqual({ status: 200, body: { runId, requested: true } });
		const run = await waitForRun(t.sim, runId, (view) => view.status === 'Cancelled');
		expect(run.steps[0].status).toBe('cancelled');
	});
});
