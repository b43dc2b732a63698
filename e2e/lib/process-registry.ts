/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Keeps every child process the driver starts (n8n commands, `n8n start`, `n8n worker`, the services of the
// queue-mode test) from outliving the test file or script that started it, whatever way that ends (normal exit,
// failure, Ctrl+C, SIGTERM); the same for clean-ups that are not a child process (stopping a daemon such as
// PostgreSQL, removing a temporary folder).
//
// Two mechanisms, because Jest runs test code with a copy of `process` on which signal and exit listeners
// never fire:
// - in a plain script, listeners on the process kill the tracked children and run the clean-ups;
// - when DW_PROCESS_REGISTRY names a folder (set by a Jest globalSetup, see e2e/queue/jest.global-setup.ts),
//   every PID and clean-up is also written there, and the real Jest process runs `cleanUpRegistry` on a
//   signal and at the end (globalTeardown).
import { spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { descendants, signal, startTime } from './process-table';

const running = new Set<ChildProcess>();
const cleanups = new Set<() => void>();
let hooked = false;

function killAll(): void {
	for (const child of running) {
		if (child.pid !== undefined) for (const pid of descendants(child.pid)) signal(pid, 'SIGKILL');
		child.kill('SIGKILL');
	}
	running.clear();
	for (const cleanup of [...cleanups].reverse()) {
		try {
			cleanup();
		} catch {
			// best effort: the other clean-ups still run
		}
	}
	cleanups.clear();
}

function hookExit(): void {
	if (hooked) return;
	hooked = true;
	process.once('exit', killAll);
	for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.once(name, () => {
			killAll();
			process.kill(process.pid, name);
		});
	}
}

// ---- the registry (a folder of JSON-lines files, one per process that writes to it) -------------------

type RegistryEntry =
	| { id: string; pid: number; start: string; what: string }
	| { id: string; command: string; args: string[]; uid?: number; gid?: number; what: string }
	| { id: string; remove: string; what: string }
	| { done: string };

let registered = 0;

function record(entry: RegistryEntry): void {
	const dir = process.env.DW_PROCESS_REGISTRY;
	if (!dir || !existsSync(dir)) return;
	appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(entry)}\n`);
}

/** Marks a registry entry as dealt with the normal way. */
function done(id: string): void {
	record({ done: id });
}

const nextId = () => `${process.pid}-${++registered}`;

/**
 * Registers a clean-up to run if the process ends early: a command (run synchronously, e.g. `pg_ctl stop`,
 * optionally as another user) or a folder to remove. Returns the function to call once it was done normally.
 */
export function registerCleanup(
	cleanup:
		| { command: string; args: string[]; uid?: number; gid?: number; what: string }
		| { remove: string; what: string },
): () => void {
	hookExit();
	const id = nextId();
	record({ id, ...cleanup });
	const run = () => {
		if ('remove' in cleanup) rmSync(cleanup.remove, { recursive: true, force: true });
		else
			spawnSync(cleanup.command, cleanup.args, {
				stdio: 'ignore',
				timeout: 60_000,
				uid: cleanup.uid,
				gid: cleanup.gid,
			});
	};
	cleanups.add(run);
	return () => {
		cleanups.delete(run);
		done(id);
	};
}

/**
 * Kills every process the registry lists that is still alive (with its descendants), runs its pending
 * clean-up commands and removes its folders; returns what it did. Used by the real Jest process (signal
 * handlers of e2e/queue/jest.global-setup.ts, and its globalTeardown).
 */
export function cleanUpRegistry(dir: string): string[] {
	if (!existsSync(dir)) return [];
	const entries: RegistryEntry[] = [];
	for (const file of readdirSync(dir).filter((name) => name.endsWith('.jsonl'))) {
		for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
			if (!line.trim()) continue;
			try {
				entries.push(JSON.parse(line) as RegistryEntry);
			} catch {
				// a line cut short by a kill: ignore it
			}
		}
	}
	const finished = new Set(entries.flatMap((entry) => ('done' in entry ? [entry.done] : [])));
	const actions: string[] = [];
	for (const entry of entries) {
		if ('done' in entry || finished.has(entry.id) || !('pid' in entry)) continue;
		if (startTime(entry.pid) !== entry.start) continue;
		for (const pid of descendants(entry.pid)) signal(pid, 'SIGKILL');
		if (signal(entry.pid, 'SIGKILL')) actions.push(`killed ${entry.what} (PID ${entry.pid})`);
	}
	for (const entry of [...entries].reverse()) {
		if ('done' in entry || finished.has(entry.id)) continue;
		if ('command' in entry) {
			const run = spawnSync(entry.command, entry.args, {
				stdio: 'ignore',
				timeout: 60_000,
				uid: entry.uid,
				gid: entry.gid,
			});
			actions.push(`${entry.what} (exit ${run.status ?? run.signal})`);
		} else if ('remove' in entry && existsSync(entry.remove)) {
			rmSync(entry.remove, { recursive: true, force: true });
			actions.push(`removed ${entry.what}`);
		}
	}
	return actions;
}

/** Tracks a child another library spawned (e.g. the browser Playwright launches), as `spawnTracked` does. */
export function trackChild(child: ChildProcess, what: string): ChildProcess {
	hookExit();
	running.add(child);
	const pid = child.pid;
	const start = pid === undefined ? undefined : startTime(pid);
	const id = nextId();
	if (pid !== undefined && start !== undefined) record({ id, pid, start, what });
	child.once('exit', () => {
		running.delete(child);
		done(id);
	});
	return child;
}
