/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The Run Finished trigger through n8n-core's PollContext against the simulator: with Attach Rendered Files, the
// item carries the file as binary data and tells it in the one file shape under `files`, as the action node does; with
// or without it, every renderedArtifact of the record carries its absolute downloadUrl beside the service's path.
import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../../harness/poll';
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin } from '../../simulator';
import { usePollSimulator } from '../../integration/support';

const wf = FIXTURE_IDS.workflows;
const ctx = usePollSimulator();

async function startRun(): Promise<string> {
	const response = await fetch(`${ctx.url}/workflows/runs`, {
		method: 'POST',
		headers: { authorization: `Bearer ${FIXTURE_KEYS.full}`, 'content-type': 'application/json' },
		body: JSON.stringify({ workflowId: wf.agentSummary, input: 'Supply agreement…' }),
	});
	return String(((await response.json()) as IDataObject).runId);
}

async function finished(runId: string): Promise<void> {
	// The simulator's own state, not a clock: polled until the run has ended.
	while (
		!['Completed', 'Failed', 'Cancelled'].includes(String(runAdmin(ctx.sim).run(runId)?.status))
	)
		await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A trigger activated (its first poll) before a run that then finishes: the items of the poll after. */
async function firedFor(
	options: Record<string, unknown>,
): Promise<{ runId: string; items: Awaited<ReturnType<PollHarness['poll']>>['items'] }> {
	const harness = await PollHarness.create(
		{ events: ['Completed'], ...options },
		{ baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full },
	);
	await harness.poll();
	const runId = await startRun();
	await finished(runId);
	const { items } = await harness.poll();
	return { runId, items };
}

describe('Attach Rendered Files', () => {
	it('adds `files` in the one file shape beside the attached binary data', async () => {
		const { runId, items } = await firedFor({ options: { attachFiles: true } });
		expect(items).toHaveLength(1);
		const [item] = items!;
		expect(item.binary?.data).toMatchObject({
			fileName: 'contract-summary.pdf',
			mimeType: 'application/pdf',
		});
		expect(item.json.files).toEqual([
			{
				name: 'contract-summary.pdf',
				format: 'pdf',
				mimeType: 'application/pdf',
				size: expect.any(Number),
				url: `${ctx.url}/workflows/runs/${runId}/files/${FIXTURE_IDS.steps.agentSummary.render}/download`,
				binaryProperty: 'data',
				stepId: FIXTURE_IDS.steps.agentSummary.render,
			},
		]);
	});

	it('without it: the record alone, no files', async () => {
		const { items } = await firedFor({});
		expect(items![0].binary).toBeUndefined();
		expect(items![0].json.files).toBeUndefined();
	});
});

describe('the run record’s download paths', () => {
	const artifacts = (record: IDataObject) =>
		((record.steps ?? []) as IDataObject[]).flatMap((step) =>
			step.renderedArtifact ? [step.renderedArtifact as IDataObject] : [],
		);

	it.each([[{}], [{ options: { attachFiles: true } }]])(
		'keep the service’s path and carry the absolute link on the Base URL beside it (%j)',
		async (options) => {
			const { runId, items } = await firedFor(options);
			const path = `/workflows/runs/${runId}/files/${FIXTURE_IDS.steps.agentSummary.render}/download`;
			expect(
				artifacts(items![0].json).map(({ downloadPath, downloadUrl }) => ({
					downloadPath,
					downloadUrl,
				})),
			).toEqual([{ downloadPath: path, downloadUrl: `${ctx.url}${path}` }]);
		},
	);
});
