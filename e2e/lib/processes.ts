/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Child processes started by the driver: n8n commands, `n8n start`, `n8n worker`, and the services of the
// queue-mode test, spawned, run to their end and stopped. Each is tracked in process-registry.ts, so that none
// outlives the test file or script that started it.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

import { trackChild } from './process-registry';
import { descendants, signal, startTime } from './process-table';
import { waitUntil } from './waiting';

/**
 * Spawns and tracks a child (`what` names it in the registry). Children stay in the caller's process group,
 * so a terminal's Ctrl+C reaches them too (n8n and Redis shut down on SIGINT by themselves).
 */
export function spawnTracked(
	command: string,
	args: string[],
	options: SpawnOptions & { what?: string },
): ChildProcess {
	const { what, ...spawnOptions } = options;
	return trackChild(
		spawn(command, args, spawnOptions),
		what ?? `${command.split('/').at(-1)} ${args[0] ?? ''}`.trim(),
	);
}

/**
 * Kills a child and all its descendants at once with SIGKILL (a crash, an OOM kill: n8n's task runner goes
 * with it), and waits until they are gone.
 */
export async function killTree(child: ChildProcess): Promise<void> {
	if (child.pid === undefined) return;
	const tree = [child.pid, ...descendants(child.pid)].map((pid) => ({
		pid,
		start: startTime(pid),
	}));
	const exited =
		child.exitCode !== null || child.signalCode !== null
			? Promise.resolve()
			: new Promise<void>((resolve) => child.once('exit', () => resolve()));
	for (const { pid } of tree) signal(pid, 'SIGKILL');
	await exited;
	await waitUntil(
		'the killed processes to disappear',
		() => tree.every(({ pid, start }) => startTime(pid) !== start),
		10_000,
		50,
	);
}

export interface Completed {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	durationMs: number;
}

/** Runs a command to its end (killing it after `timeoutMs`) and returns its whole output. */
export function runTracked(
	command: string,
	args: string[],
	options: SpawnOptions & { timeoutMs: number },
): Promise<Completed> {
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawnTracked(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
		child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
		const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
		child.once('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.once('close', (code, signal) => {
			clearTimeout(timer);
			resolve({
				code,
				signal,
				stdout: Buffer.concat(out).toString('utf8'),
				stderr: Buffer.concat(err).toString('utf8'),
				durationMs: Date.now() - started,
			});
		});
	});
}

/**
 * Ends a process politely (SIGTERM), then firmly after `graceMs`. Its descendants (n8n's task runner) end with
 * it; any still alive a few seconds after it exited are killed.
 */
export async function terminate(child: ChildProcess, graceMs = 15_000): Promise<void> {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	const tree = descendants(child.pid).map((pid) => ({ pid, start: startTime(pid) }));
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	child.kill('SIGTERM');
	const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
	const alive = () => tree.filter(({ pid, start }) => startTime(pid) === start);
	await waitUntil('the descendants to end', () => alive().length === 0, 5_000, 100).catch(() => {
		for (const { pid } of alive()) signal(pid, 'SIGKILL');
	});
}

/** A TCP port free on 127.0.0.1 right now (n8n's HTTP server and its task broker each need one). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}
