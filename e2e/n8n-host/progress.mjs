// What ensure.mjs prints while it works, and how it runs one step (npm): its output relayed, a heartbeat every 10 s.
import { spawn } from 'node:child_process';

import { HOST, TAG } from './host-paths.mjs';

const started = Date.now();
export const elapsed = (from = started) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
export const say = (line) => process.stdout.write(`[${TAG}] ${line}\n`);

/** The npm process of the running step, stopped with this script. */
let current;

/** Runs one step, streaming its output and printing a heartbeat every 10 s so a long step is never silent. */
export function step(title, command, args, { env, detail, label = title } = {}) {
	const from = Date.now();
	say(`${title}…`);
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd: HOST, env, stdio: ['ignore', 'pipe', 'pipe'] });
		current = child;
		const relay = (stream, out) => {
			let rest = '';
			stream.on('data', (chunk) => {
				const lines = (rest + chunk).split('\n');
				rest = lines.pop() ?? '';
				for (const line of lines) if (line.trim()) out.write(`  | ${line}\n`);
			});
			stream.on('end', () => rest.trim() && out.write(`  | ${rest}\n`));
		};
		relay(child.stdout, process.stdout);
		relay(child.stderr, process.stderr);
		const timer = setInterval(
			() => say(`  ${label}: still working, ${elapsed(from)}${detail ? ` (${detail()})` : ''}`),
			10_000,
		);
		child.on('error', (error) => {
			clearInterval(timer);
			reject(error);
		});
		child.on('close', (code) => {
			clearInterval(timer);
			if (code === 0) {
				say(`${label}: done in ${elapsed(from)}`);
				resolve();
			} else reject(new Error(`${title} failed (exit code ${code})`));
		});
	});
}

/** Stops the running step's npm process (ensure.mjs ends with it on Ctrl-C). */
export function stopCurrentStep() {
	current?.kill('SIGTERM');
}
