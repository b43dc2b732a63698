/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Waiting in the driver and the suites: for a while, or until something holds.

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value other than undefined/false, or throws after `timeoutMs`. */
export async function waitUntil<T>(
	what: string,
	check: () => T | undefined | false | Promise<T | undefined | false>,
	timeoutMs: number,
	intervalMs = 200,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined && value !== false) return value;
		if (Date.now() > deadline)
			throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
		await sleep(intervalMs);
	}
}
