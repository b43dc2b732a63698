/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { DEFAULT_ADMIN_TOKEN, type SimulatorOptions } from '../../test/simulator';

export interface SimulatorProcess {
	url: string;
	/** POST/GET on the simulator's admin API (`/__admin/...`). */
	admin<T = unknown>(
		method: 'GET' | 'POST' | 'PUT' | 'DELETE',
		path: string,
		body?: unknown,
	): Promise<T>;
	stop(): Promise<void>;
}

/**
 * `npm run bench -- --latency=realistic`: every simulator a scenario starts answers at the realistic profile's
 * service times (round trip, renders, starts, uploads, downloads, chat answers). Each scenario keeps its own run
 * and ingestion durations (runs of 5 s, 60 s, 10 minutes; ingestion 2 s): they are what it measures. A scenario
 * that sets a profile itself (8) keeps it.
 */
export const BENCH_LATENCY: 'zero' | 'realistic' = process.argv.includes('--latency=realistic')
	? 'realistic'
	: 'zero';

/** Starts the simulator in a child process (tsx) and resolves once it listens. */
export async function startSimulatorProcess(
	options: SimulatorOptions = {},
): Promise<SimulatorProcess> {
	const tsx = require.resolve('tsx/cli');
	const latency =
		options.latency ??
		(BENCH_LATENCY === 'realistic'
			? { profile: 'realistic' as const, runDurationMs: null, ingestionMs: null }
			: undefined);
	const child: ChildProcess = spawn(
		process.execPath,
		[tsx, join(__dirname, 'simulatorChild.ts'), JSON.stringify({ ...options, latency })],
		{
			stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
		},
	);
	const url = await new Promise<string>((resolve, reject) => {
		let buffered = '';
		child.stdout?.on('data', (chunk: Buffer) => {
			buffered += chunk.toString();
			const match = /SIMULATOR_URL (\S+)/.exec(buffered);
			if (match) resolve(match[1]);
		});
		child.once('exit', (code) => reject(new Error(`simulator exited with ${code}`)));
	});
	return {
		url,
		async admin<T>(method: string, path: string, body?: unknown): Promise<T> {
			const response = await fetch(`${url}/__admin${path}`, {
				method,
				headers: {
					'x-admin-token': DEFAULT_ADMIN_TOKEN,
					...(body === undefined ? {} : { 'content-type': 'application/json' }),
				},
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await response.text();
			if (!response.ok) throw new Error(`admin ${method} ${path}: ${response.status} ${text}`);
			return (text ? JSON.parse(text) : undefined) as T;
		},
		async stop() {
			if (child.exitCode !== null) return;
			const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
			child.kill('SIGTERM');
			await exited;
		},
	};
}
