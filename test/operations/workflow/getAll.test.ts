// Workflow → Get Many through n8n's engine against the simulator: the visible workflows, the limit, refusals, retries.
import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, FIXTURE_KEYS } from '../../simulator';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';
import { SECOND, wf } from '../support';

const ctx = useIntegrationContext();
const getAll = (extra: IDataObject = { returnAll: true }) => ({
	resource: 'workflow',
	operation: 'getAll',
	...extra,
});

describe('the list', () => {
	it('lists the visible workflows; draft-only, archived-only and other-tenant workflows never appear', async () => {
		const result = await ctx.run(getAll());
		expect(result.status).toBe('success');
		const ids = items(result).map((w) => w.workflowId);
		expect(ids).toEqual(
			expect.arrayContaining([wf.agentSummary, wf.inputNda, wf.multiDocs, wf.review, wf.failing]),
		);
		expect(ids).not.toContain(wf.draftOnly);
		expect(ids).not.toContain(wf.archivedOnly);
		for (const workflow of items(result))
			expect(workflow).toMatchObject({
				workflowId: expect.any(String),
				name: expect.any(String),
				hasActive: true,
			});
	});

	it('each workflow as Get names it: workflowId first, no id; every other field the service’s', async () => {
		const listed = items(await ctx.run(getAll()));
		expect(listed.every((workflow) => !('id' in workflow))).toBe(true);
		expect(Object.keys(listed[0])[0]).toBe('workflowId');
		const served = (await (
			await fetch(`${ctx.url}/workflows`, {
				headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` },
			})
		).json()) as IDataObject;
		const first = (
			Array.isArray(served) ? served : (served.data as IDataObject[])
		)[0] as IDataObject;
		const { id, ...rest } = first;
		expect(listed.find((workflow) => workflow.workflowId === id)).toEqual({
			workflowId: id,
			...rest,
		});
	});

	it('applies the limit', async () => {
		const result = await ctx.run(getAll({ returnAll: false, limit: 2 }));
		expect(items(result)).toHaveLength(2);
	});

	it('Get Many → Get with {{ $json.workflowId }}', async () => {
		const result = await ctx.runChain([
			getAll({ returnAll: false, limit: 1 }),
			{ resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.workflowId }}') },
		]);
		expect(result.status).toBe('success');
		expect(items(result, SECOND)[0].workflowId).toBe(items(result)[0].workflowId);
	});

	it('an allowlisted key sees only its workflows', async () => {
		const listed = await ctx.run(getAll(), 'allowlisted');
		expect(items(listed).map((w) => w.workflowId)).toEqual([wf.agentSummary]);
	});
});

describe('refusals and retries', () => {
	it('a key without workflows:read gets missing_scope naming the scope', async () => {
		const result = await ctx.run(getAll(), 'noWorkflowsRead');
		expect(failure(result).message).toBe(
			'The API key lacks the scope workflows:read (missing_scope)',
		);
		expect(failure(result).description).toMatch(/Use a key that has the workflows:read scope/);
	});

	it.each([
		['revoked', 'revoked' as const],
		['expired', 'expired' as const],
		['unknown', { literal: 'dwk_unknownunknownunknownunknownunknownunknown00' }],
	])('a %s key fails with invalid_api_key', async (_label, key) => {
		const result = await ctx.run(getAll(), key);
		expect(failure(result).message).toContain('(invalid_api_key)');
		expect(failure(result).httpCode).toBe('401');
	});

	it('waits out a 429 burst with Retry-After: 1 and succeeds', async () => {
		ctx.sim.admin.addFault({
			path: '/workflows',
			kind: 'status',
			status: 429,
			retryAfterSeconds: 1,
			times: 2,
		});
		const result = await ctx.run(getAll());
		expect(result.status).toBe('success');
		const hits = ctx.sim.admin.requests().filter((entry) => entry.path === '/workflows');
		expect(hits.map((entry) => entry.status)).toEqual([429, 429, 200]);
		// Each retry came after the second the answer asked for, by the service's own clock.
		for (const [previous, next] of [
			[hits[0], hits[1]],
			[hits[1], hits[2]],
		])
			expect(Date.parse(next.at) - Date.parse(previous.at)).toBeGreaterThanOrEqual(1000);
	});

	it('backs off a 423 tenant_locked burst and succeeds', async () => {
		ctx.sim.admin.lockTenant(FIXTURE_IDS.workspaces.acme, { requests: 3 });
		const result = await ctx.run(getAll());
		expect(result.status).toBe('success');
		const hits = ctx.sim.admin.requests().filter((entry) => entry.path === '/workflows');
		expect(hits.map((entry) => entry.status)).toEqual([423, 423, 423, 200]);
	});
});
