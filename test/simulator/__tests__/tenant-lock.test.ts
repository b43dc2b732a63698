import { FIXTURE_IDS, FIXTURE_KEYS } from '../index';
import { expectTenantLocked, useTestServer } from './helpers';

describe('Tenant lock (423 tenant_locked)', () => {
	const t = useTestServer();

	test('Errors shape 1 (423 tenant_locked): a lock for N requests answers 423 N times, then the workspace works again', async () => {
		t.sim.admin.lockTenant(FIXTURE_IDS.workspaces.acme, { requests: 2 });
		for (let i = 0; i < 2; i++)
			await expectTenantLocked(await t.call('/workflows', { key: FIXTURE_KEYS.full }));
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
	});

	test('Errors shape 1 (423 tenant_locked): without a count the lock holds for every key of the tenant until unlocked', async () => {
		t.sim.admin.lockTenant(FIXTURE_IDS.workspaces.acme);
		for (const key of [
			FIXTURE_KEYS.full,
			FIXTURE_KEYS.bob,
			FIXTURE_KEYS.full,
			FIXTURE_KEYS.readOnly,
		]) {
			expect((await t.call('/workflows', { key })).status).toBe(423);
		}
		// Another tenant is not locked.
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.otherTenant })).status).toBe(200);
		t.sim.admin.unlockTenant(FIXTURE_IDS.workspaces.acme);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
	});

	test('Pipeline order: authentication is refused before the lock, and locked requests do not use the rate limit', async () => {
		t.sim.admin.lockTenant(FIXTURE_IDS.workspaces.acme);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.revoked })).status).toBe(401);
		for (let i = 0; i < 10; i++)
			expect((await t.call('/workflows', { key: FIXTURE_KEYS.lowRate })).status).toBe(423);
		t.sim.admin.unlockTenant(FIXTURE_IDS.workspaces.acme);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.lowRate })).status).toBe(200);
	});
});
