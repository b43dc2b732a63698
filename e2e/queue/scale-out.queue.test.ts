/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The package in n8n queue mode: one main (`n8n start`), two workers (`n8n worker`), Redis and PostgreSQL,
// all started here on 127.0.0.1 and stopped at the end whatever happens. The simulators run in this process;
// their request logs and counters are the proof of what the service saw.
//
// 1. A webhook workflow (Start Run → Wait For Run with the rendered PDF → Respond to Webhook with the PDF),
//    called 40 times at once: every call answers the run's PDF, executions are spread over both workers, and
//    the service counts exactly 40 runs.
// 2. The Run Finished trigger (published, polls every minute, in main) while 60 runs finish in three bursts
//    over three poll cycles, with main stopped and restarted in the middle: every run fires exactly once
//    (the next node reads each fired run with its own key), whichever worker runs the firing execution.
// 3. A worker killed with SIGKILL while Wait For Run follows a run: what n8n does with the execution (lost
//    worker: failed by the queue, data discarded; worker restarted with its folder: recovered as crashed,
//    then failed the same way once the queue notices), what n8n's Retry does, and how many runs the service
//    saw started (one per execution of Start Run: with "Save execution progress" a prompt retry resumes
//    Wait For Run on the same run).
//
// Run with `npm run test:queue` (builds, packs, installs the host, then this file in band).
import { FIXTURE_IDS, FIXTURE_KEYS, createSimulator, runAdmin, type RequestLogEntry, type Simulator } from '../../test/simulator';
import { packageTarball } from '../lib/pack';
import { serviceRequest, startSummaryRun } from '../lib/service-api';
import { sleep, waitUntil } from '../lib/waiting';
import { loadWorkflow, renamed, useCredential, type WorkflowJson } from '../lib/workflows';
import { QueueCluster } from './cluster';

const RUN_STARTED_AT = Number(process.env.QUEUE_TEST_STARTED_AT ?? Date.now());
const FILE_STARTED_AT = Date.now();
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const say = (line: string) => process.stdout.write(`[queue ${secs(Date.now() - FILE_STARTED_AT)}] ${line}\n`);

/**
 * Shorter than n8n's defaults (lock 60 s, renewed every 10 s, stalled check every 30 s) so that scenario 3
 * sees a dead worker's job declared stalled in about 30 s instead of 60–90 s. Same mechanism, same outcome.
 * QUEUE_TEST_DEFAULT_LOCKS=1 keeps n8n's defaults (scenario 3 then takes about a minute longer).
 */
const DEFAULT_LOCKS = process.env.QUEUE_TEST_DEFAULT_LOCKS === '1';
const LOCK_ENV: Record<string, string> = DEFAULT_LOCKS
  ? {}
  : { QUEUE_WORKER_LOCK_DURATION: '20000', QUEUE_WORKER_LOCK_RENEW_TIME: '5000', QUEUE_WORKER_STALLED_INTERVAL: '10000' };
const LOCK_NOTE = DEFAULT_LOCKS ? "n8n's default lock 60 s, stalled check every 30 s" : "lock 20 s, stalled check every 10 s; n8n's defaults are 60 s and 30 s";

const WF = {
  pdf: 'dwQueueWebhookPdf',
  trigger: 'dwQueueRunFinished',
  wait: 'dwQueueWaitForRun',
  waitProgress: 'dwQueueWaitProgress',
};
const PATHS = { pdf: 'dw-queue-pdf', wait: 'dw-queue-wait', waitProgress: 'dw-queue-wait-progress' };
const KEYS = FIXTURE_IDS.keys;

let cluster: QueueCluster | undefined;
/** Scenarios 1 and 3 (real-time runs: ~0.5 s each). */
let simRuns: Simulator;
/** Scenario 2 (runs slowed 20×: ~9 s each, so a burst can be under way at a poll). */
let simTrigger: Simulator;
let runsUrl = '';
let triggerUrl = '';

/** What the summary prints, filled in by each scenario. */
const report = {
  setup: [] as string[],
  s1: [] as string[],
  s2: [] as string[],
  s3: [] as string[],
  memory: [] as string[],
  teardown: [] as string[],
};
let summaryPrinted = false;

function main(): QueueCluster {
  if (!cluster) throw new Error('the cluster did not start');
  return cluster;
}

const runStarts = (sim: Simulator, since = 0): RequestLogEntry[] =>
  sim.admin.requests({ since }).filter((entry) => entry.method === 'POST' && entry.path === '/workflows/runs' && entry.status === 202);

function recordMemory(moment: string): void {
  const readings = main().sampleMemory();
  const services = main().serviceMemory();
  report.memory.push(
    `${moment}: ${readings.map((r) => `${r.name} ${r.own.rssMiB} MiB (+ runner ${r.runner.rssMiB} MiB)`).join(', ')}; Redis ${services.redis?.rssMiB ?? '?'} MiB, PostgreSQL ${services.postgres?.rssMiB ?? '?'} MiB (all backends)`,
  );
}

function printSummary(): void {
  if (summaryPrinted) return;
  summaryPrinted = true;
  const peaks = [...(cluster?.peaks.values() ?? [])].map(
    (p) => `  ${p.name.padEnd(9)} RSS max ${String(p.own.rssMiB).padStart(4)} MiB, VmHWM ${String(p.own.peakMiB).padStart(4)} MiB; task runner RSS max ${p.runner.rssMiB} MiB, VmHWM ${p.runner.peakMiB} MiB`,
  );
  const lines = [
    '',
    '================ n8n queue mode: summary ================',
    'Setup:',
    ...report.setup.map((line) => `  ${line}`),
    'Scenario 1 (webhook → Start Run → Wait For Run + PDF → Respond, 40 calls at once):',
    ...report.s1.map((line) => `  ${line}`),
    'Scenario 2 (Run Finished trigger, 60 runs in 3 bursts, main restarted in the middle):',
    ...report.s2.map((line) => `  ${line}`),
    'Scenario 3 (a worker killed with SIGKILL during Wait For Run):',
    ...report.s3.map((line) => `  ${line}`),
    'Memory (VmRSS / VmHWM from /proc/<pid>/status):',
    ...report.memory.map((line) => `  ${line}`),
    ...peaks,
    'Teardown:',
    ...report.teardown.map((line) => `  ${line}`),
    `Total: ${secs(Date.now() - FILE_STARTED_AT)} for this file, ${secs(Date.now() - RUN_STARTED_AT)} for npm run test:queue so far (build, pack and host check included)`,
    '==========================================================',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The scenario-3 workflow with "Save execution progress" on (another id, path and webhook id). */
function withProgress(workflow: WorkflowJson): WorkflowJson {
  const copy = renamed(workflow, WF.waitProgress, `${workflow.name} (execution progress saved)`);
  copy.settings = { ...copy.settings, saveExecutionProgress: true };
  const hook = copy.nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
  if (!hook) throw new Error('queue-wait-for-run.json has no Webhook node');
  hook.parameters = { ...hook.parameters, path: PATHS.waitProgress };
  hook.webhookId = '459c62eb-5867-4382-8d05-7be4576e0c99';
  return copy;
}

beforeAll(async () => {
  const started = Date.now();
  simRuns = createSimulator({ runTimeScale: 1, defaultRateLimitPerMinute: 1_000_000 });
  runsUrl = await simRuns.start();
  simTrigger = createSimulator({ runTimeScale: 20, defaultRateLimitPerMinute: 1_000_000 });
  triggerUrl = await simTrigger.start();
  say(`simulators on ${runsUrl} (runs ~0.5 s) and ${triggerUrl} (runs ~9 s)`);

  cluster = await QueueCluster.start({ tarball: packageTarball(), workers: 2, env: LOCK_ENV, log: say });
  const servicesReady = Date.now();
  report.setup.push(`${main().services.versions}; both started (initdb, start, role and database) in ${secs(servicesReady - started)}`);

  const c = main();
  const [runs, poller, reader] = await c.main.importCredentials([
    { id: 'dwQueueCredential', name: 'Drafting Workspace (queue runs)', baseUrl: runsUrl, apiKey: FIXTURE_KEYS.full },
    { id: 'dwQueuePoller', name: 'Drafting Workspace (trigger)', baseUrl: triggerUrl, apiKey: FIXTURE_KEYS.full },
    { id: 'dwQueueReader', name: 'Drafting Workspace (reader)', baseUrl: triggerUrl, apiKey: FIXTURE_KEYS.full2 },
  ]);
  const wait = useCredential(loadWorkflow('queue-wait-for-run'), runs);
  const trigger = useCredential(
    useCredential(renamed(loadWorkflow('run-finished-trigger'), WF.trigger, 'Drafting Workspace queue: read every finished run'), poller, ['Run Finished']),
    reader,
    ['Read Run'],
  );
  await c.main.importWorkflows([useCredential(loadWorkflow('queue-webhook-run-pdf'), runs), trigger, wait, withProgress(wait)]);
  // Published while n8n is stopped (a running main does not see CLI publications).
  for (const id of Object.values(WF)) await c.main.publishWorkflow(id);
  const imported = Date.now();
  report.setup.push(`credentials and 4 workflows imported and published through main's CLI (PostgreSQL migrations included): ${secs(imported - servicesReady)}`);

  await c.startAll();
  for (const path of Object.values(PATHS)) await c.main.waitForWebhook(path);
  report.setup.push(
    `2 workers (together), then main, started and the webhooks registered: ${secs(Date.now() - imported)} (main PID ${c.main.pid}, workers ${c.workers.map((w) => w.pid).join(', ')})`,
  );
  recordMemory('idle after start');
}, 360_000);

afterAll(async () => {
  // Normally done by the last test; this covers a failure before it (every process is also killed on exit).
  await cluster?.stop().catch(() => undefined);
  await simRuns?.stop();
  await simTrigger?.stop();
  printSummary();
});

it('1. a webhook workflow called 40 times at once: every call gets its run\'s PDF, executions spread over both workers, exactly 40 runs started', async () => {
  const c = main();
  const since = simRuns.admin.requests().at(-1)?.seq ?? 0;
  const calls = 40;
  say(`scenario 1: ${calls} concurrent calls of GET /webhook/${PATHS.pdf}`);
  const started = Date.now();
  // Memory while the 40 executions run (VmHWM keeps each process's peak anyway).
  const sampler = setInterval(() => main().sampleMemory(), 500);
  const responses = await Promise.all(
    Array.from({ length: calls }, async (_, index) => {
      const t = Date.now();
      const response = await fetch(`${c.main.url}/webhook/${PATHS.pdf}?n=${index + 1}`);
      const body = Buffer.from(await response.arrayBuffer());
      return {
        n: index + 1,
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        runId: response.headers.get('x-run-id') ?? '',
        executionId: response.headers.get('x-execution-id') ?? '',
        body,
        ms: Date.now() - t,
      };
    }),
  );
  const wallMs = Date.now() - started;
  clearInterval(sampler);
  recordMemory(`after scenario 1`);
  const latencies = responses.map((r) => r.ms).sort((a, b) => a - b);
  const failures = responses.filter((r) => r.status !== 200);
  say(`scenario 1: ${calls - failures.length}/${calls} answered 200 in ${secs(wallMs)}`);

  // Which worker ran which execution (their logs: the execution table has no worker column).
  const byExecution = c.executionsByWorker();
  const perWorker = new Map<string, number>();
  for (const r of responses) for (const worker of byExecution.get(r.executionId) ?? ['none']) perWorker.set(worker, (perWorker.get(worker) ?? 0) + 1);
  const starts = runStarts(simRuns, since);
  const inputs = starts.map((entry) => String((entry.requestBody as { input?: unknown }).input ?? ''));
  const statuses = c.main.executions(WF.pdf);

  report.s1.push(
    `${calls - failures.length}/${calls} HTTP 200 with the run's PDF in ${secs(wallMs)}: ${(calls / (wallMs / 1000)).toFixed(1)} executions/s; latency p50 ${latencies[Math.floor(calls / 2)]} ms, max ${latencies.at(-1)} ms`,
    `executions per worker: ${[...perWorker.entries()].sort().map(([w, n]) => `${w} ${n}`).join(', ')} (worker concurrency 10 each)`,
    `service: ${starts.length} POST /workflows/runs, counter runsStarted(key_full) = ${simRuns.admin.counters().runsStarted?.[KEYS.full] ?? 0}; n8n executions: ${statuses.filter((e) => e.status === 'success').length} success of ${statuses.length}`,
  );

  expect(failures.map((r) => `${r.n}: ${r.status} ${r.body.toString('utf8').slice(0, 200)}`)).toEqual([]);
  for (const r of responses) {
    expect(r.contentType).toMatch(/^application\/pdf/);
    expect(r.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The bytes the service rendered for exactly that run.
    const record = runAdmin(simRuns).run(r.runId);
    const file = record?.steps.find((step) => step.renderedArtifact)?.renderedArtifact;
    expect(record?.input).toBe(`Queue request ${r.n}: summarise the termination rights.`);
    expect(file).toBeDefined();
    const direct = Buffer.from(await (await serviceRequest(runsUrl, String(file?.downloadPath))).arrayBuffer());
    expect(r.body.equals(direct)).toBe(true);
  }
  expect(new Set(responses.map((r) => r.runId)).size).toBe(calls);
  // Exactly one start per call: no duplicate start anywhere.
  expect(starts).toHaveLength(calls);
  expect(new Set(inputs).size).toBe(calls);
  expect(simRuns.admin.counters().runsStarted?.[KEYS.full]).toBe(calls);
  // Every execution ran on exactly one worker, and both workers took part.
  for (const r of responses) expect(byExecution.get(r.executionId)).toHaveLength(1);
  expect(perWorker.get('worker 1')).toBeGreaterThan(0);
  expect(perWorker.get('worker 2')).toBeGreaterThan(0);
  expect(perWorker.get('none')).toBeUndefined();
  expect(statuses.filter((e) => e.status === 'success')).toHaveLength(calls);
});

/** The trigger's polls: its list requests (poller key), grouped when less than 5 s apart. */
function polls(): Array<{ at: number; requests: number }> {
  const lists = simTrigger.admin.requests().filter((entry) => entry.method === 'GET' && entry.path === '/workflows/runs' && entry.keyId === KEYS.full);
  const groups: Array<{ at: number; last: number; requests: number }> = [];
  for (const entry of lists) {
    const at = Date.parse(entry.at);
    const group = groups.at(-1);
    if (group && at - group.last < 5_000) {
      group.last = at;
      group.requests++;
    } else groups.push({ at, last: at, requests: 1 });
  }
  return groups.map(({ at, requests }) => ({ at, requests }));
}

/** Run → Get requests of the workflow's Read Run node (reader key), by run id. */
function reads(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of simTrigger.admin.requests()) {
    if (entry.keyId !== KEYS.full2 || entry.method !== 'GET') continue;
    const match = /^\/workflows\/runs\/([^/]+)$/.exec(entry.path);
    if (match) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  }
  return counts;
}

async function burst(label: string, size: number): Promise<string[]> {
  const ids = await Promise.all(
    Array.from({ length: size }, async (_, index) => {
      return await startSummaryRun(triggerUrl, `Burst ${label}, run ${index + 1}.`);
    }),
  );
  say(`scenario 2: burst ${label} started (${size} runs of ~9 s)`);
  return ids;
}

const allCompleted = (ids: string[]) => ids.every((id) => runAdmin(simTrigger).run(id)?.status === 'Completed');
const allRead = (ids: string[]) => {
  const counts = reads();
  return ids.every((id) => (counts.get(id) ?? 0) >= 1);
};

it('2. the Run Finished trigger in queue mode: 60 runs finishing over three poll cycles, main restarted in the middle, each fires exactly once', async () => {
  const c = main();
  const started = Date.now();
  const stateKey = 'node:Run Finished';
  const savedState = () => c.main.readStaticData(WF.trigger)?.[stateKey] as { state?: { fired: Record<string, number>; pending: Record<string, number> } } | undefined;
  const activationPolls = polls();
  expect(activationPolls.length).toBeGreaterThan(0); // main polled once when it activated the workflow (the baseline)

  // Burst A: finishes within a poll cycle; the next scheduled poll fires it.
  const burstA = await burst('A', 20);
  await waitUntil('burst A to fire', () => allRead(burstA), 150_000, 500);
  const firstRead = Math.min(...simTrigger.admin.requests().filter((e) => e.keyId === KEYS.full2 && burstA.some((id) => e.path.endsWith(id))).map((e) => Date.parse(e.at)));
  const firingPollA = polls().filter((p) => p.at <= firstRead).at(-1);
  if (!firingPollA) throw new Error('no poll before burst A fired');
  // Main polls at a fixed second of every minute: the next polls are this one + k minutes.
  const nextPollAfter = (t: number) => firingPollA.at + Math.ceil((t - firingPollA.at + 1) / 60_000) * 60_000;
  say(`scenario 2: burst A fired (poll at +${secs(firingPollA.at - started)}); the trigger polls at second ${new Date(firingPollA.at).getUTCSeconds()} of every minute`);

  // Burst B: started at once, finished before the next poll, which fires it. Burst C: started 5 s before
  // that poll, so that the poll sees it under way (remembered as pending in the saved state).
  const burstB = await burst('B', 20);
  const pollB = nextPollAfter(Date.now() + 11_000);
  await sleep(Math.max(0, pollB - 5_000 - Date.now()));
  const burstC = await burst('C', 20);
  await waitUntil('burst B to fire', () => allRead(burstB), pollB + 45_000 - Date.now(), 500);
  const describeState = () => {
    const state = savedState()?.state;
    if (!state) return `no state saved (static data: ${JSON.stringify(c.main.readStaticData(WF.trigger)).slice(0, 300)})`;
    const where = (ids: string[]) => `${ids.filter((id) => id in state.fired).length} fired/${ids.filter((id) => id in state.pending).length} pending`;
    return `A ${where(burstA)}, B ${where(burstB)}, C ${where(burstC)}; polls at ${polls().map((p) => `+${secs(p.at - started)}(${p.requests})`).join(' ')}`;
  };
  const pending = await waitUntil(
    'the trigger state with burst C pending to be saved in PostgreSQL',
    () => {
      const state = savedState()?.state;
      // Fired ids that no list can show again are pruned (A and B, once the window starts at C): only C is checked.
      return state && burstC.every((id) => id in state.pending || id in state.fired) ? state : undefined;
    },
    30_000,
    500,
  ).catch((error: Error) => {
    throw new Error(`${error.message}: ${describeState()}`);
  });
  const cPending = burstC.filter((id) => id in pending.pending).length;
  say(`scenario 2: burst B fired; burst C in the saved state: ${cPending} pending, ${20 - cPending} already fired`);

  // Main stopped in the middle of burst C; C finishes while it is down; main restarts.
  const stopAt = Date.now();
  await c.main.stop();
  const stoppedMs = Date.now() - stopAt;
  await waitUntil('burst C to finish', () => allCompleted(burstC), 60_000, 250);
  const pollsBeforeRestart = polls().length;
  const downMs = Date.now() - stopAt;
  const restartAt = Date.now();
  await c.startMain();
  const restartMs = Date.now() - restartAt;
  const pollsWhileDown = polls().filter((p) => p.at > stopAt + stoppedMs && p.at < restartAt).length;
  say(`scenario 2: main stopped for ${secs(downMs)} (SIGTERM → exit ${secs(stoppedMs)}), restarted in ${secs(restartMs)}`);
  await waitUntil('burst C to fire after the restart', () => allRead(burstC), 90_000, 500);

  // One more scheduled poll after everything fired: it must fire nothing again.
  const lastFirePoll = polls().at(-1) as { at: number };
  const recheckPoll = await waitUntil('a scheduled poll after the last firing', () => polls().find((p) => p.at > lastFirePoll.at + 5_000), 75_000, 500);
  await sleep(5_000);
  recordMemory('after scenario 2');

  const all = [...burstA, ...burstB, ...burstC];
  const counts = reads();
  const totalReads = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const executions = c.main.executions(WF.trigger);
  const byExecution = c.executionsByWorker();
  const firing = executions.filter((e) => e.mode === 'trigger');
  const workersOf = firing.map((e) => `#${e.id} ${(byExecution.get(e.id) ?? ['no worker']).join('+')} (${e.status})`);
  const allPolls = polls();
  report.s2.push(
    `60 runs finished in 3 bursts of 20 (A before a poll, B between polls, C under way at a poll and finished while main was down); polls at second ${new Date(firingPollA.at).getUTCSeconds()} of each minute`,
    `polls (list requests of the trigger's key): ${allPolls.length} in total, ${activationPolls.length} before the scenario; ${pollsWhileDown} while main was down`,
    `firing executions (mode trigger, run by workers): ${workersOf.join(', ')}`,
    `Read Run requests: ${totalReads} for ${counts.size} distinct runs; runs read more than once: ${[...counts.values()].filter((n) => n > 1).length}`,
    `main stopped ${secs(downMs)} in the middle (SIGTERM → exit ${secs(stoppedMs)}; restart to ready ${secs(restartMs)}); burst C: ${cPending} of 20 were pending in the saved state at the stop`,
    `re-check poll after the last firing at +${secs(recheckPoll.at - started)} fired nothing; scenario time ${secs(Date.now() - started)}`,
  );

  expect(all.every((id) => runAdmin(simTrigger).run(id)?.status === 'Completed')).toBe(true);
  // Each run fired exactly once, and nothing else was read.
  for (const id of all) expect([id, counts.get(id)]).toEqual([id, 1]);
  expect(totalReads).toBe(60);
  expect(counts.size).toBe(60);
  // Every firing execution succeeded and ran on exactly one worker (main only polls).
  expect(firing.length).toBeGreaterThanOrEqual(3);
  for (const execution of firing) {
    expect(execution.status).toBe('success');
    expect(byExecution.get(execution.id)).toHaveLength(1);
  }
  // Workers do not poll: while main was down, nobody polled.
  expect(pollsWhileDown).toBe(0);
  expect(pollsBeforeRestart).toBeLessThan(allPolls.length);
}, 420_000);

/** One execution of a scenario-3 workflow: its webhook was called with `tag`, which its run's input carries. */
interface Followed {
  tag: string;
  workflowId: string;
  executionId: string;
}

it('3. a worker killed (SIGKILL) during Wait For Run: n8n fails or recovers the execution; with progress saved its Retry resumes the same run, never starting it twice', async () => {
  const c = main();
  const started = Date.now();
  const since = simRuns.admin.requests().at(-1)?.seq ?? 0;
  const startsOf = (tag: string) =>
    runStarts(simRuns, since).filter((entry) => String((entry.requestBody as { input?: unknown }).input).startsWith(`Board memo ${tag}:`));
  const runIdsOf = (tag: string) => startsOf(tag).map((entry) => (entry.note as { runId: string }).runId);
  const openStreams = (runId: string) =>
    simRuns.admin.requests({ since }).filter((e) => e.method === 'GET' && e.path === `/workflows/runs/${runId}/events` && e.durationMs === null).length;
  const execution = (f: Followed) => c.main.executions(f.workflowId).find((row) => row.id === f.executionId);
  const progressKept = (f: Followed) =>
    c.main.query<{ kept: boolean }>(`SELECT position('Start Board Memo' in data) > 0 AS kept FROM execution_data WHERE "executionId" = ?`, f.executionId)[0]?.kept === true;
  const workerOf = (f: Followed) => c.executionsByWorker().get(f.executionId)?.[0];
  const approvePaused = () => {
    for (const run of runAdmin(simRuns).runs()) if (run.condition === 'paused') runAdmin(simRuns).approve(run.runId);
  };

  /** Calls the webhook (answered at once) and waits until Wait For Run follows the run it started. */
  async function follow(workflowId: string, path: string, tag: string): Promise<Followed> {
    const known = new Set(c.main.executions(workflowId).map((row) => row.id));
    const response = await fetch(`${c.main.url}/webhook/${path}?tag=${tag}`);
    expect(response.status).toBe(200);
    const [runId] = await waitUntil(`the run of ${tag}`, () => (runIdsOf(tag).length ? runIdsOf(tag) : undefined), 30_000, 250);
    await waitUntil(`Wait For Run to follow ${runId} (paused for review)`, () => openStreams(runId) > 0 && runAdmin(simRuns).run(runId)?.condition === 'paused', 30_000, 250);
    const row = c.main.executions(workflowId).find((candidate) => !known.has(candidate.id));
    if (!row) throw new Error(`no execution of ${workflowId}`);
    return { tag, workflowId, executionId: row.id };
  }

  // Retry as a user does it: the owner account, then "Retry" on the execution (POST /rest/executions/:id/retry).
  const headers = { 'content-type': 'application/json', 'browser-id': 'dw-queue-test' };
  const setup = await fetch(`${c.main.url}/rest/owner/setup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'owner@example.com', firstName: 'Queue', lastName: 'Test', password: 'Queue-test-2026' }),
  });
  expect(setup.status).toBe(200);
  const cookie = setup.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  /** Starts n8n's retry; the request answers when the retried execution has finished. */
  const retry = (f: Followed) =>
    fetch(`${c.main.url}/rest/executions/${f.executionId}/retry`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ loadWorkflow: false }) }).then(async (response) => ({
      http: response.status,
      ...((await response.json()) as { data?: { id?: string; status?: string; mode?: string } }).data,
    }));

  // Round 1: the worker is lost for good (the other one keeps running). Only n8n's queue notices.
  const lost = await follow(WF.waitProgress, PATHS.waitProgress, 'lost');
  const lostWorker = workerOf(lost) as string;
  const lostIndex = Number(lostWorker.split(' ')[1]) - 1;
  say(`scenario 3, round 1: execution #${lost.executionId} (progress saved) follows run ${runIdsOf('lost')[0]} on ${lostWorker}: SIGKILL to it and its task runner, not restarted`);
  let killAt = Date.now();
  await c.workers[lostIndex].kill();
  const lostRow = await waitUntil('n8n to settle the execution of the lost worker', () => (execution(lost)?.status !== 'running' ? execution(lost) : undefined), 150_000, 1_000);
  const lostSettledMs = Date.now() - killAt;
  const mainLog = c.main.serverLog();
  const reason = new RegExp(`Problem with execution ${lost.executionId}: (.+?)\\. Aborting\\.`).exec(mainLog)?.[1] ?? '(no "Problem with execution" line)';
  const stalled = mainLog.includes('job stalled more than maxStalledCount');
  const lostKept = progressKept(lost);
  const lostRetry = await retry(lost);
  const lostStarts = startsOf('lost').length;
  say(`scenario 3, round 1: #${lost.executionId} ${lostRow?.status} after ${secs(lostSettledMs)}; retry → #${lostRetry.id} ${lostRetry.status}; runs started for it: ${lostStarts}`);
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
  expect([workerOf(withProgress), workerOf(withoutProgress)]).toEqual([`worker ${victimIndex + 1}`, `worker ${victimIndex + 1}`]);
  say(`scenario 3, round 2: executions #${withProgress.executionId} (progress saved) and #${withoutProgress.executionId} (not saved) on worker ${victimIndex + 1}: SIGKILL, restarted at once`);
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
  say(`scenario 3, round 2: ${recovered.map((row) => `#${row?.id} ${row?.status}`).join(', ')} ${secs(recoveredMs)} after the kill; retried both`);
  const [progressRun] = runIdsOf('progress');
  await waitUntil('the retries to follow or start their runs', () => openStreams(progressRun) > 0 || startsOf('plain').length > 1, 30_000, 250);
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
  const streamsOnProgressRun = simRuns.admin.requests({ since }).filter((e) => e.method === 'GET' && e.path === `/workflows/runs/${progressRun}/events`).length;
  recordMemory('after scenario 3');

  report.s3.push(
    `round 1, worker lost (SIGKILL to the worker and its task runner, not restarted; the other worker up): Bull declared the job stalled (${stalled ? '"job stalled more than maxStalledCount"' : 'no stalled message'}; n8n sets maxStalledCount 0, so it never re-queues a job)`,
    `  main marked execution #${lost.executionId} "${lostRow?.status}" ${secs(lostSettledMs)} after the kill (${LOCK_NOTE}; then main re-checks for 30 s): "${reason}"`,
    `  its saved progress ("Save execution progress" on) was ${lostKept ? 'kept' : 'discarded: main overwrote the data with an empty run'}; n8n's Retry → HTTP ${lostRetry.http}, execution #${lostRetry.id} (${lostRetry.mode}) "${lostRetry.status}" at once: nothing left to run`,
    `  runs started for it: ${lostStarts} (no second start); its run went on in the service (${runIdsOf('lost').map((id) => runAdmin(simRuns).run(id)?.status).join(', ')} once approved), but n8n no longer knows its id; after the worker came back the execution stayed "${lostAfterRestart}"`,
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
}, 420_000);

it('4. teardown: every process stopped by its PID (main, workers, task runners, Redis, PostgreSQL), folders removed, nothing left running', async () => {
  const c = main();
  const started = Date.now();
  await c.stop();
  const waited = /Waiting for (\d+) active executions to finish/.exec(c.main.currentServerLog())?.[1];
  if (waited) report.teardown.push(`main waited for ${waited} active execution(s) on SIGTERM (the jobs killed in scenario 3, round 2, not yet declared stalled): N8N_GRACEFUL_SHUTDOWN_TIMEOUT=10 s`);
  report.teardown.push(`main, workers, Redis and PostgreSQL (pg_ctl -m fast stop) stopped in ${secs(Date.now() - started)}: ${c.stopTimes.join(', ')}`);
  await sleep(500);
  const left = c.leftovers();
  report.teardown.push(`processes of this run still alive (ps -eo pid,stat,args: its ${c.pids.size} recorded PIDs and anything naming its folders or ports): ${left.length ? left.join(' | ') : 'none'}`);
  printSummary();
  expect(left).toEqual([]);
});
