/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject } from 'n8n-workflow';

import { credentialFor } from '../../test/harness';
import { FIXTURE_IDS, FIXTURE_KEYS } from '../../test/simulator';
import { runTimed } from '../lib/engine';
import { startSimulatorProcess, type SimulatorProcess } from '../lib/simulatorProcess';
import { runClock, type RunClock } from '../lib/runClock';
import { pollingEdges, pollingNodes } from '../lib/runs';
import { connect, manualTrigger, ours, type BenchNode } from '../lib/workflow';

/**
 * Scenario 6, batches: the wall time of a batch that creates, then waits, against its minimum: the
 * longest single wait (the run's or the ingestion's length) plus the sends' pacing, which is measured in the
 * same simulator as the same batch without the wait (the POSTs alone, in item order). The rate limit is lifted:
 * pacing here is the round trips, not the key's budget. Runs of the Contract summary workflow (750 ms of steps)
 * are stretched to 10 s with the simulator's runTimeScale; ingestion lasts 2 s (ingestionMs).
 */
export interface BatchRow {
	label: string;
	items: number;
	waitSeconds: number;
	pacingSeconds: number;
	minimumSeconds: number;
	oursSeconds: number;
	failed: number;
	/** The hand-built HTTP Request loop doing the same batch (runs only). */
	loopSeconds?: number;
	loopFailed?: number;
	/** The runs by the simulator's clock, for this package's node and for the loop (runs only). */
	oursClock?: RunClock;
	loopClock?: RunClock;
}

/** Queue 50 ms + two agent steps of 300 ms + render 100 ms: the Contract summary run at runTimeScale 1. */
const SUMMARY_RUN_MS = 750;
/** The hand-built loop waits this long between its reads of a run. */
export const LOOP_INTERVAL_S = 5;

function source(items: IDataObject[]): BenchNode {
	return { name: 'Items', type: 'test.testItems', parameters: { items: JSON.stringify(items) } };
}

function withSource(
	items: IDataObject[],
	measured: BenchNode[],
	edges: Array<[string, string, number?]> = [],
) {
	const chain: Array<[string, string, number?]> = [
		['Manual Trigger', 'Items'],
		['Items', measured[0].name],
	];
	return {
		nodes: [manualTrigger(), source(items), ...measured],
		connections: connect([...chain, ...edges]),
	};
}

async function timeNode(
	sim: SimulatorProcess,
	items: IDataObject[],
	node: BenchNode,
): Promise<{ seconds: number; failed: number; startedAt: number; finishedAt: number }> {
	const run = await runTimed(withSource(items, [{ ...node, onError: 'continueRegularOutput' }]), {
		credentials: [credentialFor(sim.url, FIXTURE_KEYS.full)],
	});
	const output = run.result.output(node.name);
	const failed =
		run.result.status !== 'success'
			? items.length
			: output.filter((item) => typeof item.json.error === 'string').length +
				(items.length - output.length);
	if (failed)
		console.warn(
			`bench: ${node.name}: ${failed} failed, e.g. ${JSON.stringify(output.find((item) => typeof item.json.error === 'string')?.json ?? run.result.error).slice(0, 400)}`,
		);
	const startedAt = run.startedAt.get(node.name) ?? Number.NaN;
	const finishedAt = run.finishedAt.get(node.name) ?? Number.NaN;
	return { seconds: (finishedAt - startedAt) / 1000, failed, startedAt, finishedAt };
}

const textItems = (count: number) =>
	Array.from({ length: count }, (_, index) => ({
		json: { text: `Contract ${index + 1}: summarise it.` },
	}));
const startNode = (wait: boolean) =>
	ours('Start', {
		resource: 'run',
		operation: 'start',
		workflowId: { __rl: true, mode: 'id', value: FIXTURE_IDS.workflows.agentSummary },
		inputMode: 'text',
		inputText: '={{ $json.text }}',
		waitForCompletion: wait,
		downloadFiles: false,
		waitOptions: { timeout: 600 },
	});

/** The loop an n8n user builds for a batch: start every item, then get, If finished, else Wait 5 s and get again. */
async function httpLoop(
	sim: SimulatorProcess,
	items: IDataObject[],
): Promise<{ seconds: number; failed: number; startedAt: number; finishedAt: number }> {
	const startBody = `={{ JSON.stringify({ workflowId: '${FIXTURE_IDS.workflows.agentSummary}', input: $json.text }) }}`;
	const nodes: BenchNode[] = [
		...pollingNodes(sim.url, startBody, '$json.runId', LOOP_INTERVAL_S),
		{ name: 'Done', type: 'n8n-nodes-base.noOp', parameters: {} },
	];
	const done: IDataObject[] = [];
	const run = await runTimed(withSource(items, nodes, pollingEdges('Done')), {
		credentials: [credentialFor(sim.url, FIXTURE_KEYS.full)],
		onNodeFinished: (node, task) => {
			if (node === 'Done') done.push(...(task.data?.main?.[0] ?? []).map((item) => item.json));
		},
	});
	const completed = done.filter((json) => json.status === 'Completed').length;
	const startedAt = run.startedAt.get('Start Run') ?? Number.NaN;
	const finishedAt = run.finishedAt.get('Done') ?? Number.NaN;
	return {
		seconds: (finishedAt - startedAt) / 1000,
		failed: items.length - completed + (run.result.status === 'success' ? 0 : 1),
		startedAt,
		finishedAt,
	};
}

/** 50 runs of a 10 s workflow: Start with Wait for Completion, against the minimum and the HTTP Request loop. */
export async function runsBatch(count = 50, runSeconds = 10): Promise<BatchRow> {
	const sim = await startSimulatorProcess({
		defaultRateLimitPerMinute: 1_000_000,
		runTimeScale: (runSeconds * 1000) / SUMMARY_RUN_MS,
	});
	try {
		const items = textItems(count);
		const pacing = await timeNode(sim, items, startNode(false));
		await new Promise((resolve) => setTimeout(resolve, runSeconds * 1000));
		const mine = await timeNode(sim, items, startNode(true));
		const oursClock = await runClock(sim, mine.startedAt, mine.finishedAt);
		const loop = await httpLoop(sim, items);
		const loopClock = await runClock(sim, loop.startedAt, loop.finishedAt);
		return {
			label: `${count} runs of a ${runSeconds} s workflow, Start + Wait for Completion`,
			items: count,
			waitSeconds: runSeconds,
			pacingSeconds: pacing.seconds,
			minimumSeconds: runSeconds + pacing.seconds,
			oursSeconds: mine.seconds,
			failed: mine.failed,
			loopSeconds: loop.seconds,
			loopFailed: loop.failed,
			oursClock,
			loopClock,
		};
	} finally {
		await sim.stop();
	}
}

const note = (name: string) => ({
	base64: Buffer.from(`Notes for ${name}: the supplier delivers monthly.\n`).toString('base64'),
	fileName: name,
	mimeType: 'text/plain',
});

/** 100 uploads with Wait Until Ready, ingestion 2 s each, against the minimum. */
export async function uploadsBatch(count = 100, ingestionSeconds = 2): Promise<BatchRow> {
	const sim = await startSimulatorProcess({
		defaultRateLimitPerMinute: 1_000_000,
		ingestionMs: ingestionSeconds * 1000,
	});
	try {
		const items = Array.from({ length: count }, (_, index) => ({
			json: {},
			binary: { data: note(`note-${index}.txt`) },
		}));
		const upload = (wait: boolean) =>
			ours('Upload', {
				resource: 'inputDocument',
				operation: 'upload',
				binaryPropertyName: 'data',
				waitUntilReady: wait,
			});
		const pacing = await timeNode(sim, items, upload(false));
		const mine = await timeNode(sim, items, upload(true));
		return {
			label: `${count} uploads, Wait Until Ready, ingestion ${ingestionSeconds} s`,
			items: count,
			waitSeconds: ingestionSeconds,
			pacingSeconds: pacing.seconds,
			minimumSeconds: ingestionSeconds + pacing.seconds,
			oursSeconds: mine.seconds,
			failed: mine.failed,
		};
	} finally {
		await sim.stop();
	}
}

/** 20 Start Run items with 2 binary files each (ingestion 2 s): uploads, readiness, starts. */
export async function startWithFilesBatch(count = 20, ingestionSeconds = 2): Promise<BatchRow> {
	const sim = await startSimulatorProcess({
		defaultRateLimitPerMinute: 1_000_000,
		ingestionMs: ingestionSeconds * 1000,
	});
	try {
		const files = Array.from({ length: count }, (_, index) => ({
			json: {},
			binary: { a: note(`first-${index}.txt`), b: note(`second-${index}.txt`) },
		}));
		const mapper = {
			mappingMode: 'defineBelow',
			value: { documents: 'a, b' },
			matchingColumns: [],
			schema: [],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		};
		const start = ours('Start', {
			resource: 'run',
			operation: 'start',
			workflowId: { __rl: true, mode: 'id', value: FIXTURE_IDS.workflows.multiDocs },
			inputMode: 'fields',
			inputFields: mapper,
		});
		// Pacing: the same 40 uploads without waiting, and 20 starts that name no file.
		const uploads = await timeNode(
			sim,
			files.flatMap((item) => [
				{ json: {}, binary: { data: item.binary.a } },
				{ json: {}, binary: { data: item.binary.b } },
			]),
			ours('Upload', {
				resource: 'inputDocument',
				operation: 'upload',
				binaryPropertyName: 'data',
				waitUntilReady: false,
			}),
		);
		const starts = await timeNode(sim, textItems(count), { ...startNode(false), name: 'Start' });
		const mine = await timeNode(sim, files, start);
		const pacing = uploads.seconds + starts.seconds;
		return {
			label: `Start Run, ${count} items × 2 files, ingestion ${ingestionSeconds} s`,
			items: count,
			waitSeconds: ingestionSeconds,
			pacingSeconds: pacing,
			minimumSeconds: ingestionSeconds + pacing,
			oursSeconds: mine.seconds,
			failed: mine.failed + uploads.failed + starts.failed,
		};
	} finally {
		await sim.stop();
	}
}
