import type { IDataObject } from 'n8n-workflow';

import { credentialFor } from '../../test/harness';
import { FIXTURE_KEYS, type RequestLogEntry } from '../../test/simulator';
import { runTimed } from '../lib/engine';
import { oursStartAndWait, pollingLoop, ReviewApprover } from '../lib/runs';
import { startSimulatorProcess } from '../lib/simulatorProcess';

/**
 * Scenario 2, requests per waited run: everything each side sends about one run after starting it
 * (status reads, event streams, the rendered file's download), for runs of 5 s, 60 s and 10 minutes.
 * The 10-minute run is simulated 20× faster, and so is everything with a duration on both sides: the
 * loop's 5 s interval, the node's 15 s check interval and the service's 15 s heartbeat.
 */
export interface RequestsRow {
	label: string;
	runSeconds: number;
	timeScale: number;
	ours: number;
	loop: number;
}

const SERVICE_HEARTBEAT_MS = 15_000;
const NODE_CHECK_INTERVAL_S = 15;
const LOOP_INTERVAL_S = 5;

function runIdOf(json: IDataObject | undefined): string {
	return String(json?.runId ?? json?.id ?? '');
}

async function measureLength(
	label: string,
	runSeconds: number,
	timeScale: number,
): Promise<RequestsRow> {
	const sim = await startSimulatorProcess({
		sseHeartbeatMs: SERVICE_HEARTBEAT_MS * timeScale,
		defaultRateLimitPerMinute: 1_000_000,
	});
	const approver = new ReviewApprover(sim, () => runSeconds * 1000 * timeScale);
	try {
		const credentials = [credentialFor(sim.url, FIXTURE_KEYS.full)];
		const [mine, theirs] = await Promise.all([
			runTimed(
				oursStartAndWait({
					waitOptions: { checkInterval: NODE_CHECK_INTERVAL_S * timeScale, timeout: 3600 },
				}),
				{ credentials },
			),
			runTimed(pollingLoop(sim.url, LOOP_INTERVAL_S * timeScale, true), { credentials }),
		]);
		for (const [side, run] of [
			['this package', mine],
			['HTTP Request loop', theirs],
		] as const)
			if (run.result.status !== 'success')
				throw new Error(`${side}: ${JSON.stringify(run.result.error).slice(0, 300)}`);
		const log = await sim.admin<RequestLogEntry[]>('GET', '/requests');
		const countFor = (runId: string) =>
			log.filter((entry) => entry.method === 'GET' && entry.path.includes(runId)).length;
		return {
			label,
			runSeconds,
			timeScale,
			ours: countFor(runIdOf(mine.result.output('Start')[0]?.json)),
			loop: countFor(runIdOf(theirs.result.output('Start Run')[0]?.json)),
		};
	} finally {
		await approver.stop();
		await sim.stop();
	}
}

export async function requestsPerRun(): Promise<RequestsRow[]> {
	return await Promise.all([
		measureLength('5 s run', 5, 1),
		measureLength('60 s run', 60, 1),
		measureLength('10 min run (simulated 20× faster)', 600, 0.05),
	]);
}
