/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject } from 'n8n-workflow';

import { PollHarness, type PollResult } from '../harness/poll';
import { FIXTURE_KEYS, runAdmin } from '../simulator';
import { callService, usePollSimulator, type IntegrationContext } from './support';

/** What the trigger's engine tests share: the trigger polled against the file's simulator, runs started and awaited, what fired. */

const ALL_EVENTS = { events: ['Completed', 'Failed', 'Cancelled'] };

/**
 * The test file's simulator, put back to its fixtures before each test (and mocked clocks restored after it), with
 * the trigger, runs and their states on it.
 */
export function usePolledTrigger() {
	const ctx = usePollSimulator();
	beforeEach(() => ctx.sim.admin.reset());
	afterEach(() => jest.restoreAllMocks());
	return { ctx, ...triggerTools(ctx) };
}

/** The trigger, runs and their states on the test file's simulator (read when called: the simulator starts later). */
function triggerTools(ctx: IntegrationContext) {
	async function trigger(
		parameters: IDataObject = ALL_EVENTS,
		key = FIXTURE_KEYS.full,
	): Promise<PollHarness> {
		return await PollHarness.create(parameters, { baseUrl: ctx.url, apiKey: key });
	}

	const api = (method: string, path: string, body?: unknown) =>
		callService(ctx.url, method, path, body);

	async function start(workflowId: string, count: number): Promise<string[]> {
		const ids: string[] = [];
		for (let i = 0; i < count; i++)
			ids.push(
				String((await api('POST', '/workflows/runs', { workflowId, input: `run ${i}` })).runId),
			);
		return ids;
	}

	const statusOf = (runId: string) => runAdmin(ctx.sim).run(runId)?.status;
	const isFinished = (runId: string) =>
		['Completed', 'Failed', 'Cancelled'].includes(String(statusOf(runId)));
	const isPaused = (runId: string) => runAdmin(ctx.sim).run(runId)?.condition === 'paused';
	return { trigger, api, start, isFinished, isPaused };
}

export async function waitUntil(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error('condition not reached in time');
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

export function firedIds(result: PollResult): string[] {
	if (result.error) throw result.error;
	return (result.items ?? []).map((item) => String(item.json.runId ?? item.json.id));
}

export function staticDataBytes(harness: PollHarness): number {
	return Buffer.byteLength(JSON.stringify(harness.savedStaticData()));
}
