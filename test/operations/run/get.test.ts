// Run → Get through n8n's engine against the simulator: the full record with its files, Simplify, and the run picker.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, NODE_TYPE } from '../../harness';
import { listSearch } from '../../harness/loadOptions';
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin } from '../../simulator';
import { byId, items, useIntegrationContext } from '../../integration/support';
import { SUMMARY, binaryBytes, summaryPdf, wf, finishedRun as finishedRunOf } from '../support';

const ctx = useIntegrationContext({ runTimeScale: 0.2, sseHeartbeatMs: 200 });
const finishedRun = () => finishedRunOf(ctx);
const get = (runId: string, extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'get',
	runId: byId(runId),
	...extra,
});

describe('the record', () => {
	it('gets the record as the service returns it, its download paths absolute, with its files in the one shape', async () => {
		const runId = await finishedRun();
		const [record] = items(await ctx.run(get(runId)));
		const served = (await (
			await fetch(`${ctx.url}/workflows/runs/${runId}`, {
				headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` },
			})
		).json()) as IDataObject;
		const absolute = (step: IDataObject): IDataObject => {
			const artifact = step.renderedArtifact as IDataObject | undefined;
			return artifact
				? {
						...step,
						renderedArtifact: {
							...artifact,
							downloadPath: `${ctx.url}${String(artifact.downloadPath)}`,
						},
					}
				: step;
		};
		expect(record).toEqual({
			...served,
			steps: (served.steps as IDataObject[]).map(absolute),
			files: [summaryPdf(ctx, runId, expect.any(Number) as unknown as number, false)],
		});
		expect(record).toMatchObject({ runId, workflowId: wf.agentSummary, steps: expect.any(Array) });
	});

	it('Simplify: the result text and the file (not downloaded); its size is the file’s', async () => {
		const runId = await finishedRun();
		const [compact] = items(await ctx.run(get(runId, { simplify: true })));
		expect(compact).toMatchObject({
			runId,
			output: SUMMARY,
			files: [summaryPdf(ctx, runId, expect.any(Number) as unknown as number, false)],
		});
		const download = (
			await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId) })
		).output(ACTION_NODE)[0];
		expect((compact.files as IDataObject[])[0].size).toBe(binaryBytes(download).length);
	});
});

describe('the run picker (From list), as the editor asks for it', () => {
	it('two runs of one workflow in the same minute read differently: start to the second, and the run ID', async () => {
		const [newer, older] = runAdmin(ctx.sim).seedRuns([
			{
				workflowId: wf.agentSummary,
				keyId: FIXTURE_IDS.keys.full,
				status: 'Completed',
				startedAt: '2026-03-01T10:15:30.000Z',
				count: 2,
				spacingMs: 1000,
			},
		]);
		const { results } = await listSearch(
			{
				nodeType: NODE_TYPE,
				parameters: { resource: 'run', operation: 'get' },
				credential: { baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full },
			},
			'searchRuns',
		);
		expect(results).toEqual([
			{ name: `Contract summary · Completed · 2026-03-01 10:15:30 · ${newer}`, value: newer },
			{ name: `Contract summary · Completed · 2026-03-01 10:15:29 · ${older}`, value: older },
		]);
	});
});
