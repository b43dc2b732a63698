/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The demo's editor (--ui): n8n started with an owner account; with --dev, `tsc --watch` into the installed package.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_OWNER, EXAMPLE_WORKFLOWS, setUpOwner } from '../e2e/lib/demo-setup';
import { REPO_DIR } from '../e2e/lib/host';
import type { N8n } from '../e2e/lib/n8n';
import { spawnTracked } from '../e2e/lib/processes';
import { waitUntil } from '../e2e/lib/waiting';
import { dev } from './options';

const PACKAGE_NAME = (
	JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as { name: string }
).name;

/**
 * `tsc --watch` with the installed package's dist/ as its output: every save recompiles into the folder n8n
 * loads the package from. Resolves once the first compilation is done (before n8n starts, so that the
 * initial emit does not trigger a reload).
 */
export async function watchBuild(n8n: N8n): Promise<ChildProcess> {
	const outDir = join(n8n.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME, 'dist');
	const tsc = spawnTracked(
		process.execPath,
		[
			require.resolve('typescript/bin/tsc'),
			'-p',
			'tsconfig.json',
			'--watch',
			'--preserveWatchOutput',
			'--outDir',
			outDir,
		],
		{
			cwd: REPO_DIR,
			stdio: ['ignore', 'pipe', 'inherit'],
			what: 'tsc --watch',
		},
	);
	let compiled = false;
	let rest = '';
	tsc.stdout?.on('data', (chunk: Buffer) => {
		const lines = (rest + chunk.toString('utf8')).split('\n');
		rest = lines.pop() ?? '';
		for (const line of lines) {
			if (!line.trim()) continue;
			if (/Found \d+ errors?\. Watching for file changes/.test(line)) compiled = true;
			process.stdout.write(`[tsc] ${line.replace(/^\S+ (AM|PM)? ?- /, '')}\n`);
		}
	});
	await waitUntil(
		'the first compilation',
		() => {
			if (tsc.exitCode !== null) throw new Error(`tsc --watch exited (${tsc.exitCode})`);
			return compiled;
		},
		120_000,
	);
	return tsc;
}

export async function openEditor(n8n: N8n): Promise<void> {
	await n8n.publishWorkflow(EXAMPLE_WORKFLOWS.runFinished);
	const port = Number(process.env.DEMO_PORT ?? 5678);
	const url = await n8n
		.start({ port: Number.isInteger(port) && port > 0 ? port : undefined })
		.catch(async () => await n8n.start());
	const setup = await setUpOwner(url);
	console.log(`\nn8n is running: ${url}`);
	console.log(
		setup.ok
			? `Sign in with ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`
			: `Create the owner account on first visit (automatic set-up answered ${setup.status}).`,
	);
	console.log(
		'The credential "Drafting Workspace account" points at the simulator; the five example workflows are imported',
	);
	console.log('(the Run Finished trigger is published). Ctrl+C stops n8n and the simulator.');
	if (dev) {
		console.log(
			'Hot reload: saving a file under nodes/ or credentials/ recompiles it into the installed package and n8n',
		);
		console.log(
			'reloads the package ("[n8n] Hot reload triggered…" below); reopen a node\'s panel to see a changed description.',
		);
	}
	await new Promise<void>((resolve) => {
		process.once('SIGINT', () => resolve());
		process.once('SIGTERM', () => resolve());
	});
}

/** In dev mode, n8n's lines about reloading the package (and any error while doing so). */
export function relayReloads(text: string): void {
	for (const line of text.split('\n')) {
		if (/Hot reload (triggered|failed)/.test(line)) process.stdout.write(`[n8n] ${line.trim()}\n`);
	}
}
