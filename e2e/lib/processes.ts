// Child processes started by the driver: n8n commands and `n8n start`. Every one is registered here so
// that none outlives the test file or script that started it, whatever way that ends.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

const running = new Set<ChildProcess>();
let hooked = false;

function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.kill(process.pid, signal);
    });
  }
}

export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  hookExit();
  const child = spawn(command, args, options);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
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

/** Ends a process politely (SIGTERM), then firmly after `graceMs`. */
export async function terminate(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
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
