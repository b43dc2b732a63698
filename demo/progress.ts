/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The demo's progress lines, timed from its start.

export const started = Date.now();
export const say = (line: string): void =>
	void process.stdout.write(`[demo] ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
