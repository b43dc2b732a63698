import type { SimulatorProcess } from './simulatorProcess';

/**
 * When the simulator ended the runs a measured node started, by the simulator's own clock (its run records'
 * startedAt and completedAt; the simulator runs on the same machine, so its Date.now is the bench's), against when
 * the node finished: how long the runs really took, and how late the node learned the last end. Scenario 6 prints
 * it, so a batch that misses its minimum shows whether the time went to the runs or to the node.
 */
export interface RunClock {
	runs: number;
	/** The longest run, startedAt to completedAt. */
	longestRunSeconds: number;
	/** From the node's start to the last run's completedAt. */
	lastEndSeconds: number;
	/** From the last run's completedAt to the node's end: what the node took to learn it and finish. */
	afterLastEndSeconds: number;
}

interface AdminRun {
	startedAt: string;
	completedAt: string | null;
}

export async function runClock(
	sim: SimulatorProcess,
	nodeStartedAt: number,
	nodeFinishedAt: number,
): Promise<RunClock> {
	const runs = (await sim.admin<AdminRun[]>('GET', '/runs')).filter(
		(run) =>
			run.completedAt !== null &&
			Date.parse(run.startedAt) >= nodeStartedAt &&
			Date.parse(run.startedAt) <= nodeFinishedAt,
	);
	const ends = runs.map((run) => Date.parse(run.completedAt ?? ''));
	const lengths = runs.map((run, index) => ends[index] - Date.parse(run.startedAt));
	const lastEnd = Math.max(...ends);
	return {
		runs: runs.length,
		longestRunSeconds: Math.max(...lengths) / 1000,
		lastEndSeconds: (lastEnd - nodeStartedAt) / 1000,
		afterLastEndSeconds: (nodeFinishedAt - lastEnd) / 1000,
	};
}
