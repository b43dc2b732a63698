// Run → Cancel through n8n's engine against the simulator: its own running run, a finished one, another key's.
import { ACTION_NODE } from '../../harness';
import { runAdmin } from '../../simulator';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';
import { SECOND, fast, startRun, startText, waitFor, waitUntil, wf } from '../support';

const ctx = useIntegrationContext({ runTimeScale: 0.2, sseHeartbeatMs: 200 });

describe('Run → Cancel', () => {
	it('cancels its own running run (requested), which then ends Cancelled', async () => {
		const runId = await startRun(ctx, startText(wf.review));
		await waitUntil(() =>
			runAdmin(ctx.sim)
				.runs()
				.some((run) => run.runId === runId && run.status === 'Running'),
		);
		const result = await ctx.runChain([
			{ resource: 'run', operation: 'cancel', runId: byId(runId) },
			{ ...waitFor(runId), failWhenRunFails: false, ...fast },
		]);
		expect(items(result)[0]).toMatchObject({ runId, requested: true, alreadyTerminal: false });
		expect(items(result, SECOND)[0]).toMatchObject({ status: 'Cancelled' });
	});

	it('a finished run answers alreadyTerminal', async () => {
		const runId = await startRun(
			ctx,
			startText(wf.agentSummary, undefined, {
				waitForCompletion: true,
				downloadFiles: false,
				...fast,
			}),
		);
		const result = await ctx.run({ resource: 'run', operation: 'cancel', runId: byId(runId) });
		expect(items(result)[0]).toMatchObject({
			runId,
			alreadyTerminal: true,
			requested: false,
			status: 'Completed',
		});
	});

	it('a run started with another key is refused, and the refusal says why', async () => {
		const runId = await startRun(ctx, startText(wf.review));
		const result = await ctx.run(
			{ resource: 'run', operation: 'cancel', runId: byId(runId) },
			'full2',
		);
		expect(result.status).toBe('error');
		const { message, description, httpCode } = failure(result);
		expect(httpCode).toBe('403');
		expect(message).toContain('another API key');
		expect(description).toContain('Only the API key that started a run can cancel it');
		expect(runAdmin(ctx.sim).run(runId)?.status).not.toBe('Cancelled');
	});

	it('with Continue On Fail, the refusal becomes an error item paired with its input', async () => {
		const runId = await startRun(ctx, startText(wf.review));
		const result = await ctx.run(
			{ resource: 'run', operation: 'cancel', runId: byId(runId) },
			'full2',
			{
				onError: 'continueRegularOutput',
				items: [{ json: { n: 1 } }, { json: { n: 2 } }],
			},
		);
		expect(result.status).toBe('success');
		const output = result.output(ACTION_NODE);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(output[0].json).toMatchObject({ httpCode: '403', itemIndex: 0 });
	});
});
