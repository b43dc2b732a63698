import { FIXTURE_IDS, FIXTURE_KEYS } from '../index';
import { useTestServer } from './helpers';

describe('Admin HTTP endpoints (/__admin/)', () => {
	const t = useTestServer({ adminToken: 'test-admin-secret' });

	test('Admin endpoints require the x-admin-token header (missing or wrong: 401)', async () => {
		const missing = await fetch(`${t.url}/__admin/keys`);
		expect(missing.status).toBe(401);
		expect(await missing.json()).toMatchObject({ error: 'admin_token_required' });
		const wrong = await fetch(`${t.url}/__admin/reset`, {
			method: 'POST',
			headers: { 'x-admin-token': 'sim-admin-token' },
		});
		expect(wrong.status).toBe(401);
		// An API key is no admin token.
		const withKey = await fetch(`${t.url}/__admin/keys`, {
			headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` },
		});
		expect(withKey.status).toBe(401);
	});

	test('Admin: createKey returns the key once; the key works with its scopes; listings never show full keys', async () => {
		const created = await t.admin('POST', '/keys', {
			userId: FIXTURE_IDS.users.bob,
			scopes: ['workflows:read'],
		});
		expect(created.status).toBe(201);
		const { keyId, key } = (await created.json()) as { keyId: string; key: string };
		expect(key).toMatch(/^dwk_[A-Za-z0-9_-]{44}$/);
		expect((await t.call('/workflows', { key })).status).toBe(200);
		const listing = await (await t.admin('GET', '/keys')).text();
		expect(listing).toContain(keyId);
		expect(listing).toContain(key.slice(0, 8));
		expect(listing).not.toContain(key);
		for (const fixture of Object.values(FIXTURE_KEYS)) expect(listing).not.toContain(fixture);
		expect(listing).not.toContain('keyHash');
	});

	test('Admin: revoke by keyId or by key, effective at once; unknown keys are 404 without echoing the argument', async () => {
		expect((await t.admin('POST', '/keys/revoke', { key: FIXTURE_KEYS.full })).status).toBe(200);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(401);
		expect((await t.admin('POST', '/keys/revoke', { keyId: FIXTURE_IDS.keys.bob })).status).toBe(
			200,
		);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.bob })).status).toBe(401);
		const bogus = `dwk_${'z'.repeat(44)}`;
		const unknown = await t.admin('POST', '/keys/revoke', { key: bogus });
		expect(unknown.status).toBe(404);
		expect(await unknown.text()).not.toContain(bogus);
	});

	test('Admin: allowlist, tenant lock, deployment switch, workspace features, user workspace', async () => {
		await t.admin('PUT', `/keys/${FIXTURE_IDS.keys.full}/allowlist`, {
			workflowIds: [FIXTURE_IDS.workflows.review],
		});
		expect(
			(await (await t.call('/workflows', { key: FIXTURE_KEYS.full })).json()) as unknown[],
		).toHaveLength(1);
		await t.admin('PUT', `/keys/${FIXTURE_IDS.keys.full}/allowlist`, { workflowIds: null });

		await t.admin('POST', `/tenants/${FIXTURE_IDS.workspaces.acme}/lock`, { requests: 1 });
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(423);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
		await t.admin('POST', `/tenants/${FIXTURE_IDS.workspaces.acme}/lock`);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(423);
		await t.admin('POST', `/tenants/${FIXTURE_IDS.workspaces.acme}/unlock`);

		await t.admin('PUT', '/deployment', { apiKeysEnabled: false });
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(503);
		await t.admin('PUT', '/deployment', { apiKeysEnabled: true });

		const features = await t.admin('PUT', `/workspaces/${FIXTURE_IDS.workspaces.acme}/features`, {
			workflows: false,
		});
		expect(await features.json()).toEqual({ workflows: false, templates: true, chat: true });
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(403);
		await t.admin('PUT', `/workspaces/${FIXTURE_IDS.workspaces.acme}/features`, {
			workflows: true,
		});

		await t.admin('PUT', `/users/${FIXTURE_IDS.users.alice}/workspace`, { workspaceId: null });
		expect(await (await t.call('/workflows', { key: FIXTURE_KEYS.full })).json()).toEqual({
			error: 'no_tenant',
		});
	});

	test('Admin: fault rules (add, list, delete), request log (since, clear), counters, reset', async () => {
		const added = await t.admin('POST', '/faults', {
			kind: 'status',
			status: 423,
			path: '/workflows',
			times: 3,
		});
		expect(added.status).toBe(201);
		const { id } = (await added.json()) as { id: string };
		expect(
			((await (await t.admin('GET', '/faults')).json()) as { id: string }[]).map((rule) => rule.id),
		).toEqual([id]);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(423);
		expect((await t.admin('DELETE', `/faults/${id}`)).status).toBe(200);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
		const invalid = await t.admin('POST', '/faults', { kind: 'explode' });
		expect(invalid.status).toBe(400);
		expect(await invalid.json()).toMatchObject({ error: 'invalid_fault_rule' });

		const log = (await (await t.admin('GET', '/requests')).json()) as { seq: number }[];
		expect(log.map((entry) => entry.seq)).toEqual([1, 2]);
		expect(((await (await t.admin('GET', '/requests?since=1')).json()) as unknown[]).length).toBe(
			1,
		);
		expect(await (await t.admin('GET', '/counters')).json()).toEqual({
			requests: { [FIXTURE_IDS.keys.full]: 1 },
		});
		await t.admin('DELETE', '/requests');
		expect(await (await t.admin('GET', '/requests')).json()).toEqual([]);

		await t.admin('POST', '/keys/revoke', { keyId: FIXTURE_IDS.keys.full });
		expect((await t.admin('POST', '/reset')).status).toBe(200);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
	});

	test('Admin: clock advance moves simulated time (an admin-created key with a near expiry expires)', async () => {
		const expiresAt = new Date(t.sim.clock.now() + 60_000).toISOString();
		const { key } = t.sim.admin.createKey({
			userId: FIXTURE_IDS.users.alice,
			scopes: ['workflows:read'],
			expiresAt,
		});
		expect((await t.call('/workflows', { key })).status).toBe(200);
		await t.admin('POST', '/clock/advance', { ms: 61_000 });
		expect((await t.call('/workflows', { key })).status).toBe(401);
		t.sim.clock.setOffset(0);
	});

	test('Admin: refusals are shape 2 with a reason (unknown workspace, bad scopes, bad JSON)', async () => {
		expect((await t.admin('POST', '/tenants/ws_nope/lock')).status).toBe(404);
		const badScopes = await t.admin('POST', '/keys', {
			userId: FIXTURE_IDS.users.alice,
			scopes: ['everything'],
		});
		expect(badScopes.status).toBe(400);
		expect(await badScopes.json()).toMatchObject({
			error: 'admin_error',
			message: expect.stringContaining('scopes'),
		});
		const badJson = await fetch(`${t.url}/__admin/deployment`, {
			method: 'PUT',
			headers: { 'x-admin-token': 'test-admin-secret' },
			body: '{',
		});
		expect(badJson.status).toBe(400);
	});
});
