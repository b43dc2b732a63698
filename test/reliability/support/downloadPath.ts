import { FIXTURE_IDS, runAdmin, type SeedRunSpec, type Simulator } from '../../simulator';

const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

/**
 * Seeds one Completed run of the contract summary, started with the full key, whose rendered file's downloadPath
 * is `link` (a server-given link the node must refuse to follow). The run started a minute ago unless `times`
 * says otherwise. Returns the run's id.
 */
export function seedRunWithDownloadPath(
	sim: Simulator,
	link: string,
	times: Partial<Pick<SeedRunSpec, 'startedAt' | 'completedAt'>> = {},
): string {
	const [runId] = runAdmin(sim).seedRuns([
		{
			workflowId: FIXTURE_IDS.workflows.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Completed',
			startedAt: aMinuteAgo(),
			...times,
		},
	]);
	runAdmin(sim).setDownloadPath(runId, FIXTURE_IDS.steps.agentSummary.render, link);
	return runId;
}
