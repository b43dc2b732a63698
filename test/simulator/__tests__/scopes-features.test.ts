import { FIXTURE_IDS, FIXTURE_KEYS, sendJson } from '../index';
import { startTestServer, type TestServer } from './helpers';

describe('Scopes and workspace feature switches', () => {
	let t: TestServer;
	beforeAll(async () => {
		t = await startTestServer();
		// Stand-ins for routes of later modules, to exercise the templates and chat switches now.
		t.sim.route({
			method: 'GET',
			path: '/test-only/templates',
			scope: 'document-templates:read',
			feature: 'templates',
			handler: (ctx) => sendJson(ctx.res, 200, []),
		});
		t.sim.route({
			method: 'GET',
			path: '/test-only/chat',
			scope: 'chat:completions',
			feature: 'chat',
			handler: (ctx) => sendJson(ctx.res, 200, {}),
		});
	});
	afterAll(() => t.sim.stop());
	beforeEach(() => t.sim.reset());

	test('Authentication 3 + Errors shape 2 (403 missing_scope): the message names the scope and requiredScope carries it', async () => {
		const res = await t.call('/workflows', { key: FIXTURE_KEYS.noWorkflowsRead });
		expect(res.status).toBe(403);
		const body = (await res.json()) as Record<string, unknown>;
		expect(body.error).toBe('missing_scope');
		expect(body.requiredScope).toBe('workflows:read');
		expect(body.message).toEqual(expect.stringContaining('workflows:read'));
		expect(res.headers.get('www-authenticate')).toBeNull();
	});

	test('Authentication 3: workflows:read unlocks listing and reading workflows (readOnly key)', async () => {
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.readOnly })).status).toBe(200);
		expect(
			(await t.call(`/workflows/${FIXTURE_IDS.workflows.inputNda}`, { key: FIXTURE_KEYS.readOnly }))
				.status,
		).toBe(200);
	});

	test('Authentication 3: a chat:completions-only key cannot list workflows (missing_scope workflows:read) but passes the chat scope', async () => {
		const refused = await t.call(`/workflows/${FIXTURE_IDS.workflows.agentSummary}`, {
			key: FIXTURE_KEYS.chatOnly,
		});
		expect(refused.status).toBe(403);
		expect(await refused.json()).toMatchObject({
			error: 'missing_scope',
			requiredScope: 'workflows:read',
		});
		expect((await t.call('/test-only/chat', { key: FIXTURE_KEYS.chatOnly })).status).toBe(200);
		const templates = await t.call('/test-only/templates', { key: FIXTURE_KEYS.chatOnly });
		expect(await templates.json()).toMatchObject({
			error: 'missing_scope',
			requiredScope: 'document-templates:read',
		});
	});

	test('Errors shape 2 (403 workflows_disabled): the workspace has workflows switched off', async () => {
		t.sim.admin.setWorkspaceFeatures(FIXTURE_IDS.workspaces.acme, { workflows: false });
		const res = await t.call('/workflows', { key: FIXTURE_KEYS.full });
		expect(res.status).toBe(403);
		const body = (await res.json()) as Record<string, unknown>;
		expect(body).toMatchObject({ error: 'workflows_disabled' });
		expect(typeof body.message).toBe('string');
		// Only that workspace: another tenant is unaffected.
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.otherTenant })).status).toBe(200);
	});

	test('Errors shape 2 (403 documents_disabled / chat_disabled): the other feature switches of this kind', async () => {
		t.sim.admin.setWorkspaceFeatures(FIXTURE_IDS.workspaces.acme, {
			templates: false,
			chat: false,
		});
		expect(
			await (await t.call('/test-only/templates', { key: FIXTURE_KEYS.full })).json(),
		).toMatchObject({ error: 'documents_disabled' });
		expect(
			await (await t.call('/test-only/chat', { key: FIXTURE_KEYS.full })).json(),
		).toMatchObject({ error: 'chat_disabled' });
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
	});

	test('Pipeline order: a missing scope is reported before a disabled feature', async () => {
		t.sim.admin.setWorkspaceFeatures(FIXTURE_IDS.workspaces.acme, { workflows: false });
		expect(
			await (await t.call('/workflows', { key: FIXTURE_KEYS.noWorkflowsRead })).json(),
		).toMatchObject({ error: 'missing_scope' });
	});

	test('Pipeline order: authentication is checked before scope (a revoked key with every scope is still 401)', async () => {
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.revoked })).status).toBe(401);
	});
});
