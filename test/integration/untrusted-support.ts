/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject, INode } from 'n8n-workflow';

import { ACTION_NODE, type HarnessRun } from '../harness';
import { PollHarness } from '../harness/poll';
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin, type Simulator } from '../simulator';

/**
 * The engine tests of untrusted answers: the same workflow with Continue On Fail off and on, and what every run must show
 * whatever the service answered: the execution ends (success, or a node error naming the request), never a crash.
 */

export const CONTINUE_ON_FAIL: Array<{ label: string; onError: INode['onError'] | undefined }> = [
	{ label: 'Continue On Fail off', onError: undefined },
	{ label: 'Continue On Fail on', onError: 'continueRegularOutput' },
];

/** How an engine crash shows (n8n reading a node's bad output, or a node reading a bad answer without checking it). */
const CRASH =
	/Cannot read propert|is not a function|is not iterable|Cannot convert undefined or null|undefined is not|null is not/;

/** The run ended as n8n runs end, every item of every node is an object, and no error is a TypeError. */
export function expectNoCrash(result: HarnessRun): void {
	expect(['success', 'error']).toContain(result.status);
	for (const [node, runs] of Object.entries(result.run.data.resultData.runData)) {
		for (const item of runs[0]?.data?.main?.flat() ?? []) {
			const json = item?.json as unknown;
			expect({
				node,
				isObject: json !== null && typeof json === 'object' && !Array.isArray(json),
			}).toEqual({ node, isObject: true });
		}
		const error = runs[0]?.error as IDataObject | undefined;
		if (error)
			expect({ node, name: error.name }).toEqual({
				node,
				name: expect.stringMatching(/^Node(Api|Operation)Error$/),
			});
	}
	expect(JSON.stringify(result.error ?? {})).not.toMatch(CRASH);
}

export interface Outcome {
	message: string;
	description: string;
	httpCode?: string;
	created?: IDataObject;
}

/** The item's failure as the user sees it: the thrown error (Continue On Fail off) or its error item (on). */
export function failureOf(
	result: HarnessRun,
	onError: INode['onError'] | undefined,
	itemIndex = 0,
): Outcome {
	expectNoCrash(result);
	if (onError) {
		expect(result.status).toBe('success');
		const json = result.output(ACTION_NODE)[itemIndex]?.json ?? {};
		expect(typeof json.error).toBe('string');
		return {
			message: String(json.error),
			description: String(json.description ?? ''),
			httpCode: json.httpCode as string | undefined,
			created: json.created as IDataObject | undefined,
		};
	}
	expect(result.status).toBe('error');
	const error = (result.nodeError(ACTION_NODE) ?? result.error ?? {}) as IDataObject;
	const context = (error.context ?? {}) as IDataObject;
	return {
		message: String(error.message ?? ''),
		description: String(error.description ?? ''),
		httpCode: error.httpCode as string | undefined,
		created: context.created as IDataObject | undefined,
	};
}

/** A finished run of "Contract summary" (its PDF renders on first read), not played: nothing changes under a test. */
export function completedRun(sim: Simulator): string {
	const [runId] = runAdmin(sim).seedRuns([
		{
			workflowId: FIXTURE_IDS.workflows.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Completed',
			startedAt: new Date(Date.now() - 60_000).toISOString(),
		},
	]);
	return runId;
}

/** The trigger with Attach Rendered Files: a first poll sets its start, a run finishes (changed first), the next poll reads it. */
export async function triggerAfterRun(
	sim: Simulator,
	url: string,
	change: (runId: string) => void,
): Promise<Awaited<ReturnType<PollHarness['poll']>>> {
	const harness = await PollHarness.create(
		{ events: ['Completed'], options: { attachFiles: true } },
		{ baseUrl: url, apiKey: FIXTURE_KEYS.full },
	);
	expect((await harness.poll()).error).toBeUndefined();
	await new Promise((resolve) => setTimeout(resolve, 20));
	const [runId] = runAdmin(sim).seedRuns([
		{
			workflowId: FIXTURE_IDS.workflows.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Completed',
			startedAt: new Date().toISOString(),
		},
	]);
	change(runId);
	return await harness.poll();
}
