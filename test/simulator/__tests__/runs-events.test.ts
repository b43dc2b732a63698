import { FIXTURE_IDS, FIXTURE_KEYS, PERSON_RUN_IDS, QUEUE_MS, runAdmin } from '../index';
import { isTerminalView, openEventStream, waitForRun, type SseConnection } from '../runs/testing';
import { sleep, startRun, useTestServer } from './helpers';
import { traceTimers } from '../timer-trace';

const W = FIXTURE_IDS.workflows;
const S = FIXTURE_IDS.steps;
const EVENTS_PATH = '^/workflows/runs/[^/]+/events$';

describe('GET /workflows/runs/{runId}/events: a full run, frame by frame', () => {
	// Scale 2: the run's queue time is 100 ms (held longer by the first test, until its stream is connected).
	const t = useTestServer({ runTimeScale: 2 }, { resetBeforeEach: false });

	test('Events: connected, then StepStarted / StepProgress / StepCompleted per step, then RunCompleted; the stream closes', async () => {
		// The run waits in its queue until the stream is connected, however long a busy machine takes to connect.
		const trace = traceTimers(t.sim, { hold: QUEUE_MS * 2 });
		const runId = await startRun(t, W.agentSummary, 'Summarise it.');
		const stream = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		await stream.waitForFrames(1);
		trace.release();
		expect(stream.status).toBe(200);
		expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
		expect(stream.headers.get('cache-control')).toBe('no-cache');
		expect(await stream.closed).toBe('end');

		const completedAt = runAdmin(t.sim).run(runId)!.completedAt;
		const started = (stepId: string, stepIndex: number) => ({
			event: 'StepStarted',
			data: { runId, stepId, stepIndex },
		});
		const progress = (stepId: string, delta: string) => ({
			event: 'StepProgress',
			data: { runId, stepId, delta },
		});
		const completed = (stepId: string) => ({
			event: 'StepCompleted',
			data: { runId, stepId, status: 'completed' },
		});
		const s = S.agentSummary;
		expect(stream.frames).toEqual([
			{ event: 'connected', data: { runId, status: 'Pending' } },
			started(s.entry, 0),
			progress(s.entry, 'Reading the contract. '),
			progress(s.entry, 'Found 14 clauses. '),
			completed(s.entry),
			started(s.agent, 1),
			progress(s.agent, 'Summary: '),
			progress(s.agent, 'a two-year supply agreement '),
			progress(s.agent, 'with a 90-day termination notice.'),
			completed(s.agent),
			started(s.render, 2),
			completed(s.render),
			{ event: 'RunCompleted', data: { runId, status: 'Completed', completedAt } },
		]);
		// The log entry of the stream ends with the stream (status 200, a duration).
		const entry = t.sim.admin.requests().find((request) => request.path.endsWith('/events'));
		expect(entry).toMatchObject({ status: 200, keyId: FIXTURE_IDS.keys.full });
		expect(entry?.durationMs).toEqual(expect.any(Number));
	});

	test('Events: a failing run ends with StepCompleted (status failed) and RunFailed { runId, status, error, completedAt }', async () => {
		const trace = traceTimers(t.sim, { hold: QUEUE_MS * 2 });
		const runId = await startRun(t, W.failing, 'Extract the clauses.');
		const stream = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		await stream.waitForFrames(1);
		trace.release();
		expect(await stream.closed).toBe('end');
		const run = runAdmin(t.sim).run(runId)!;
		const f = S.failing;
		const error = {
			code: 'step_failed',
			message: 'The clause extractor could not parse the document.',
			stepId: f.failing,
		};
		expect(stream.frames).toEqual([
			{ event: 'connected', data: { runId, status: 'Pending' } },
			{ event: 'StepStarted', data: { runId, stepId: f.entry, stepIndex: 0 } },
			{ event: 'StepProgress', data: { runId, stepId: f.entry, delta: 'Reading. ' } },
			{ event: 'StepCompleted', data: { runId, stepId: f.entry, status: 'completed' } },
			{ event: 'StepStarted', data: { runId, stepId: f.failing, stepIndex: 1 } },
			{ event: 'StepProgress', data: { runId, stepId: f.failing, delta: 'Extracting ' } },
			{ event: 'StepCompleted', data: { runId, stepId: f.failing, status: 'failed' } },
			{
				event: 'RunFailed',
				data: { runId, status: 'Failed', error, completedAt: run.completedAt },
			},
		]);
	});
});

describe('GET /workflows/runs/{runId}/events', () => {
	const t = useTestServer({ runTimeScale: 0.1, sseHeartbeatMs: 25 });

	const pausedRun = async (): Promise<string> => {
		const runId = await startRun(t, W.review, 'Topic: quarterly results');
		await waitForRun(t.sim, runId, (run) => run.condition === 'paused');
		return runId;
	};
	const events = (stream: SseConnection): string[] => stream.frames.map((frame) => frame.event);

	test('Events: "Requesting it for an already terminal run is 409 run_terminal"', async () => {
		const [runId] = runAdmin(t.sim).seedRuns([
			{
				workflowId: W.agentSummary,
				keyId: FIXTURE_IDS.keys.full,
				status: 'Completed',
				startedAt: '2026-01-10T10:00:00Z',
			},
		]);
		const stream = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		expect(stream.status).toBe(409);
		expect(stream.errorBody).toEqual({
			error: 'run_terminal',
			message: `Run ${runId} has already finished (Completed); read the run record instead.`,
		});
	});

	test('What the service does 7: invisible runs answer 404 (people-started, other tenant); workflows:read is required', async () => {
		const runId = await pausedRun();
		expect((await openEventStream(t.url, FIXTURE_KEYS.full, PERSON_RUN_IDS.ndaRecent)).status).toBe(
			404,
		);
		expect((await openEventStream(t.url, FIXTURE_KEYS.otherTenant, runId)).status).toBe(404);
		const noScope = await openEventStream(t.url, FIXTURE_KEYS.noWorkflowsRead, runId);
		expect(noScope.status).toBe(403);
		expect(noScope.errorBody).toMatchObject({ error: 'missing_scope' });
	});

	test('Events: live only (no replay); idle while paused (keep-alive comments only); "The stream resumes ... once the reviewer approves"', async () => {
		const runId = await pausedRun();
		const stream = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		// Two heartbeats come and go (however long a busy machine takes to deliver them) and no event comes with them.
		for (let tries = 0; stream.comments.length < 2 && tries < 500; tries++) await sleep(20);
		expect(stream.frames).toEqual([{ event: 'connected', data: { runId, status: 'Running' } }]);
		expect(stream.comments.length).toBeGreaterThanOrEqual(2);
		expect(new Set(stream.comments)).toEqual(new Set(['keep-alive']));

		runAdmin(t.sim).approve(runId);
		expect(await stream.closed).toBe('end');
		expect(events(stream)).toEqual([
			'connected',
			'StepCompleted',
			'StepStarted',
			'StepCompleted',
			'RunCompleted',
		]);
		expect(stream.frames[1].data).toEqual({ runId, stepId: S.review.review, status: 'completed' });
		expect(stream.frames[2].data).toEqual({ runId, stepId: S.review.render, stepIndex: 3 });
	});

	test('Events: several concurrent streams of one run all get every event', async () => {
		const runId = await pausedRun();
		const streams = await Promise.all(
			[1, 2, 3].map(() => openEventStream(t.url, FIXTURE_KEYS.full, runId)),
		);
		const bob = await openEventStream(t.url, FIXTURE_KEYS.bob, runId);
		runAdmin(t.sim).approve(runId);
		for (const stream of [...streams, bob]) {
			expect(await stream.closed).toBe('end');
			expect(stream.frames).toEqual(streams[0].frames);
		}
		expect(events(streams[0])).toEqual([
			'connected',
			'StepCompleted',
			'StepStarted',
			'StepCompleted',
			'RunCompleted',
		]);
		expect(t.sim.admin.counters().eventStreamsOpened).toEqual({
			[FIXTURE_IDS.keys.full]: 3,
			[FIXTURE_IDS.keys.bob]: 1,
		});
	});

	test('Fault drop-stream { afterFrames }: the socket is destroyed after that many frames (no terminal frame, no clean end)', async () => {
		const runId = await pausedRun();
		t.sim.admin.addFault({ kind: 'drop-stream', afterFrames: 2, path: EVENTS_PATH });
		const dropped = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		await sleep(60); // heartbeat comments do not count as frames
		runAdmin(t.sim).approve(runId);
		expect(await dropped.closed).toBe('error');
		expect(events(dropped)).toEqual(['connected', 'StepCompleted']);
		expect(t.sim.admin.faults()).toEqual([]);
		const entry = t.sim.admin.requests().find((request) => request.path.endsWith('/events'));
		expect(entry).toMatchObject({
			status: 200,
			faults: [expect.stringMatching(/drop-stream after 2 frames/)],
		});
		expect(entry?.durationMs).toEqual(expect.any(Number));
		await waitForRun(t.sim, runId, isTerminalView);
	});

	test('Fault drop-stream is taken once per connection: the next connection is whole', async () => {
		const runId = await pausedRun();
		t.sim.admin.addFault({ kind: 'drop-stream', afterFrames: 1, path: EVENTS_PATH });
		const first = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		expect(await first.closed).toBe('error');
		expect(events(first)).toEqual(['connected']);
		const second = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		await second.waitForFrames(1);
		runAdmin(t.sim).approve(runId);
		expect(await second.closed).toBe('end');
		expect(events(second).at(-1)).toBe('RunCompleted');
	});

	test('Fault frame-delay { ms }: every frame of the connection waits, order preserved', async () => {
		const runId = await pausedRun();
		t.sim.admin.addFault({ kind: 'frame-delay', ms: 60, path: EVENTS_PATH });
		const trace = traceTimers(t.sim);
		const slow = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		const fast = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		await fast.waitForFrames(1);
		// The slow stream has no frame its wait has not released (none at all, unless this machine is very busy).
		expect(slow.frames.length).toBeLessThanOrEqual(trace.count(60).ranOut);
		runAdmin(t.sim).approve(runId);
		expect(await fast.closed).toBe('end');
		expect(await slow.closed).toBe('end');
		expect(slow.frames).toEqual(fast.frames);
		// Five frames, one after another, each held 60 ms: a wait runs out before the next one is set.
		expect(slow.frames).toHaveLength(5);
		expect(trace.only('wait 60', 'waited 60')).toEqual(
			Array.from({ length: 5 }, () => ['wait 60', 'waited 60']).flat(),
		);
	});

	test('Clients going away: a closed connection leaves the run and the other streams alone', async () => {
		const runId = await pausedRun();
		const leaving = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		const staying = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		await leaving.waitForFrames(1);
		await leaving.cancel();
		await sleep(20);
		runAdmin(t.sim).approve(runId);
		expect(await staying.closed).toBe('end');
		expect(events(staying).at(-1)).toBe('RunCompleted');
	});
});

describe('GET /workflows/runs/{runId}/events with sseLineEnding "\\r\\n"', () => {
	const t = useTestServer(
		{ runTimeScale: 0.1, sseHeartbeatMs: 20, sseLineEnding: '\r\n' },
		{ resetBeforeEach: false },
	);

	test('Frames and comments end their lines with CRLF; a standard parser reads the same events', async () => {
		const runId = await startRun(t, W.review, 'Topic: quarterly results');
		await waitForRun(t.sim, runId, (run) => run.condition === 'paused');
		const stream = await openEventStream(t.url, FIXTURE_KEYS.full, runId);
		await sleep(50);
		runAdmin(t.sim).approve(runId);
		expect(await stream.closed).toBe('end');
		expect(stream.raw).toContain(
			`event: connected\r\ndata: {"runId":"${runId}","status":"Running"}\r\n\r\n`,
		);
		expect(stream.raw).toContain(': keep-alive\r\n\r\n');
		expect(stream.raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
		expect(stream.frames.map((frame) => frame.event)).toEqual([
			'connected',
			'StepCompleted',
			'StepStarted',
			'StepCompleted',
			'RunCompleted',
		]);
	});
});
