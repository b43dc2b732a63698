/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// After each test file: removes the n8n user folder that test/setup/env.ts made for it (never one given from
// outside), and collects the garbage of the files before it.
import { rmSync } from 'node:fs';

afterAll(() => {
	const own = process.env.DW_TEST_OWN_USER_FOLDER;
	if (own) rmSync(own, { recursive: true, force: true });
	// Every test file loads its own copy of n8n's engine (Jest gives each file its own modules), and V8 lets the
	// copies of finished files pile up: a worker ended the full run holding 1.2 GB, which took it seconds to hand
	// back when Jest ended it (test/setup/worker-exit.js). Collected here, a worker holds about one file's worth.
	// `gc` exists when Jest runs under --expose-gc, as test/setup/jest-summary.js runs it.
	globalThis.gc?.();
});
