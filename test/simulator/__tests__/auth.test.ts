import { FIXTURE_IDS, FIXTURE_KEYS } from '../index';
import { useTestServer } from './helpers';

const CHALLENGE = (code: string) => `Bearer realm="drafting-workspace", error="${code}"`;

describe('Authentication and shape-1 refusals', () => {
	const t = useTestServer();

	async function expectShape1(
		res: Response,
		status: number,
		code: string,
		challenge: boolean,
	): Promise<void> {
		expect(res.status).toBe(status);
		expect(await res.json()).toEqual({ error: code });
		if (challenge) expect(res.headers.get('www-authenticate')).toBe(CHALLENGE(code));
		else expect(res.headers.get('www-authenticate')).toBeNull();
	}

	test('Authentication 1 + 6: a call without Authorization is 401 invalid_api_key with a Bearer challenge naming the code', async () => {
		await expectShape1(await t.call('/workflows'), 401, 'invalid_api_key', true);
	});

	test.each([
		['Basic scheme', `Basic ${FIXTURE_KEYS.full}`],
		['Bearer without token', 'Bearer '],
		['token without scheme', FIXTURE_KEYS.full],
		['two tokens', `Bearer ${FIXTURE_KEYS.full} ${FIXTURE_KEYS.full2}`],
	])(
		'Authentication 1 + 6: a malformed Authorization header (%s) is 401 invalid_api_key',
		async (_name, header) => {
			await expectShape1(
				await t.call('/workflows', { headers: { authorization: header } }),
				401,
				'invalid_api_key',
				true,
			);
		},
	);

	test('Authentication 1: the Bearer scheme name is case-insensitive', async () => {
		const res = await t.call('/workflows', {
			headers: { authorization: `bearer ${FIXTURE_KEYS.full}` },
		});
		expect(res.status).toBe(200);
	});

	test('Errors shape 1 (401 invalid_api_key): an unknown but well-formed key is refused', async () => {
		const unknown = `dwk_${'A'.repeat(44)}`;
		await expectShape1(await t.call('/workflows', { key: unknown }), 401, 'invalid_api_key', true);
	});

	test('Authentication 5: a revoked key is 401 invalid_api_key', async () => {
		await expectShape1(
			await t.call('/workflows', { key: FIXTURE_KEYS.revoked }),
			401,
			'invalid_api_key',
			true,
		);
	});

	test('Authentication 4: an expired key is refused exactly like a revoked key', async () => {
		const expired = await t.call('/workflows', { key: FIXTURE_KEYS.expired });
		const revoked = await t.call('/workflows', { key: FIXTURE_KEYS.revoked });
		expect(expired.status).toBe(revoked.status);
		expect(expired.headers.get('www-authenticate')).toBe(revoked.headers.get('www-authenticate'));
		expect(await expired.json()).toEqual(await revoked.json());
	});

	test('Authentication 4: a key expires 365 days after creation by default (clock moved past it)', async () => {
		const record = t.sim.state.keys.get(FIXTURE_IDS.keys.full);
		expect(record).toBeDefined();
		const lifetime = Date.parse(record!.expiresAt) - Date.parse(record!.createdAt);
		expect(lifetime).toBe(365 * 24 * 60 * 60 * 1000);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
		t.sim.clock.advance(Date.parse(record!.expiresAt) - t.sim.clock.now() + 1);
		try {
			await expectShape1(
				await t.call('/workflows', { key: FIXTURE_KEYS.full }),
				401,
				'invalid_api_key',
				true,
			);
		} finally {
			t.sim.clock.setOffset(0);
		}
	});

	test('Authentication 5: revocation is effective immediately on the next call', async () => {
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full2 })).status).toBe(200);
		t.sim.admin.revokeKey(FIXTURE_IDS.keys.full2);
		await expectShape1(
			await t.call('/workflows', { key: FIXTURE_KEYS.full2 }),
			401,
			'invalid_api_key',
			true,
		);
		// Other keys of the same user are untouched.
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
	});

	test('Errors shape 1 (401 no_tenant): the issuing user no longer belongs to a workspace', async () => {
		await expectShape1(
			await t.call('/workflows', { key: FIXTURE_KEYS.noTenant }),
			401,
			'no_tenant',
			true,
		);
	});

	test('Errors shape 1 (401 no_tenant): a user removed from the workspace after issuing the key', async () => {
		t.sim.admin.setUserWorkspace(FIXTURE_IDS.users.bob, null);
		await expectShape1(
			await t.call('/workflows', { key: FIXTURE_KEYS.bob }),
			401,
			'no_tenant',
			true,
		);
	});

	test('Errors shape 1 (503 feature_disabled): API keys disabled on the deployment, with a Bearer challenge, before authentication', async () => {
		t.sim.admin.setDeployment({ apiKeysEnabled: false });
		await expectShape1(
			await t.call('/workflows', { key: FIXTURE_KEYS.full }),
			503,
			'feature_disabled',
			true,
		);
		// Even a bad key gets the deployment answer: the switch is checked first.
		await expectShape1(await t.call('/workflows'), 503, 'feature_disabled', true);
		t.sim.admin.setDeployment({ apiKeysEnabled: true });
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
	});

	test('Authentication 2: fixture keys have the fixed dwk_ prefix, 48 url-safe characters, distinct 8-character display prefixes', () => {
		const keys = Object.values(FIXTURE_KEYS);
		for (const key of keys) expect(key).toMatch(/^dwk_[A-Za-z0-9_-]{44}$/);
		expect(new Set(keys.map((key) => key.slice(0, 8))).size).toBe(keys.length);
		// The state keeps the display prefix and a hash, never the key.
		const stored = JSON.stringify([...t.sim.state.keys.values()]);
		for (const key of keys) expect(stored).not.toContain(key);
	});

	test('Authentication (never echo the key): no refusal body or header contains the presented key', async () => {
		for (const name of ['revoked', 'expired', 'noTenant', 'chatOnly'] as const) {
			const res = await t.call('/workflows', { key: FIXTURE_KEYS[name] });
			const text = await res.text();
			const headers = JSON.stringify([...res.headers.entries()]);
			expect(text).not.toContain(FIXTURE_KEYS[name].slice(4));
			expect(headers).not.toContain(FIXTURE_KEYS[name].slice(4));
		}
	});
});
