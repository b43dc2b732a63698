/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The browser run's shared world and process registry. The world (the simulator, n8n with the demo's set-up,
// a Chromium server; editor.ts) is started once here for every test file, which saves its ~30 s set-up per file;
// each file connects its own browser context. The registry (see e2e/lib/jest-registry.ts): a Ctrl+C, SIGTERM or
// SIGHUP kills what was started (n8n, its task runner, Chromium) and removes the folders.
import { installRegistry } from '../lib/jest-registry';
import { say, startWorld, type World } from './editor';

/** The world, for the global teardown (Jest gives it the global set-up's globals, and no test file). */
export const worldHolder = globalThis as typeof globalThis & { browserWorld?: World };

export default async function globalSetup(): Promise<void> {
	installRegistry('browser');
	const started = Date.now();
	worldHolder.browserWorld = await startWorld(say);
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	// The test files' timing lines name it.
	process.env.BROWSER_SETUP_SECONDS = seconds;
	say(`set-up (simulator, n8n, Chromium) ${seconds} s, shared by every test file`);
}
