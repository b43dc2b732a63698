import { FIXTURE_IDS } from '../simulator';
import { testCredential } from '../harness/credentialTest';
import { IntegrationContext, failure, items } from './support';

const ctx = new IntegrationContext();
const wf = FIXTURE_IDS.workflows;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

beforeAll(async () => ctx.start());
afterAll(async () => ctx.stop());
beforeEach(() => ctx.sim.admin.reset());

describe('Workflow → Get Many / Get through n8n against the simulator', () => {
	it('lists the visible workflows; draft-only, archived-only and other-tenant workflows never appear', async () => {
		const result = await ctx.run({ resource: 'workflow', operation: 'getAll', returnAll: true });
		expect(result.status).toBe('success');
		const ids = items(result).map((w) => w.id);
		expect(ids).toEqual(expect.arrayContaining([wf.agentSummary, wf.inputNda, wf.multiDocs, wf.review, wf.failing]));
		expect(ids).not.toContain(wf.draftOnly);
		expect(ids).not.toContain(wf.archivedOnly);
		for (const workflow of items(result)) expect(workflow).toMatchObject({ id: expect.any(String), name: expect.any(String), hasActive: true });
	});

	it('applies the limit', async () => {
		const result = await ctx.run({ resource: 'workflow', operation: 'getAll', returnAll: false, limit: 2 });
		expect(items(result)).toHaveLength(2);
	});

	it('gets one workflow by ID with its steps and input schema', async () => {
		const result = await ctx.run({ resource: 'workflow', operation: 'get', workflowId: byId(wf.inputNda) });
		const [detail] = items(result);
		expect(detail).toMatchObject({ id: wf.inputNda });
		expect(JSON.stringify(detail)).toContain('counterparty');
	});

	it('a draft-only workflow is not found, with a plain message', async () => {
		const result = await ctx.run({ resource: 'workflow', operation: 'get', workflowId: byId(wf.draftOnly) });
		expect(result.status).toBe('error');
		// Not visible reads as not found (the service answers both alike): the description says why it may be invisible.
		expect(failure(result).message).toBe(`Workflow "${wf.draftOnly}" was not found (404)`);
		expect(failure(result).description).toMatch(/keys see only workflows with an active version \(drafts and archived versions never\)/);
		expect(failure(result).httpCode).toBe('404');
	});

	it('an allowlisted key sees only its workflows and gets workflow_not_in_allowlist for another', async () => {
		const listed = await ctx.run({ resource: 'workflow', operation: 'getAll', returnAll: true }, 'allowlisted');
		expect(items(listed).map((w) => w.id)).toEqual([wf.agentSummary]);
		const refused = await ctx.run({ resource: 'workflow', operation: 'get', workflowId: byId(wf.inputNda) }, 'allowlisted');
		expect(failure(refused).message).toContain("not on the API key's workflow allowlist (workflow_not_in_allowlist)");
		expect(failure(refused).httpCode).toBe('403');
	});

	it('a key without workflows:read gets missing_scope naming the scope', async () => {
		const result = await ctx.run({ resource: 'workflow', operation: 'getAll', returnAll: true }, 'noWorkflowsRead');
		expect(failure(result).message).toBe('The API key lacks the scope workflows:read (missing_scope)');
		expect(failure(result).description).toMatch(/Use a key that has the workflows:read scope/);
	});

	it.each([
		['revoked', 'revoked' as const],
		['expired', 'expired' as const],
		['unknown', { literal: 'dwk_unknownunknownunknownunknownunknownunknown00' }],
	])('a %s key fails with invalid_api_key', async (_label, key) => {
		const result = await ctx.run({ resource: 'workflow', operation: 'getAll', returnAll: true }, key);
		expect(failure(result).message).toContain('(invalid_api_key)');
		expect(failure(result).httpCode).toBe('401');
	});

	it('waits out a 429 burst with Retry-After: 1 and succeeds', async () => {
		ctx.sim.admin.addFault({ path: '/workflows', kind: 'status', status: 429, retryAfterSeconds: 1, times: 2 });
		const result = await ctx.run({ resource: 'workflow', operation: 'getAll', returnAll: true });
		expect(result.status).toBe('success');
		// The node's own decision, read from its log: each retry waits out the 1 s the service asked for.
		const waits = result.logger.lines.map((line) => /retrying in (\d+) ms/.exec(line)?.[1]).filter((ms) => ms !== undefined).map(Number);
		expect(waits).toHaveLength(2);
		for (const ms of waits) expect(ms).toBeGreaterThanOrEqual(1000);
		const hits = ctx.sim.admin.requests().filter((entry) => entry.path === '/workflows');
		expect(hits.map((entry) => entry.status)).toEqual([429, 429, 200]);
	});

	it('backs off a 423 tenant_locked burst and succeeds', async () => {
		ctx.sim.admin.lockTenant(FIXTURE_IDS.workspaces.acme, { requests: 3 });
		const result = await ctx.run({ resource: 'workflow', operation: 'getAll', returnAll: true });
		expect(result.status).toBe('success');
		const hits = ctx.sim.admin.requests().filter((entry) => entry.path === '/workflows');
		expect(hits.map((entry) => entry.status)).toEqual([423, 423, 423, 200]);
	});

	it('Continue On Fail: every item gets its own result and keeps its pairedItem', async () => {
		const result = await ctx.run(
			{ resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.id }}') },
			'full',
			{ onError: 'continueRegularOutput', items: [{ json: { id: wf.agentSummary } }, { json: { id: 'wf_missing' } }, { json: { id: wf.review } }] },
		);
		const out = result.output('Drafting Workspace');
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out[0].json.id).toBe(wf.agentSummary);
		expect(out[1].json).toMatchObject({ code: 'not_found', httpCode: '404', itemIndex: 1 });
		expect(out[2].json.id).toBe(wf.review);
	});

	it('reads run side by side (Get is read-only) yet outputs stay in item order, each with its pairedItem', async () => {
		const ids = Array.from({ length: 40 }, (_, index) => (index % 7 === 3 ? 'wf_missing' : index % 2 ? wf.review : wf.agentSummary));
		ctx.sim.admin.clearRequests();
		// Each read takes 20 ms at the service, so reads in flight together overlap measurably (the log's times are
		// in whole milliseconds; instant answers made the overlap check depend on the machine's load).
		ctx.sim.admin.addFault({ kind: 'delay', ms: 20, method: 'GET', path: '/workflows/*', times: ids.length });
		const result = await ctx.run({ resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.id }}') }, 'full', {
			onError: 'continueRegularOutput',
			items: ids.map((id) => ({ json: { id } })),
		});
		const out = result.output('Drafting Workspace');
		expect(out.map((item) => item.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
		expect(out.map((item) => (item.json.error ? 'wf_missing' : item.json.id))).toEqual(ids);
		// Several requests were in flight at once: some request started before the previous one finished.
		const gets = ctx.sim.admin.requests().filter((entry) => entry.path.startsWith('/workflows/wf_'));
		const overlapping = gets.some((entry, index) => index > 0 && Date.parse(entry.at) < Date.parse(gets[index - 1].at) + (gets[index - 1].durationMs ?? 0));
		expect(overlapping).toBe(true);

		const stopped = await ctx.run({ resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.id }}') }, 'full', { items: ids.map((id) => ({ json: { id } })) });
		expect(stopped.status).toBe('error');
		expect(failure(stopped).message).toBe('Workflow "wf_missing" was not found (404)');
	});

	it('the error output gets only error items, and they keep their pairedItem', async () => {
		const result = await ctx.run(
			{ resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.id }}') },
			'full',
			{ onError: 'continueErrorOutput', items: [{ json: { id: 'wf_missing' } }, { json: { id: wf.review } }] },
		);
		expect(result.output('Drafting Workspace', 0).map((item) => item.json.id)).toEqual([wf.review]);
		const errors = result.output('Drafting Workspace', 1);
		expect(errors).toHaveLength(1);
		expect(errors[0].json).toMatchObject({ error: 'Workflow "wf_missing" was not found (404)', details: { code: 'not_found', itemIndex: 0 } });
		expect(errors[0].pairedItem).toEqual({ item: 0 });
	});

	it('the API key appears in no output item, error message or log line of any run above', () => {
		expect(ctx.transcripts.length).toBeGreaterThan(20);
		expect(ctx.leaks()).toEqual([]);
	});
});

describe('Credential test (as n8n runs it from the credential dialog)', () => {
	const data = (key: string, baseUrl = ctx.url) => ({ baseUrl, apiKey: key });

	it('passes for a valid key with all scopes, and tolerates a trailing slash', async () => {
		const { FIXTURE_KEYS } = await import('../simulator');
		expect(await testCredential(data(FIXTURE_KEYS.full, `${ctx.url}/`))).toEqual({ status: 'OK', message: 'Connection successful!' });
	});

	it('passes for a valid key with only chat:completions', async () => {
		const { FIXTURE_KEYS } = await import('../simulator');
		expect((await testCredential(data(FIXTURE_KEYS.chatOnly))).status).toBe('OK');
	});

	it('passes for a valid key without chat:completions (a 403 missing_scope proves the key valid)', async () => {
		const { FIXTURE_KEYS } = await import('../simulator');
		expect((await testCredential(data(FIXTURE_KEYS.readOnly))).status).toBe('OK');
	});

	it('fails for a revoked key with the service code and a fix', async () => {
		const { FIXTURE_KEYS } = await import('../simulator');
		const result = await testCredential(data(FIXTURE_KEYS.revoked));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^invalid_api_key: .*Create a new key/);
	});

	it('fails for a key whose user left the workspace (no_tenant)', async () => {
		const { FIXTURE_KEYS } = await import('../simulator');
		expect((await testCredential(data(FIXTURE_KEYS.noTenant))).message).toMatch(/^no_tenant: /);
	});

	it('fails when API keys are disabled on the deployment (feature_disabled)', async () => {
		const { FIXTURE_KEYS } = await import('../simulator');
		ctx.sim.admin.setDeployment({ apiKeysEnabled: false });
		expect((await testCredential(data(FIXTURE_KEYS.full))).message).toMatch(/^feature_disabled: /);
	});

	it('fails for a wrong base URL: a path that is not the API, and a port nobody listens on', async () => {
		const { FIXTURE_KEYS } = await import('../simulator');
		const wrongPath = await testCredential(data(FIXTURE_KEYS.full, `${ctx.url}/not-the-api`));
		expect(wrongPath).toEqual({ status: 'Error', message: expect.stringMatching(/does not point at the Drafting Workspace API/) });
		const nobody = await testCredential(data(FIXTURE_KEYS.full, 'http://127.0.0.1:9'));
		expect(nobody).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
	});
});
