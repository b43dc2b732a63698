import type { IDataObject, ITaskData } from 'n8n-workflow';

import { credentialFor } from '../../test/harness';
import { FIXTURE_KEYS } from '../../test/simulator';
import { runTimed } from '../lib/engine';
import { oursStartAndWait, pollingLoop, ReviewApprover } from '../lib/runs';
import type { SimulatorProcess } from '../lib/simulatorProcess';
import { summarize, type Summary } from '../lib/stats';

/**
 * Scenario 1, completion latency: how long after the run's terminal event the workflow knows the run has
 * finished. Each run pauses at a review step and is approved after a random 1-10 s, so runs end at
 * instants neither side can predict (a poll loop is not favoured or punished by a fixed run length). The
 * terminal instant is the run record's `completedAt`, which the simulator sets when it emits the event.
 */
export interface LatencyResult {
	ours: Summary;
	loop: Summary;
	intervalSeconds: number;
	errors: string[];
}

function completedAtOf(json: IDataObject | undefined): number {
	return typeof json?.completedAt === 'string' ? Date.parse(json.completedAt) : Number.NaN;
}

function itemsOf(task: ITaskData | undefined, output = 0): IDataObject[] {
	return (task?.data?.main?.[output] ?? []).map((item) => item?.json ?? {});
}

async function oursOnce(sim: SimulatorProcess): Promise<number> {
	const run = await runTimed(oursStartAndWait({ downloadFiles: false }), {
		credentials: [credentialFor(sim.url, FIXTURE_KEYS.full)],
	});
	if (run.result.status !== 'success')
		throw new Error(`this package: ${JSON.stringify(run.result.error).slice(0, 300)}`);
	const record = run.result.output('Wait For Run')[0]?.json;
	return (run.finishedAt.get('Wait For Run') ?? Number.NaN) - completedAtOf(record);
}

async function loopOnce(sim: SimulatorProcess, intervalSeconds: number): Promise<number> {
	let finishedAt = Number.NaN;
	let record: IDataObject | undefined;
	const run = await runTimed(pollingLoop(sim.url, intervalSeconds), {
		credentials: [credentialFor(sim.url, FIXTURE_KEYS.full)],
		onNodeFinished: (node, task) => {
			// The loop knows the run is over when its If node sends the item down the "true" branch.
			if (node === 'Finished?' && itemsOf(task, 0).length) {
				finishedAt = Date.now();
				record = itemsOf(task, 0)[0];
			}
		},
	});
	if (run.result.status !== 'success')
		throw new Error(`HTTP Request loop: ${JSON.stringify(run.result.error).slice(0, 300)}`);
	return finishedAt - completedAtOf(record);
}

export async function completionLatency(
	sim: SimulatorProcess,
	samples = 12,
	concurrency = 3,
	intervalSeconds = 5,
): Promise<LatencyResult> {
	const approver = new ReviewApprover(sim, () => 1000 + Math.random() * 9000);
	const ours: number[] = [];
	const loop: number[] = [];
	const errors: string[] = [];
	let started = 0;
	// Each slot runs one workflow of each kind side by side, so both meet the same machine load.
	const slot = async (): Promise<void> => {
		while (started < samples) {
			started++;
			const [a, b] = await Promise.allSettled([oursOnce(sim), loopOnce(sim, intervalSeconds)]);
			if (a.status === 'fulfilled') ours.push(a.value);
			else errors.push(String(a.reason));
			if (b.status === 'fulfilled') loop.push(b.value);
			else errors.push(String(b.reason));
		}
	};
	try {
		await Promise.all(Array.from({ length: concurrency }, async () => await slot()));
	} finally {
		await approver.stop();
	}
	return { ours: summarize(ours), loop: summarize(loop), intervalSeconds, errors };
}
