// The credential test as n8n runs it from the credential dialog, against the simulator: which keys and Base URLs pass.
import { testCredential } from '../harness/credentialTest';
import { FIXTURE_KEYS } from '../simulator';
import { useIntegrationContext } from './support';

const ctx = useIntegrationContext();

describe('Credential test (as n8n runs it from the credential dialog)', () => {
	const data = (key: string, baseUrl = ctx.url) => ({ baseUrl, apiKey: key });

	it('passes for a valid key with all scopes, and tolerates a trailing slash', async () => {
		expect(await testCredential(data(FIXTURE_KEYS.full, `${ctx.url}/`))).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});

	it('passes for a valid key with only chat:completions', async () => {
		expect((await testCredential(data(FIXTURE_KEYS.chatOnly))).status).toBe('OK');
	});

	it('passes for a valid key without chat:completions (a 403 missing_scope proves the key valid)', async () => {
		expect((await testCredential(data(FIXTURE_KEYS.readOnly))).status).toBe('OK');
	});

	it('fails for a revoked key with the service code and a fix', async () => {
		const result = await testCredential(data(FIXTURE_KEYS.revoked));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^invalid_api_key: .*Create a new key/);
	});

	it('fails for a key whose user left the workspace (no_tenant)', async () => {
		expect((await testCredential(data(FIXTURE_KEYS.noTenant))).message).toMatch(/^no_tenant: /);
	});

	it('fails when API keys are disabled on the deployment (feature_disabled)', async () => {
		ctx.sim.admin.setDeployment({ apiKeysEnabled: false });
		expect((await testCredential(data(FIXTURE_KEYS.full))).message).toMatch(/^feature_disabled: /);
	});

	it('fails for a wrong base URL: a path that is not the API, and a port nobody listens on', async () => {
		const wrongPath = await testCredential(data(FIXTURE_KEYS.full, `${ctx.url}/not-the-api`));
		expect(wrongPath).toEqual({
			status: 'Error',
			message: expect.stringMatching(/does not point at the Drafting Workspace API/),
		});
		const nobody = await testCredential(data(FIXTURE_KEYS.full, 'http://127.0.0.1:9'));
		expect(nobody).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
	});
});
