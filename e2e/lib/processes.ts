/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Child processes started by the driver: n8n commands, `n8n start`, `n8n worker`, and the services of the
// queue-mode test. Every one is registered so that none outlives the test file or script that started it,
// whatever way that ends (normal exit, failure, Ctrl+C, SIGTERM); so are clean-ups that are not a child
// process (stopping a daemon such as PostgreSQL, removing a temporary folder).
//
// Two mechanisms, because Jest runs test code with a copy of `process` on which signal and exit listeners
// never fire:
// - in a plain script, listeners on the process kill the tracked children and run the clean-ups;
// - when DW_PROCESS_REGISTRY names a folder (set by a Jest globalSetup, see e2e/queue/jest.global-setup.ts),
//   every PID and clean-up is also written there, and the real Jest process runs `cleanUpRegistry` on a
//   signal and at the end (globalTeardown).
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

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

function signal(pid: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

/** The start time of a process (field 22 of /proc/<pid>/stat), to tell it from a later process with the same PID. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) may hold spaces and parentheses: the fields after it start at the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
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
export function registerCleanup(cleanup: { command: string; args: string[]; uid?: number; gid?: number; what: string } | { remove: string; what: string }): () => void {
  hookExit();
  const id = nextId();
  record({ id, ...cleanup });
  const run = () => {
    if ('remove' in cleanup) rmSync(cleanup.remove, { recursive: true, force: true });
    else spawnSync(cleanup.command, cleanup.args, { stdio: 'ignore', timeout: 60_000, uid: cleanup.uid, gid: cleanup.gid });
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
      const run = spawnSync(entry.command, entry.args, { stdio: 'ignore', timeout: 60_000, uid: entry.uid, gid: entry.gid });
      actions.push(`${entry.what} (exit ${run.status ?? run.signal})`);
    } else if ('remove' in entry && existsSync(entry.remove)) {
      rmSync(entry.remove, { recursive: true, force: true });
      actions.push(`removed ${entry.what}`);
    }
  }
  return actions;
}

// ---- children -------------------------------------------------------------------------------------------

/**
 * Spawns and tracks a child (`what` names it in the registry). Children stay in the caller's process group,
 * so a terminal's Ctrl+C reaches them too (n8n and Redis shut down on SIGINT by themselves).
 */
export function spawnTracked(command: string, args: string[], options: SpawnOptions & { what?: string }): ChildProcess {
  const { what, ...spawnOptions } = options;
  return trackChild(spawn(command, args, spawnOptions), what ?? `${command.split('/').at(-1)} ${args[0] ?? ''}`.trim());
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

/** The PIDs of the live processes descending from `pid` (children, grandchildren, …), from /proc. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of parents.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * Kills a child and all its descendants at once with SIGKILL (a crash, an OOM kill: n8n's task runner goes
 * with it), and waits until they are gone.
 */
export async function killTree(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  const tree = [child.pid, ...descendants(child.pid)].map((pid) => ({ pid, start: startTime(pid) }));
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const { pid } of tree) signal(pid, 'SIGKILL');
  await exited;
  await waitUntil('the killed processes to disappear', () => tree.every(({ pid, start }) => startTime(pid) !== start), 10_000, 50);
}

export interface ProcessMemory {
  /** Resident set size now, in MiB. */
  rssMiB: number;
  /** Peak resident set size, in MiB. */
  peakMiB: number;
}

/** VmRSS and VmHWM of a live process (from /proc/<pid>/status); undefined when it is gone. */
export function processMemory(pid: number): ProcessMemory | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
  } catch {
    return undefined;
  }
}

export interface Completed {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** Runs a command to its end (killing it after `timeoutMs`) and returns its whole output. */
export function runTracked(command: string, args: string[], options: SpawnOptions & { timeoutMs: number }): Promise<Completed> {
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

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value other than undefined/false, or throws after `timeoutMs`. */
export async function waitUntil<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}
