#!/usr/bin/env node
// The checks `npm test` runs before Jest: the build, the type check, n8n's lint, the project's lint, the
// formatter's check, n8n's scanner, the workflow validation, the dead-code and duplicate checks. Each is its
// own npm script (run one alone with `npm run <name>`); here they run two at a time, since most of them are one
// busy core each (tsc, ESLint) and the machines have two. The scanner packs dist/, so it starts once the build is done.
//
// Each check's output is printed in one piece when it ends, then its time; a failed check fails the whole run
// (the ones still running finish first, no new one starts). The last line sums it up.
import { spawn } from 'node:child_process';

/** [npm script, the scripts it must wait for]. Listed longest first, so the two lanes end close together. */
const CHECKS = [
	['lint', []],
	['build', []],
	['typecheck', []],
	['scan', ['build']],
	['lint:project', []],
	['lint:dead', []],
	['lint:duplicates', []],
	['validate:workflows', []],
	['format:check', []],
];
const LANES = Number(process.env.CHECKS_PARALLEL ?? 2);

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const done = new Map();
const running = new Set();
let failed = false;

function run(name) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn(npm, ['run', '-s', name], {
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
		});
		const output = [];
		child.stdout.on('data', (chunk) => output.push(chunk));
		child.stderr.on('data', (chunk) => output.push(chunk));
		child.on('close', (code, signal) => {
			const seconds = ((Date.now() - started) / 1000).toFixed(1);
			const text = Buffer.concat(output).toString('utf8').trimEnd();
			const ok = code === 0;
			process.stdout.write(
				`\n> npm run ${name}\n${text ? `${text}\n` : ''}[checks] ${name}: ${ok ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${seconds} s\n`,
			);
			resolve({ ok, seconds });
		});
	});
}

async function main() {
	const started = Date.now();
	const pending = [...CHECKS];
	await new Promise((finish) => {
		const next = () => {
			if (pending.length === 0 && running.size === 0) return finish();
			while (!failed && running.size < LANES) {
				const index = pending.findIndex(([, after]) => after.every((name) => done.get(name)?.ok));
				if (index < 0) break;
				const [[name]] = pending.splice(index, 1);
				running.add(name);
				void run(name).then((result) => {
					running.delete(name);
					done.set(name, result);
					if (!result.ok) failed = true;
					next();
				});
			}
			if (running.size === 0) finish();
		};
		next();
	});
	const times = [...done]
		.map(([name, { ok, seconds }]) => `${name} ${seconds} s${ok ? '' : ' (failed)'}`)
		.join(', ');
	const skipped = CHECKS.filter(([name]) => !done.has(name)).map(([name]) => name);
	const total = ((Date.now() - started) / 1000).toFixed(1);
	process.stdout.write(
		`\n[checks] ${failed ? 'FAILED' : 'all passed'} in ${total} s, ${LANES} at a time: ${times}${skipped.length ? `; not run: ${skipped.join(', ')}` : ''}\n`,
	);
	process.exitCode = failed ? 1 : 0;
}

await main();
