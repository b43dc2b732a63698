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
// The scenarios are in scenario-webhook.ts, scenario-trigger.ts and scenario-worker-kill.ts; what they share (the
// simulators, the cluster, the report) in queue-env.ts, the summary printed at the end in summary.ts.
//
// Run with `npm run test:queue` (builds, packs, installs the host, then this file in band).
import { sleep } from '../lib/waiting';
import { QueueEnv } from './queue-env';
import { webhookScenario } from './scenario-webhook';
import { triggerScenario } from './scenario-trigger';
import { workerKillScenario } from './scenario-worker-kill';
import { secs } from './timing';

const env = new QueueEnv();
const { main, report, printSummary } = env;

beforeAll(() => env.start(), 360_000);

afterAll(() => env.stop());

it("1. a webhook workflow called 40 times at once: every call gets its run's PDF, executions spread over both workers, exactly 40 runs started", async () => {
	await webhookScenario(env);
});

it('2. the Run Finished trigger in queue mode: 60 runs finishing over three poll cycles, main restarted in the middle, each fires exactly once', async () => {
	await triggerScenario(env);
}, 420_000);

it('3. a worker killed (SIGKILL) during Wait For Run: n8n fails or recovers the execution; with progress saved its Retry resumes the same run, never starting it twice', async () => {
	await workerKillScenario(env);
}, 420_000);

it('4. teardown: every process stopped by its PID (main, workers, task runners, Redis, PostgreSQL), folders removed, nothing left running', async () => {
	const c = main();
	const started = Date.now();
	await c.stop();
	const waited = /Waiting for (\d+) active executions to finish/.exec(
		c.main.currentServerLog(),
	)?.[1];
	if (waited)
		report.teardown.push(
			`main waited for ${waited} active execution(s) on SIGTERM (the jobs killed in scenario 3, round 2, not yet declared stalled): N8N_GRACEFUL_SHUTDOWN_TIMEOUT=10 s`,
		);
	report.teardown.push(
		`main, workers, Redis and PostgreSQL (pg_ctl -m fast stop) stopped in ${secs(Date.now() - started)}: ${c.stopTimes.join(', ')}`,
	);
	await sleep(500);
	const left = c.leftovers();
	report.teardown.push(
		`processes of this run still alive (ps -eo pid,stat,args: its ${c.pids.size} recorded PIDs and anything naming its folders or ports): ${left.length ? left.join(' | ') : 'none'}`,
	);
	printSummary();
	expect(left).toEqual([]);
});
