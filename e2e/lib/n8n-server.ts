/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The long-running n8n of a user folder: `n8n start` (the server) or `n8n worker` (queue mode), started on free
// ports and waited for until ready, its output kept, stopped politely or killed.
import type { ChildProcess } from 'node:child_process';

import type { N8nHost } from './host';
import { killTree, spawnTracked, terminate, freePort, type Completed } from './processes';
import { descendants, processMemory, type ProcessMemory } from './process-table';
import { waitUntil } from './waiting';

/** What the server needs of its user folder's driver (n8n.ts). */
export interface ServerFolder {
	readonly host: N8nHost;
	readonly userFolder: string;
	/** The environment of an n8n command in the folder, with `extra` on top. */
	env(extra: Record<string, string>): NodeJS.ProcessEnv;
	/** A progress line (redacted). */
	log(line: string): void;
	/** The end of an output, redacted, for error messages. */
	tail(run: Pick<Completed, 'stdout' | 'stderr'>): string;
	onServerOutput?: (text: string) => void;
}

const elapsed = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export class N8nServer {
	/** URL of the running server, e.g. http://127.0.0.1:5681; for a worker, its health-check server. */
	url?: string;
	private child?: ChildProcess;
	private command?: 'start' | 'worker';
	/** Output of the current (or last) process, and of the earlier ones. */
	private output = '';
	private history = '';

	constructor(private readonly folder: ServerFolder) {}

	get running(): boolean {
		return this.child !== undefined;
	}

	/** PID of the running `n8n start` / `n8n worker` (the node process itself), if any. */
	get pid(): number | undefined {
		return this.child?.pid;
	}

	/**
	 * Starts `n8n start` on free ports and waits until it serves and has finished its start-up. n8n 2.41 then
	 * still activates published workflows in the background: before calling a webhook, `waitForWebhook()`.
	 */
	async start(options: { port?: number; timeoutMs?: number } = {}): Promise<string> {
		const port = options.port ?? (await freePort());
		return await this.launch(
			'start',
			{ N8N_PORT: String(port), N8N_LISTEN_ADDRESS: '127.0.0.1' },
			`http://127.0.0.1:${port}`,
			options.timeoutMs,
			'Editor is now accessible',
		);
	}

	/**
	 * Starts `n8n worker` (queue mode: the folder's options must carry the shared database and the Redis
	 * settings) with its health-check server on a free port, and waits until `/healthz/readiness` answers 200.
	 * Returns the health-check URL.
	 */
	async startWorker(
		options: { port?: number; concurrency?: number; timeoutMs?: number } = {},
	): Promise<string> {
		const port = options.port ?? (await freePort());
		const env = {
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(port),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			...(options.concurrency
				? { N8N_CONCURRENCY_PRODUCTION_LIMIT: String(options.concurrency) }
				: {}),
		};
		return await this.launch('worker', env, `http://127.0.0.1:${port}`, options.timeoutMs);
	}

	private async launch(
		command: 'start' | 'worker',
		env: Record<string, string>,
		url: string,
		timeoutMs = 90_000,
		readyLine?: string,
	): Promise<string> {
		if (this.child) throw new Error('n8n is already running in this user folder');
		const started = Date.now();
		this.history += this.output;
		this.output = '';
		const { host, userFolder } = this.folder;
		const child = spawnTracked(host.nodeBin, [host.n8nBin, command], {
			cwd: userFolder,
			env: this.folder.env(env),
			stdio: ['ignore', 'pipe', 'pipe'],
			what: `n8n ${command}`,
		});
		this.child = child;
		this.command = command;
		const keep = (chunk: Buffer) => {
			this.output = (this.output + chunk.toString('utf8')).slice(-2_000_000);
			this.folder.onServerOutput?.(chunk.toString('utf8'));
		};
		child.stdout?.on('data', keep);
		child.stderr?.on('data', keep);
		try {
			await waitUntil(
				`n8n ${command} to be ready`,
				async () => {
					if (child.exitCode !== null || child.signalCode !== null)
						throw new Error(`n8n ${command} exited (${child.exitCode ?? child.signalCode})`);
					// "Editor is now accessible" is printed after the start-up steps, readiness once the server listens.
					if (readyLine && !this.output.includes(readyLine)) return false;
					const response = await fetch(`${url}/healthz/readiness`).catch(() => undefined);
					return response?.status === 200;
				},
				timeoutMs,
			);
		} catch (error) {
			await this.stop();
			throw new Error(
				`${(error as Error).message}; its output:\n${this.folder.tail({ stdout: this.output, stderr: '' })}`,
			);
		}
		this.url = url;
		this.folder.log(`n8n ${command}: ready on ${url} in ${elapsed(Date.now() - started)}`);
		return url;
	}

	/**
	 * Waits until the running server serves a production webhook. n8n 2.x activates published workflows in
	 * the background (its publication service), after readiness and "Editor is now accessible": a request in
	 * between gets 404 "not registered". The probe is a CORS preflight (OPTIONS with an Origin), which looks the
	 * webhook up exactly as a real call does (204 when found, 404 when not) without executing the workflow.
	 */
	async waitForWebhook(path: string, method = 'GET', timeoutMs = 60_000): Promise<void> {
		const started = Date.now();
		await waitUntil(
			`the webhook ${method} /webhook/${path} to be registered`,
			async () => {
				if (!this.url) throw new Error('n8n is not running');
				const response = await fetch(`${this.url}/webhook/${path}`, {
					method: 'OPTIONS',
					headers: { origin: 'http://127.0.0.1', 'access-control-request-method': method },
				}).catch(() => undefined);
				return response?.status === 204;
			},
			timeoutMs,
			250,
		);
		this.folder.log(
			`webhook ${method} /webhook/${path}: registered ${elapsed(Date.now() - started)} after the check began`,
		);
	}

	/** Output of the current (or last) server process only. */
	currentLog(): string {
		return this.output;
	}

	/** Everything the servers of this folder printed, unredacted: for assertions, never for printing. */
	log(): string {
		return this.history + this.output;
	}

	/** Memory of the running server process, and of its descendants (the task runner) summed. */
	memory(): { process: ProcessMemory; children: ProcessMemory } | undefined {
		const pid = this.pid;
		const own = pid === undefined ? undefined : processMemory(pid);
		if (!pid || !own) return undefined;
		const children = { rssMiB: 0, peakMiB: 0 };
		for (const child of descendants(pid)) {
			const memory = processMemory(child);
			if (!memory) continue;
			children.rssMiB += memory.rssMiB;
			children.peakMiB += memory.peakMiB;
		}
		return { process: own, children };
	}

	/**
	 * Kills the server process and its descendants (the task runner) at once with SIGKILL, which cannot be
	 * caught (a crash, an OOM kill), and waits until they are gone.
	 */
	async kill(): Promise<void> {
		const child = this.child;
		if (!child) return;
		await killTree(child);
		this.child = undefined;
		this.url = undefined;
		this.folder.log(`n8n ${this.command}: killed with SIGKILL (with its task runner)`);
	}

	async stop(): Promise<void> {
		const child = this.child;
		this.child = undefined;
		this.url = undefined;
		if (child) await terminate(child);
	}
}
