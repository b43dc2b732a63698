/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS } from '../../test/simulator';
import { sleep } from './stats';
import type { SimulatorProcess } from './simulatorProcess';
import { connect, httpRequest, manualTrigger, ours, type BenchNode, type Edge } from './workflow';
import type { WorkflowJson } from '../../test/harness';

/** The fixture workflow that pauses at a review step until approved: the benchmark decides when a run ends. */
const REVIEW_WORKFLOW = FIXTURE_IDS.workflows.review;

interface AdminRun {
	runId: string;
	condition: string | null;
	status: string;
	keyId: string | null;
}

/**
 * Approves every run that reaches its review pause, `delayFor()` ms after the pause was seen. Runs end a
 * short render step after approval, so each run's length is set by the benchmark, not by the simulator.
 */
export class ReviewApprover {
	private readonly scheduled = new Set<string>();
	private stopped = false;
	private readonly loop: Promise<void>;

	constructor(
		private readonly sim: SimulatorProcess,
		private readonly delayFor: () => number,
	) {
		this.loop = this.watch();
	}

	private async watch(): Promise<void> {
		while (!this.stopped) {
			const runs = await this.sim.admin<AdminRun[]>('GET', '/runs');
			for (const run of runs) {
				if (run.keyId === null || run.condition !== 'paused' || this.scheduled.has(run.runId))
					continue;
				this.scheduled.add(run.runId);
				const delay = this.delayFor();
				setTimeout(
					() => void this.sim.admin('POST', `/runs/${run.runId}/approve`).catch(() => undefined),
					delay,
				);
			}
			await sleep(20);
		}
	}

	async stop(): Promise<void> {
		this.stopped = true;
		await this.loop;
	}
}

function startRunBody(text = 'Board memo: approve the 2027 budget.'): IDataObject {
	return { workflowId: REVIEW_WORKFLOW, input: text };
}

/** This package: Start (no wait) → Wait For Run. */
export function oursStartAndWait(waitParameters: IDataObject = {}): WorkflowJson {
	const nodes: BenchNode[] = [
		manualTrigger(),
		ours('Start', {
			resource: 'run',
			operation: 'start',
			workflowId: { __rl: true, mode: 'id', value: REVIEW_WORKFLOW },
			inputMode: 'text',
			inputText: 'Board memo: approve the 2027 budget.',
		}),
		ours('Wait For Run', {
			resource: 'run',
			operation: 'wait',
			runId: { __rl: true, mode: 'id', value: '={{ $json.runId }}' },
			...waitParameters,
		}),
	];
	return {
		nodes,
		connections: connect([
			['Manual Trigger', 'Start'],
			['Start', 'Wait For Run'],
		]),
	};
}

/**
 * The loop's nodes: HTTP Request (start, sending `jsonBody`) → HTTP Request (get run: `runId` is the expression of
 * the started run's id) → If (finished?) → false: Wait `intervalSeconds` → back to get run.
 */
export function pollingNodes(
	baseUrl: string,
	jsonBody: string,
	runId: string,
	intervalSeconds: number,
): BenchNode[] {
	return [
		httpRequest('Start Run', {
			method: 'POST',
			url: `${baseUrl}/workflows/runs`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody,
		}),
		httpRequest('Get Run', { method: 'GET', url: `=${baseUrl}/workflows/runs/{{ ${runId} }}` }),
		{
			name: 'Finished?',
			type: 'n8n-nodes-base.if',
			typeVersion: 1,
			parameters: {
				conditions: {
					string: [
						{
							value1: '={{ $json.status }}',
							operation: 'regex',
							value2: '^(Completed|Failed|Cancelled)$',
						},
					],
				},
			},
		},
		{
			name: 'Wait',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			parameters: { resume: 'timeInterval', amount: intervalSeconds, unit: 'seconds' },
		},
	];
}

/** The loop's edges from Start Run on; a finished run goes on to the node `finish`. */
export function pollingEdges(finish: string): Edge[] {
	return [
		['Start Run', 'Get Run'],
		['Get Run', 'Finished?'],
		['Finished?', finish, 0],
		['Finished?', 'Wait', 1],
		['Wait', 'Get Run'],
	];
}

/**
 * What a user builds without the package: HTTP Request (start) → HTTP Request (get run) → If (finished?)
 * → true: done, false: Wait → back to get run. Optionally an HTTP Request downloads the rendered file.
 */
export function pollingLoop(
	baseUrl: string,
	intervalSeconds: number,
	downloadFile = false,
): WorkflowJson {
	const nodes: BenchNode[] = [
		manualTrigger(),
		...pollingNodes(
			baseUrl,
			JSON.stringify(startRunBody()),
			"$('Start Run').first().json.runId",
			intervalSeconds,
		),
		downloadFile
			? httpRequest('Download', {
					method: 'GET',
					url: `=${baseUrl}{{ $json.steps.find(step => step.renderedArtifact).renderedArtifact.downloadPath }}`,
					options: { response: { response: { responseFormat: 'file' } } },
				})
			: { name: 'Done', type: 'n8n-nodes-base.noOp', parameters: {} },
	];
	const finish = downloadFile ? 'Download' : 'Done';
	return {
		nodes,
		connections: connect([['Manual Trigger', 'Start Run'], ...pollingEdges(finish)]),
	};
}
