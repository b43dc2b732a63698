// Scenario 3 of the queue file: a worker killed with SIGKILL while Wait For Run follows a run: what n8n does with
// the execution (lost worker: failed by the queue, data discarded; worker restarted with its folder: recovered as
// crashed, then failed the same way once the queue notices), what n8n's Retry does, and how many runs the service
// saw started (one per execution of Start Run: with "Save execution progress" a prompt retry resumes Wait For Run
// on the same run).
import { runAdmin } from '../../test/simulator';
import { sleep, waitUntil } from '../lib/waiting';
import { runStarts, type QueueEnv } from './queue-env';
import { LOCK_NOTE, PATHS, WF } from './queue-workflows';
import { say, secs } from './timing';

/** One execution of a scenario-3 workflow: its webhook was called with `tag`, which its run's input carries. */
interface Followed {
	tag: string;
	workflowId: string;
	executionId: string;
}

export async function workerKillScenario(env: QueueEnv): Promise<void> {
	const { simRuns, report, main, recordMemory } = env;
	const c = main();
	const started = Date.now();
	const since = simRuns.admin.requests().at(-1)?.seq ?? 0;
	const startsOf = (tag: string) =>
		runStarts(simRuns, since).filter((entry) =>
			String((entry.requestBody as { input?: unknown }).input).startsWith(`Board memo ${tag}:`),
		);
	const runIdsOf = (tag: string) =>
		startsOf(tag).map((entry) => (entry.note as { runId: string }).runId);
	const openStreams = (runId: string) =>
		simRuns.admin
			.requests({ since })
			.filter(
				(e) =>
					e.method === 'GET' &&
					e.path === `/workflows/runs/${runId}/events` &&
					e.durationMs === null,
			).length;
	const execution = (f: Followed) =>
		c.main.executions(f.workflowId).find((row) => row.id === f.executionId);
	const progressKept = (f: Followed) =>
		c.main.query<{ kept: boolean }>(
			`SELECT position('Start Board Memo' in data) > 0 AS kept FROM execution_data WHERE "executionId" = ?`,
			f.executionId,
		)[0]?.kept === true;
	const workerOf = (f: Followed) => c.executionsByWorker().get(f.executionId)?.[0];
	const approvePaused = () => {
		for (const run of runAdmin(simRuns).runs())
			if (run.condition === 'paused') runAdmin(simRuns).approve(run.runId);
	};

	/** Calls the webhook (answered at once) and waits until Wait For Run follows the run it started. */
	async function follow(workflowId: string, path: string, tag: string): Promise<Followed> {
		const known = new Set(c.main.executions(workflowId).map((row) => row.id));
		const response = await fetch(`${c.main.url}/webhook/${path}?tag=${tag}`);
		expect(response.status).toBe(200);
		const [runId] = await waitUntil(
			`the run of ${tag}`,
			() => (runIdsOf(tag).length ? runIdsOf(tag) : undefined),
			30_000,
			250,
		);
		await waitUntil(
			`Wait For Run to follow ${runId} (paused for review)`,
			() => openStreams(runId) > 0 && runAdmin(simRuns).run(runId)?.condition === 'paused',
			30_000,
			250,
		);
		const row = c.main.executions(workflowId).find((candidate) => !known.has(candidate.id));
		if (!row) throw new Error(`no execution of ${workflowId}`);
		return { tag, workflowId, executionId: row.id };
	}

	// Retry as a user does it: the owner account, then "Retry" on the execution (POST /rest/executions/:id/retry).
	const headers = { 'content-type': 'application/json', 'browser-id': 'dw-queue-test' };
	const setup = await fetch(`${c.main.url}/rest/owner/setup`, {
		method: 'POST',
		headers,
		body: JSON.stringify({
			email: 'owner@example.com',
			firstName: 'Queue',
			lastName: 'Test',
			password: 'Queue-test-2026',
		}),
	});
	expect(setup.status).toBe(200);
	const cookie = setup.headers
		.getSetCookie()
		.map((value) => value.split(';')[0])
		.join('; ');
	/** Starts n8n's retry; the request answers when the retried execution has finished. */
	const retry = (f: Followed) =>
		fetch(`${c.main.url}/rest/executions/${f.executionId}/retry`, {
			method: 'POST',
			headers: { ...headers, cookie },
			body: JSON.stringify({ loadWorkflow: false }),
		}).then(async (response) => ({
			http: response.status,
			...((await response.json()) as { data?: { id?: string; status?: string; mode?: string } })
				.data,
		}));

	// Round 1: the worker is lost for good (the other one keeps running). Only n8n's queue notices.
	const lost = await follow(WF.waitProgress, PATHS.waitProgress, 'lost');
	const lostWorker = workerOf(lost) as string;
	const lostIndex = Number(lostWorker.split(' ')[1]) - 1;
	say(
		`scenario 3, round 1: execution #${lost.executionId} (progress saved) follows run ${runIdsOf('lost')[0]} on ${lostWorker}: SIGKILL to it and its task runner, not restarted`,
	);
	let killAt = Date.now();
	await c.workers[lostIndex].kill();
	const lostRow = await waitUntil(
		'n8n to settle the execution of the lost worker',
		() => (execution(lost)?.status !== 'running' ? execution(lost) : undefined),
		150_000,
		1_000,
	);
	const lostSettledMs = Date.now() - killAt;
	const mainLog = c.main.serverLog();
	const reason =
		new RegExp(`Problem with execution ${lost.executionId}: (.+?)\\. Aborting\\.`).exec(
			mainLog,
		)?.[1] ?? '(no "Problem with execution" line)';
	const stalled = mainLog.includes('job stalled more than maxStalledCount');
	const lostKept = progressKept(lost);
	const lostRetry = await retry(lost);
	const lostStarts = startsOf('lost').length;
	say(
		`scenario 3, round 1: #${lost.executionId} ${lostRow?.status} after ${secs(lostSettledMs)}; retry → #${lostRetry.id} ${lostRetry.status}; runs started for it: ${lostStarts}`,
	);
	// The run itself goes on in the service; nobody in n8n follows it any more.
	approvePaused();
	// An orchestrator brings the worker back (with its user folder): the execution stays as main settled it.
	await c.startWorker(lostIndex);
	await sleep(2_000);
	const lostAfterRestart = execution(lost)?.status;

	// Round 2: the worker comes back at once with its user folder (a restarted container with its volume).
	// Both executions on that worker: the other worker is stopped first (SIGTERM, idle).
	const victimIndex = lostIndex;
	const otherIndex = 1 - victimIndex;
	await c.workers[otherIndex].stop();
	const withProgress = await follow(WF.waitProgress, PATHS.waitProgress, 'progress');
	const withoutProgress = await follow(WF.wait, PATHS.wait, 'plain');
	expect([workerOf(withProgress), workerOf(withoutProgress)]).toEqual([
		`worker ${victimIndex + 1}`,
		`worker ${victimIndex + 1}`,
	]);
	say(
		`scenario 3, round 2: executions #${withProgress.executionId} (progress saved) and #${withoutProgress.executionId} (not saved) on worker ${victimIndex + 1}: SIGKILL, restarted at once`,
	);
	killAt = Date.now();
	await c.workers[victimIndex].kill();
	await Promise.all([c.startWorker(victimIndex), c.startWorker(otherIndex)]);
	const recovered = await waitUntil(
		'the restarted worker to recover both executions',
		() => {
			const rows = [execution(withProgress), execution(withoutProgress)];
			return rows.every((row) => row && row.status !== 'running') ? rows : undefined;
		},
		60_000,
		250,
	);
	const recoveredMs = Date.now() - killAt;
	const recoveredLog = c.workers[victimIndex].currentServerLog().includes('[Recovery]');
	// Retried at once (main's own stalled-job handling comes later and would then overwrite them).
	const retries = [retry(withProgress), retry(withoutProgress)];
	say(
		`scenario 3, round 2: ${recovered.map((row) => `#${row?.id} ${row?.status}`).join(', ')} ${secs(recoveredMs)} after the kill; retried both`,
	);
	const [progressRun] = runIdsOf('progress');
	await waitUntil(
		'the retries to follow or start their runs',
		() => openStreams(progressRun) > 0 || startsOf('plain').length > 1,
		30_000,
		250,
	);
	// Reviewers approve: every run waited for finishes, and so do the retried executions.
	let settled: Array<{ http: number; id?: string; status?: string; mode?: string }> = [];
	let done = false;
	const all = Promise.all(retries).then((results) => {
		settled = results;
		done = true;
	});
	await waitUntil(
		'both retried executions to finish',
		() => {
			approvePaused();
			return done;
		},
		90_000,
		500,
	);
	await all;
	// Main's own handling of the killed jobs comes later (lock expiry, stalled check, 30 s re-check): what does
	// it do to the executions the restarted worker recovered?
	const late = await waitUntil(
		"main's stalled-job handling of the recovered executions",
		() => {
			const rows = [execution(withProgress), execution(withoutProgress)];
			return rows.every((row) => row?.status !== 'crashed') ? rows : undefined;
		},
		120_000,
		1_000,
	).catch(() => [execution(withProgress), execution(withoutProgress)]);
	const lateMs = Date.now() - killAt;
	const lateKept = progressKept(withProgress);
	const streamsOnProgressRun = simRuns.admin
		.requests({ since })
		.filter((e) => e.method === 'GET' && e.path === `/workflows/runs/${progressRun}/events`).length;
	recordMemory('after scenario 3');

	report.s3.push(
		`round 1, worker lost (SIGKILL to the worker and its task runner, not restarted; the other worker up): Bull declared the job stalled (${stalled ? '"job stalled more than maxStalledCount"' : 'no stalled message'}; n8n sets maxStalledCount 0, so it never re-queues a job)`,
		`  main marked execution #${lost.executionId} "${lostRow?.status}" ${secs(lostSettledMs)} after the kill (${LOCK_NOTE}; then main re-checks for 30 s): "${reason}"`,
		`  its saved progress ("Save execution progress" on) was ${lostKept ? 'kept' : 'discarded: main overwrote the data with an empty run'}; n8n's Retry → HTTP ${lostRetry.http}, execution #${lostRetry.id} (${lostRetry.mode}) "${lostRetry.status}" at once: nothing left to run`,
		`  runs started for it: ${lostStarts} (no second start); its run went on in the service (${runIdsOf(
			'lost',
		)
			.map((id) => runAdmin(simRuns).run(id)?.status)
			.join(
				', ',
			)} once approved), but n8n no longer knows its id; after the worker came back the execution stayed "${lostAfterRestart}"`,
		`round 2, worker restarted at once with its user folder: its start-up recovery read its event log and marked #${withProgress.executionId} and #${withoutProgress.executionId} ${recovered.map((row) => `"${row?.status}"`).join(' and ')} ${secs(recoveredMs)} after the kill${recoveredLog ? ' ("[Recovery] … amended execution")' : ''}`,
		`  Retry of #${withProgress.executionId} (progress saved), made at once → #${settled[0]?.id} "${settled[0]?.status}": resumed at Wait For Run on the same run ${progressRun} (${streamsOnProgressRun} event streams on it); runs started: ${startsOf('progress').length}`,
		`  Retry of #${withoutProgress.executionId} (progress not saved), made at once → #${settled[1]?.id} "${settled[1]?.status}": n8n re-executed the workflow from its trigger data, so Start Board Memo ran again; runs started: ${startsOf('plain').length} (a new execution of the node is a new start, by design)`,
		`  later, ${secs(lateMs)} after the kill, main's stalled-job handling left them ${late.map((row) => `#${row?.id} "${row?.status}"`).join(', ')}; saved progress of #${withProgress.executionId} ${lateKept ? 'still there' : 'gone'}${lateKept ? '' : ' (a Retry from then on has nothing to run)'}`,
		`scenario time ${secs(Date.now() - started)}`,
	);

	// Round 1: the execution failed, the retry had nothing to run, one run started.
	expect(stalled).toBe(true);
	expect(lostRow?.status).toBe('error');
	expect(lostKept).toBe(false);
	expect(lostRetry.http).toBe(200);
	expect(lostRetry.mode).toBe('retry');
	expect(lostRetry.status).toBe('error');
	expect(lostStarts).toBe(1);
	// Round 2: recovered as crashed; with progress saved the retry resumed the same run without starting another.
	expect(recovered.map((row) => row?.status)).toEqual(['crashed', 'crashed']);
	expect(settled.map((r) => [r.http, r.mode, r.status])).toEqual([
		[200, 'retry', 'success'],
		[200, 'retry', 'success'],
	]);
	expect(startsOf('progress')).toHaveLength(1);
	expect(streamsOnProgressRun).toBeGreaterThanOrEqual(2);
	expect(startsOf('plain')).toHaveLength(2);
	// …and main's own handling of the dead jobs ends both as "error" with their data discarded, a little later.
	expect(late.map((row) => row?.status)).toEqual(['error', 'error']);
	expect(lateKept).toBe(false);
}
