/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The Run Finished trigger under n8n's scheduler, one case per published workflow: each case polls its own
// simulator, so the service's request log tells its polls apart from the others'.
import {
	FIXTURE_KEYS,
	createSimulator,
	runAdmin,
	type Simulator,
	type SimulatorOptions,
} from '../../test/simulator';
import { firedRunIds, triggeredExecutions } from '../lib/executions';
import { N8n } from '../lib/n8n';
import type { CredentialSpec } from '../lib/n8n-types';
import { packageTarball } from '../lib/pack';
import { startSummaryRun } from '../lib/service-api';
import { TRIGGER_TYPE, type WorkflowJson } from '../lib/workflows';

/** n8n's durable poll scheduler: the one every n8n from 2.45 runs by default, switched on in 2.41 by four flags. */
const DURABLE_SCHEDULER = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};
const TRIGGER_NODE = 'Run Finished';

/** An n8n with the packed package installed, its polls run by the durable scheduler or by the legacy poller. */
export const packageN8n = (durableScheduler: boolean) =>
	N8n.create({ tarball: packageTarball(), env: durableScheduler ? DURABLE_SCHEDULER : {} });

export interface TriggerCase {
	name: string;
	sim: Simulator;
	url: string;
	workflowId: string;
}

/** A case's simulator: runs played at a twentieth of their time, a rate limit no poll schedule reaches. */
export async function openTriggerCase(
	name: string,
	workflowId: string,
	options: SimulatorOptions = {},
): Promise<TriggerCase> {
	const sim = createSimulator({
		runTimeScale: 0.05,
		defaultRateLimitPerMinute: 100_000,
		...options,
	});
	return { name, sim, url: await sim.start(), workflowId };
}

/** The credential of a case's workflow: the full key, on the case's simulator. */
export function caseCredential(c: TriggerCase): CredentialSpec {
	return {
		id: `cred${c.workflowId}`,
		name: `Drafting Workspace (${c.name})`,
		baseUrl: c.url,
		apiKey: FIXTURE_KEYS.full,
	};
}

/** A case's workflow: the trigger alone, on Completed, polling at `pollTimes` (n8n's Poll Times entries). */
export function triggerWorkflow(
	c: TriggerCase,
	title: string,
	pollTimes: Array<Record<string, unknown>>,
	options: Record<string, unknown> = {},
): WorkflowJson {
	return {
		id: c.workflowId,
		name: `Drafting Workspace e2e: ${title}, ${c.name}`,
		nodes: [
			{
				id: `${c.workflowId}-trigger`,
				name: TRIGGER_NODE,
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: pollTimes }, events: ['Completed'], options },
				credentials: {
					draftingWorkspaceApi: {
						id: `cred${c.workflowId}`,
						name: `Drafting Workspace (${c.name})`,
					},
				},
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

/** Starts `count` runs on the case's simulator, one after another; their runIds. */
export async function startRuns(c: TriggerCase, count: number): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) ids.push(await startSummaryRun(c.url));
	return ids;
}

/** The executions of a case's workflow in `n8n`, and the runs they fired (a run fired twice is listed twice). */
export const caseExecutions = (n8n: N8n, c: TriggerCase) =>
	triggeredExecutions(n8n, c.workflowId, TRIGGER_NODE);
export const firedRuns = (n8n: N8n, c: TriggerCase) => firedRunIds(n8n, c.workflowId, TRIGGER_NODE);

/** The run lists a case's simulator answered: one per poll. */
export const runLists = (c: TriggerCase) =>
	c.sim.admin
		.requests()
		.filter((entry) => entry.method === 'GET' && entry.path === '/workflows/runs');
export const allCompleted = (c: TriggerCase, ids: string[]) =>
	ids.every((id) => runAdmin(c.sim).run(id)?.status === 'Completed');

/** What a long test saw, line by line with the seconds since it began; printed at the end, never asserted. */
export class ProgressLog {
	private readonly started = Date.now();
	private readonly lines: string[] = [];

	say(line: string): void {
		this.lines.push(`+${Math.round((Date.now() - this.started) / 1000)} s ${line}`);
	}

	print(title: string): void {
		process.stdout.write(`${title}:\n${this.lines.map((line) => `  ${line}`).join('\n')}\n`);
	}
}
