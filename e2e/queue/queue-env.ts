// What the queue scenarios share: the two simulators (their request logs and counters are the proof of what the
// service saw), the cluster (Redis, PostgreSQL, main and two workers) with the credentials and workflows imported
// and published, and the report the summary prints.
import {
	FIXTURE_IDS,
	FIXTURE_KEYS,
	createSimulator,
	type RequestLogEntry,
	type Simulator,
} from '../../test/simulator';
import { packageTarball } from '../lib/pack';
import { loadWorkflow, renamed, useCredential } from '../lib/workflows';
import { QueueCluster } from './cluster';
import { LOCK_ENV, PATHS, WF, withProgress } from './queue-workflows';
import { printSummary, type QueueReport } from './summary';
import { say, secs } from './timing';

export const KEYS = FIXTURE_IDS.keys;

export const runStarts = (sim: Simulator, since = 0): RequestLogEntry[] =>
	sim.admin
		.requests({ since })
		.filter(
			(entry) =>
				entry.method === 'POST' && entry.path === '/workflows/runs' && entry.status === 202,
		);

export class QueueEnv {
	cluster: QueueCluster | undefined;
	/** Scenarios 1 and 3 (real-time runs: ~0.5 s each). */
	simRuns!: Simulator;
	/** Scenario 2 (runs slowed 20×: ~9 s each, so a burst can be under way at a poll). */
	simTrigger!: Simulator;
	runsUrl = '';
	triggerUrl = '';
	/** What the summary prints, filled in by each scenario. */
	readonly report: QueueReport = { setup: [], s1: [], s2: [], s3: [], memory: [], teardown: [] };
	private summaryPrinted = false;

	readonly main = (): QueueCluster => {
		if (!this.cluster) throw new Error('the cluster did not start');
		return this.cluster;
	};

	readonly recordMemory = (moment: string): void => {
		const readings = this.main().sampleMemory();
		const services = this.main().serviceMemory();
		this.report.memory.push(
			`${moment}: ${readings.map((r) => `${r.name} ${r.own.rssMiB} MiB (+ runner ${r.runner.rssMiB} MiB)`).join(', ')}; Redis ${services.redis?.rssMiB ?? '?'} MiB, PostgreSQL ${services.postgres?.rssMiB ?? '?'} MiB (all backends)`,
		);
	};

	/** Prints the summary once (the last test prints it; afterAll covers a failure before it). */
	readonly printSummary = (): void => {
		if (this.summaryPrinted) return;
		this.summaryPrinted = true;
		printSummary(this.report, this.cluster);
	};

	/** Starts the simulators and the cluster, imports and publishes the credentials and workflows. */
	async start(): Promise<void> {
		const started = Date.now();
		this.simRuns = createSimulator({ runTimeScale: 1, defaultRateLimitPerMinute: 1_000_000 });
		this.runsUrl = await this.simRuns.start();
		this.simTrigger = createSimulator({ runTimeScale: 20, defaultRateLimitPerMinute: 1_000_000 });
		this.triggerUrl = await this.simTrigger.start();
		say(`simulators on ${this.runsUrl} (runs ~0.5 s) and ${this.triggerUrl} (runs ~9 s)`);

		this.cluster = await QueueCluster.start({
			tarball: packageTarball(),
			workers: 2,
			env: LOCK_ENV,
			log: say,
		});
		const servicesReady = Date.now();
		this.report.setup.push(
			`${this.main().services.versions}; both started (initdb, start, role and database) in ${secs(servicesReady - started)}`,
		);

		const c = this.main();
		const [runs, poller, reader] = await c.main.importCredentials([
			{
				id: 'dwQueueCredential',
				name: 'Drafting Workspace (queue runs)',
				baseUrl: this.runsUrl,
				apiKey: FIXTURE_KEYS.full,
			},
			{
				id: 'dwQueuePoller',
				name: 'Drafting Workspace (trigger)',
				baseUrl: this.triggerUrl,
				apiKey: FIXTURE_KEYS.full,
			},
			{
				id: 'dwQueueReader',
				name: 'Drafting Workspace (reader)',
				baseUrl: this.triggerUrl,
				apiKey: FIXTURE_KEYS.full2,
			},
		]);
		const wait = useCredential(loadWorkflow('queue-wait-for-run'), runs);
		const trigger = useCredential(
			useCredential(
				renamed(
					loadWorkflow('run-finished-trigger'),
					WF.trigger,
					'Drafting Workspace queue: read every finished run',
				),
				poller,
				['Run Finished'],
			),
			reader,
			['Read Run'],
		);
		await c.main.importWorkflows([
			useCredential(loadWorkflow('queue-webhook-run-pdf'), runs),
			trigger,
			wait,
			withProgress(wait),
		]);
		// Published while n8n is stopped (a running main does not see CLI publications).
		for (const id of Object.values(WF)) await c.main.publishWorkflow(id);
		const imported = Date.now();
		this.report.setup.push(
			`credentials and 4 workflows imported and published through main's CLI (PostgreSQL migrations included): ${secs(imported - servicesReady)}`,
		);

		await c.startAll();
		for (const path of Object.values(PATHS)) await c.main.waitForWebhook(path);
		this.report.setup.push(
			`2 workers (together), then main, started and the webhooks registered: ${secs(Date.now() - imported)} (main PID ${c.main.pid}, workers ${c.workers.map((w) => w.pid).join(', ')})`,
		);
		this.recordMemory('idle after start');
	}

	async stop(): Promise<void> {
		// Normally done by the last test; this covers a failure before it (every process is also killed on exit).
		await this.cluster?.stop().catch(() => undefined);
		await this.simRuns?.stop();
		await this.simTrigger?.stop();
		this.printSummary();
	}
}
