/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The queue file's clock and its progress lines: when npm run test:queue and this file began, and what each step says.

export const RUN_STARTED_AT = Number(process.env.QUEUE_TEST_STARTED_AT ?? Date.now());
export const FILE_STARTED_AT = Date.now();
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const say = (line: string) =>
	process.stdout.write(`[queue ${secs(Date.now() - FILE_STARTED_AT)}] ${line}\n`);
