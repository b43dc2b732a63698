/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// n8n in queue mode, as users scale it out: one main (`n8n start`: editor, webhooks, triggers, the queue's
// producer) and N workers (`n8n worker`: they run the executions), sharing PostgreSQL, Redis and the
// encryption key, each with its own user folder and the community package installed in it (as every worker
// of a real deployment needs it). Built on the e2e driver (../lib): one `N8n` per process.
import { spawnSync } from 'node:child_process';

import { N8n } from '../lib/n8n';
import { descendants, processMemory, type ProcessMemory } from '../lib/process-table';
import { startServices, type Services } from './services';

type Log = (line: string) => void;

export interface ClusterOptions {
	tarball: string;
	workers?: number;
	/** Extra environment for every n8n process (main and workers). */
	env?: Record<string, string>;
	log: Log;
}

export interface MemoryReading {
	name: string;
	pid: number;
	/** The n8n process itself. */
	own: ProcessMemory;
	/** Its task-runner child(ren), summed. */
	runner: ProcessMemory;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export class QueueCluster {
	services!: Services;
	main!: N8n;
	readonly workers: N8n[] = [];
	/** Every PID this cluster started (n8n processes, their runners, Redis, the postmaster), for the final check. */
	readonly pids = new Set<number>();
	/** Highest memory seen per process name (sampled during the scenarios). */
	readonly peaks = new Map<string, MemoryReading>();
	private readonly log: Log;
	/** How long each stop took (SIGTERM → exit), for the summary. */
	readonly stopTimes: string[] = [];
	private stopped = false;

	private constructor(private readonly options: ClusterOptions) {
		this.log = options.log;
	}

	/** Environment every n8n process gets: the shared database comes from the driver's `database` option. */
	private env(): Record<string, string> {
		return {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: this.services.redis.host,
			QUEUE_BULL_REDIS_PORT: String(this.services.redis.port),
			// http://127.0.0.1: the owner session of scenario 3 needs a cookie without the Secure flag.
			N8N_SECURE_COOKIE: 'false',
			...this.options.env,
		};
	}

	static async start(options: ClusterOptions): Promise<QueueCluster> {
		const cluster = new QueueCluster(options);
		try {
			cluster.services = await startServices(options.log);
			cluster.pids.add(cluster.services.redis.pid);
			cluster.pids.add(cluster.services.postgres.pid);
			const folder = () =>
				N8n.create({
					tarball: options.tarball,
					database: cluster.services.postgres.connection,
					env: cluster.env(),
					log: (line) => options.log(line),
				});
			cluster.main = await folder();
			for (let index = 0; index < (options.workers ?? 2); index++)
				cluster.workers.push(await folder());
		} catch (error) {
			await cluster.stop();
			throw error;
		}
		return cluster;
	}

	/** Starts the workers (together), then main (start order does not matter in queue mode: jobs wait in Redis). */
	async startAll(): Promise<void> {
		const started = Date.now();
		await Promise.all(this.workers.map((_, index) => this.startWorker(index)));
		await this.startMain();
		this.log(`main and ${this.workers.length} workers up in ${seconds(Date.now() - started)}`);
	}

	async startMain(): Promise<string> {
		const started = Date.now();
		const url = await this.main.start();
		this.remember(this.main);
		this.log(`main: ready on ${url} (PID ${this.main.pid}) in ${seconds(Date.now() - started)}`);
		return url;
	}

	async startWorker(index: number): Promise<void> {
		const started = Date.now();
		const worker = this.workers[index];
		await worker.startWorker();
		this.remember(worker);
		this.log(
			`worker ${index + 1}: ready (PID ${worker.pid}, health ${worker.url}) in ${seconds(Date.now() - started)}`,
		);
	}

	private remember(n8n: N8n): void {
		if (n8n.pid === undefined) return;
		this.pids.add(n8n.pid);
		for (const child of descendants(n8n.pid)) this.pids.add(child);
	}

	/** Name of a process for the summary: main, worker 1, worker 2. */
	nameOf(n8n: N8n): string {
		return n8n === this.main ? 'main' : `worker ${this.workers.indexOf(n8n) + 1}`;
	}

	/** Reads VmRSS/VmHWM of every running n8n process and its runner now; keeps the highest values seen. */
	sampleMemory(): MemoryReading[] {
		const readings: MemoryReading[] = [];
		for (const n8n of [this.main, ...this.workers]) {
			const memory = n8n?.memory();
			if (!memory || n8n.pid === undefined) continue;
			this.remember(n8n);
			const reading: MemoryReading = {
				name: this.nameOf(n8n),
				pid: n8n.pid,
				own: memory.process,
				runner: memory.children,
			};
			readings.push(reading);
			const peak = this.peaks.get(reading.name);
			this.peaks.set(reading.name, {
				...reading,
				own: {
					rssMiB: Math.max(reading.own.rssMiB, peak?.own.rssMiB ?? 0),
					peakMiB: Math.max(reading.own.peakMiB, peak?.own.peakMiB ?? 0),
				},
				runner: {
					rssMiB: Math.max(reading.runner.rssMiB, peak?.runner.rssMiB ?? 0),
					peakMiB: Math.max(reading.runner.peakMiB, peak?.runner.peakMiB ?? 0),
				},
			});
		}
		return readings;
	}

	/** RSS of Redis, and of PostgreSQL (the postmaster and all its backends, summed: shared buffers count more than once). */
	serviceMemory(): { redis?: ProcessMemory; postgres?: ProcessMemory } {
		const redis = processMemory(this.services.redis.pid);
		const pgPids = [this.services.postgres.pid, ...descendants(this.services.postgres.pid)];
		const postgres = pgPids
			.map(processMemory)
			.reduce<
				ProcessMemory | undefined
			>((sum, memory) => (memory ? { rssMiB: (sum?.rssMiB ?? 0) + memory.rssMiB, peakMiB: (sum?.peakMiB ?? 0) + memory.peakMiB } : sum), undefined);
		return { redis, postgres };
	}

	/**
	 * Which worker ran each execution, from the workers' logs ("Worker started execution N (job N)"): the
	 * execution table has no worker column. An execution picked up twice would be listed under both.
	 */
	executionsByWorker(): Map<string, string[]> {
		const byExecution = new Map<string, string[]>();
		this.workers.forEach((worker, index) => {
			for (const match of worker.serverLog().matchAll(/Worker started execution (\d+) \(job/g)) {
				byExecution.set(match[1], [...(byExecution.get(match[1]) ?? []), `worker ${index + 1}`]);
			}
		});
		return byExecution;
	}

	/** Stops main, then the workers, then Redis and PostgreSQL; removes every folder. Safe to call twice. */
	async stop(): Promise<void> {
		if (this.stopped) return;
		this.stopped = true;
		const started = Date.now();
		const errors: unknown[] = [];
		const attempt = async (what: () => Promise<void> | void) => {
			try {
				await what();
			} catch (error) {
				errors.push(error);
			}
		};
		const timed = async (name: string, what: () => Promise<void> | void) => {
			const from = Date.now();
			await attempt(what);
			this.stopTimes.push(`${name} ${seconds(Date.now() - from)}`);
		};
		if (this.main) await timed('main', () => this.main.dispose());
		await Promise.all(
			this.workers.map((worker, index) => timed(`worker ${index + 1}`, () => worker.dispose())),
		);
		if (this.services) await timed('Redis + PostgreSQL', () => this.services.stop());
		this.log(`cluster stopped in ${seconds(Date.now() - started)} (${this.stopTimes.join(', ')})`);
		if (errors.length) throw errors[0];
	}

	/**
	 * The processes of this cluster still alive: every PID it recorded, and any process whose command line
	 * names one of its folders or ports (a runner or a PostgreSQL backend started by them). Zombies (exited,
	 * waiting to be reaped by a PID 1 that does not reap) are not running and are left out.
	 */
	leftovers(): string[] {
		const ps = spawnSync('ps', ['-eo', 'pid=,stat=,args='], { encoding: 'utf8' });
		const markers = [
			this.services?.dir,
			this.services ? `127.0.0.1:${this.services.redis.port}` : undefined,
			this.main?.userFolder,
			...this.workers.map((worker) => worker.userFolder),
		].filter((marker): marker is string => !!marker);
		return ps.stdout
			.split('\n')
			.map((line) => line.trim())
			.filter(Boolean)
			.filter((line) => {
				const [pid, stat, ...args] = line.split(/\s+/);
				if (stat.startsWith('Z')) return false;
				const command = args.join(' ');
				return this.pids.has(Number(pid)) || markers.some((marker) => command.includes(marker));
			});
	}
}
