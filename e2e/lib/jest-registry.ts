/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Jest runs test code with a copy of `process` on which signal and exit listeners never fire, so the clean-up
// of a suite that starts long-lived processes (the queue-mode test, the browser test) lives in the real Jest
// process (the suite runs in band): every PID and clean-up the driver starts is written to a registry folder
// (DW_PROCESS_REGISTRY, see process-registry.ts), and a Ctrl+C, SIGTERM or SIGHUP kills what is still alive,
// runs the pending clean-up commands and removes the folders. A suite's globalSetup calls `installRegistry`, its
// globalTeardown `tearDownRegistry`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { cleanUpRegistry } from './process-registry';

export function installRegistry(tag: string): void {
	const dir = mkdtempSync(join(tmpdir(), 'dw-process-registry-'));
	process.env.DW_PROCESS_REGISTRY = dir;
	const cleanUp = (why: string) => {
		const actions = cleanUpRegistry(dir);
		rmSync(dir, { recursive: true, force: true });
		if (actions.length) process.stderr.write(`\n[${tag}] ${why}: ${actions.join('; ')}\n`);
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.once(signal, () => {
			cleanUp(`${signal} received`);
			process.kill(process.pid, signal);
		});
	}
	process.once('exit', () => cleanUp('exit'));
}

/** The end of the run: the test file stopped everything itself; this kills and removes whatever a failure left behind, and says so. */
export function tearDownRegistry(tag: string): void {
	const dir = process.env.DW_PROCESS_REGISTRY;
	if (!dir) return;
	const actions = cleanUpRegistry(dir);
	rmSync(dir, { recursive: true, force: true });
	if (actions.length)
		process.stderr.write(
			`[${tag}] left behind by the test and cleaned up now: ${actions.join('; ')}\n`,
		);
}
