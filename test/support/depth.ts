/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * How many random schedules a model-based or property test runs. `npm test` runs a sample of each (fast, still
 * random: a new seed every run); `npm run test:deep` (CI runs it) runs the full count. One switch for every suite,
 * so "deep" means the same everywhere: TEST_DEPTH=deep.
 */
export function isDeep(): boolean {
	return process.env.TEST_DEPTH === 'deep';
}

/** The full count under `test:deep`; otherwise `sample` (at most the full count). */
export function runsOf(full: number, sample: number): number {
	return isDeep() ? full : Math.min(sample, full);
}
