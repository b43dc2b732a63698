// Through n8n's engine against the simulator: a run record output without Simplify (Run → Get, Start with Wait for
// Completion) carries each rendered file's renderedArtifact.downloadPath absolute on the credential's Base URL, the
// same link its `files` entry gives, so no relative path is left in the output.
import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS } from '../../simulator';
import { IntegrationContext, items } from '../../integration/support';
import { byId } from '../../harness';

const ctx = new IntegrationContext();
const wf = FIXTURE_IDS.workflows;

beforeAll(async () => ctx.start({ runTimeScale: 0.2, sseHeartbeatMs: 200 }));
afterAll(async () => ctx.stop());

const startAndWait = {
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.agentSummary),
	inputMode: 'text',
	inputText: 'Supply agreement between Acme and Initech…',
	waitForCompletion: true,
	downloadFiles: false,
	waitOptions: { checkInterval: 1, timeout: 60 },
};

/** Every renderedArtifact.downloadPath of a record, wherever the steps put it. */
function downloadPaths(record: IDataObject): unknown[] {
	const steps = Array.isArray(record.steps) ? (record.steps as IDataObject[]) : [];
	return steps.flatMap((step) =>
		step.renderedArtifact ? [(step.renderedArtifact as IDataObject).downloadPath] : [],
	);
}

describe('a run record without Simplify: its download paths are absolute', () => {
	it('Start with Wait for Completion and Run → Get: each downloadPath is the absolute url of its file', async () => {
		const [started] = items(await ctx.run(startAndWait));
		const runId = String(started.runId);
		const [record] = items(
			await ctx.run({ resource: 'run', operation: 'get', runId: byId(runId) }),
		);
		for (const output of [started, record]) {
			const paths = downloadPaths(output);
			expect(paths.length).toBeGreaterThan(0);
			for (const path of paths)
				expect(String(path)).toMatch(new RegExp(`^${ctx.url}/workflows/runs/${runId}/files/`));
			expect(paths).toEqual((output.files as IDataObject[]).map((file) => file.url));
		}
	});
});
