// Workflow → Get through n8n's engine against the simulator: one workflow with its steps and input schema, refusals, items side by side.
import { FIXTURE_IDS } from '../../simulator';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';
import { getEachWorkflow, wf } from '../support';

const ctx = useIntegrationContext();
const get = (workflowId: string) => ({
	resource: 'workflow',
	operation: 'get',
	workflowId: byId(workflowId),
});

describe('one workflow', () => {
	it('gets one workflow by ID with its steps and input schema; the workflow’s id is workflowId, its steps keep theirs', async () => {
		const [detail] = items(await ctx.run(get(wf.inputNda)));
		expect(detail).toMatchObject({ workflowId: wf.inputNda });
		expect(detail).not.toHaveProperty('id');
		expect(JSON.stringify(detail)).toContain('counterparty');
		expect((detail.steps as Array<{ id: string }>)[0].id).toBe(FIXTURE_IDS.steps.inputNda.entry);
	});

	it('a draft-only workflow is not found, with a plain message', async () => {
		const result = await ctx.run({
			resource: 'workflow',
			operation: 'get',
			workflowId: byId(wf.draftOnly),
		});
		expect(result.status).toBe('error');
		// Not visible reads as not found (the service answers both alike): the description says why it may be invisible.
		expect(failure(result).message).toBe(`Workflow "${wf.draftOnly}" was not found (404)`);
		expect(failure(result).description).toMatch(
			/keys see only workflows with an active version \(drafts and archived versions never\)/,
		);
		expect(failure(result).httpCode).toBe('404');
	});

	it('an allowlisted key gets workflow_not_in_allowlist for another workflow', async () => {
		const refused = await ctx.run(get(wf.inputNda), 'allowlisted');
		expect(failure(refused).message).toContain(
			"not on the API key's workflow allowlist (workflow_not_in_allowlist)",
		);
		expect(failure(refused).httpCode).toBe('403');
	});
});

describe('items side by side', () => {
	it('Continue On Fail: every item gets its own result and keeps its pairedItem', async () => {
		const result = await getEachWorkflow(ctx, [wf.agentSummary, 'wf_missing', wf.review]);
		const out = result.output('Drafting Workspace');
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out[0].json.workflowId).toBe(wf.agentSummary);
		expect(out[1].json).toMatchObject({ code: 'not_found', httpCode: '404', itemIndex: 1 });
		expect(out[2].json.workflowId).toBe(wf.review);
	});

	it('reads run side by side (Get is read-only) yet outputs stay in item order, each with its pairedItem', async () => {
		const ids = Array.from({ length: 40 }, (_, index) =>
			index % 7 === 3 ? 'wf_missing' : index % 2 ? wf.review : wf.agentSummary,
		);
		ctx.sim.admin.clearRequests();
		// Each read takes 20 ms at the service, so reads in flight together overlap measurably (the log's times are
		// in whole milliseconds; instant answers made the overlap check depend on the machine's load).
		ctx.sim.admin.addFault({
			kind: 'delay',
			ms: 20,
			method: 'GET',
			path: '/workflows/*',
			times: ids.length,
		});
		const result = await getEachWorkflow(ctx, ids);
		const out = result.output('Drafting Workspace');
		expect(out.map((item) => item.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
		expect(out.map((item) => (item.json.error ? 'wf_missing' : item.json.workflowId))).toEqual(ids);
		// Several requests were in flight at once: some request started before the previous one finished.
		const gets = ctx.sim.admin
			.requests()
			.filter((entry) => entry.path.startsWith('/workflows/wf_'));
		const overlapping = gets.some(
			(entry, index) =>
				index > 0 &&
				Date.parse(entry.at) < Date.parse(gets[index - 1].at) + (gets[index - 1].durationMs ?? 0),
		);
		expect(overlapping).toBe(true);

		const stopped = await ctx.run(
			{ resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.id }}') },
			'full',
			{ items: ids.map((id) => ({ json: { id } })) },
		);
		expect(stopped.status).toBe('error');
		expect(failure(stopped).message).toBe('Workflow "wf_missing" was not found (404)');
	});

	it('the error output gets only error items, and they keep their pairedItem', async () => {
		const result = await ctx.run(
			{ resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.id }}') },
			'full',
			{
				onError: 'continueErrorOutput',
				items: [{ json: { id: 'wf_missing' } }, { json: { id: wf.review } }],
			},
		);
		expect(result.output('Drafting Workspace', 0).map((item) => item.json.workflowId)).toEqual([
			wf.review,
		]);
		const errors = result.output('Drafting Workspace', 1);
		expect(errors).toHaveLength(1);
		expect(errors[0].json).toMatchObject({
			error: 'Workflow "wf_missing" was not found (404)',
			details: { code: 'not_found', itemIndex: 0 },
		});
		expect(errors[0].pairedItem).toEqual({ item: 0 });
	});
});
