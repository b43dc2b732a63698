/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The credential dialog's test (issue 26, item 2), found and run as n8n's CLI runs it (test/harness/credentialTest.ts):
// real HTTP against the simulator, a closed port, a Base URL without its scheme, HTTPS against a plain port, and a
// scripted server for answers the service would never give (a web page, a redirect, a proxy's 403).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { testCredential, testingNodes } from '../harness/credentialTest';
import { FIXTURE_KEYS } from '../simulator';
import { IntegrationContext } from './support';

const ctx = new IntegrationContext();

/** A server answering every request with the scripted answer, and the port of one that was closed. */
let scripted: Server;
let scriptedUrl = '';
let answer: { status: number; headers?: Record<string, string>; body: string } = { status: 200, body: '' };
let closedPort = 0;

beforeAll(async () => {
	await ctx.start();
	scripted = createServer((_req, res) => res.writeHead(answer.status, answer.headers ?? {}).end(answer.body));
	await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
	scriptedUrl = `http://127.0.0.1:${(scripted.address() as AddressInfo).port}`;
	const closed = createServer();
	await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
	closedPort = (closed.address() as AddressInfo).port;
	await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
	await new Promise((resolve) => scripted.close(resolve));
	await ctx.stop();
});
beforeEach(() => ctx.sim.admin.reset());

/** The key is never in what the dialog shows. */
async function judged(baseUrl: string, apiKey: string = FIXTURE_KEYS.full) {
	const result = await testCredential({ baseUrl, apiKey });
	ctx.transcripts.push(JSON.stringify(result));
	return result;
}
afterEach(() => expect(ctx.leaks()).toEqual([]));

describe('Credential test (as n8n runs it from the credential dialog)', () => {
	it('every node that lists the credential names the test (n8n takes the first it finds)', async () => {
		expect((await testingNodes()).sort()).toEqual(['draftingWorkspace', 'draftingWorkspaceTrigger', 'lmChatDraftingWorkspace']);
	});

	it.each(['', '/', '/v1', '/v1/', '/V1//', '?x=1'])('passes for a valid key with all scopes, Base URL typed as <service>%s', async (end) => {
		expect(await judged(`${ctx.url}${end}`)).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(ctx.sim.admin.requests().map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual(['GET /v1/models 200']);
	});

	it('passes for a key with only chat:completions, and for one without it (a 403 missing_scope proves the key valid)', async () => {
		expect((await judged(ctx.url, FIXTURE_KEYS.chatOnly)).status).toBe('OK');
		expect((await judged(ctx.url, FIXTURE_KEYS.readOnly)).status).toBe('OK');
	});

	it('a wrong, revoked or whitespace-broken key: the service code and what to do', async () => {
		const wrong = await judged(ctx.url, `dwk_${'x'.repeat(44)}`);
		expect(wrong).toEqual({
			status: 'Error',
			message:
				'The service refused the API key (invalid_api_key): it is wrong, revoked or expired. Create a new key in the workspace and paste it here in full: revoked and expired keys cannot be restored.',
		});
		expect(await judged(ctx.url, FIXTURE_KEYS.revoked)).toEqual(wrong);
		expect(await judged(ctx.url, `${FIXTURE_KEYS.full}\n`)).toEqual({ status: 'Error', message: 'The API key contains spaces or line breaks: paste it again, without them.' });
	});

	it('a key whose user left the workspace, and a deployment with API keys disabled', async () => {
		expect((await judged(ctx.url, FIXTURE_KEYS.noTenant)).message).toMatch(/^The user who issued this API key no longer belongs to a workspace \(no_tenant\)\. Ask a workspace admin/);
		ctx.sim.admin.setDeployment({ apiKeysEnabled: false });
		expect((await judged(ctx.url)).message).toMatch(/^API keys are disabled on this deployment of the service \(feature_disabled\)\. Ask the service administrator/);
	});

	it('a port nobody listens on: says so with the host and port to check', async () => {
		expect(await judged(`http://127.0.0.1:${closedPort}/v1`)).toEqual({
			status: 'Error',
			message: `Nothing answers at 127.0.0.1:${closedPort}: check the Base URL's host and port, and that the service is running.`,
		});
	});

	it('a Base URL without http:// or https://, or with another scheme: said before anything is sent', async () => {
		const bare = ctx.url.replace('http://', '');
		expect(await judged(bare)).toEqual({
			status: 'Error',
			message: `The Base URL "${bare}" does not start with https:// or http://: type it in full, e.g. https://${bare}.`,
		});
		expect((await judged(`ftp://${bare}`)).message).toBe(`The Base URL "ftp://${bare}" starts with ftp://: use https:// (or http://), e.g. https://workspace.example.com.`);
		expect(ctx.sim.admin.requests()).toEqual([]);
	});

	it('https:// to a service without TLS: says to use http://', async () => {
		const port = new URL(ctx.url).port;
		expect((await judged(`https://127.0.0.1:${port}`)).message).toMatch(new RegExp(`^127\\.0\\.0\\.1:${port} does not answer HTTPS \\([A-Z_]+\\): if the service has no TLS, start the Base URL with http://\\.$`));
	});

	it('a path that is not the API (404): names the request and suggests the root of the service', async () => {
		expect(await judged(`${ctx.url}/not-the-api`)).toEqual({
			status: 'Error',
			message: `The Base URL does not point at the Drafting Workspace API (404 for GET /not-the-api/v1/models): enter the root of the service's API as shown next to your API keys, e.g. ${ctx.url} (with or without /v1).`,
		});
	});

	it.each([
		['a web page (the workspace app instead of its API)', { status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><html></html>' }, /^The Base URL answers, but not as the Drafting Workspace API \(GET \/v1\/models gave a web page, not JSON\)/],
		['a redirect to https', { status: 301, headers: { location: 'https://ws.example.com/v1/models' }, body: '' }, /^The Base URL redirects \(301\) to https:\/\/ws\.example\.com: enter that address as the Base URL/],
		["a proxy's 403 page", { status: 403, headers: { 'content-type': 'text/html' }, body: '<html>Forbidden</html>' }, /^Something in front of the service refused the request \(403 with a web page, not an answer of the API\)/],
		['a 429 with Retry-After', { status: 429, headers: { 'retry-after': '7' }, body: '{"error":{"type":"rate_limited"}}' }, /\(429\), so the key was not checked: test again in 7 s\.$/],
		['a 502', { status: 502, body: '' }, /^The service answered 502 \(http_502\): it has a problem right now, so the key was not checked; test again later\.$/],
		['a 401 without a code', { status: 401, body: '' }, /^The service refused the API key \(401\): paste the whole key/],
		['a 405', { status: 405, body: '' }, /^The Base URL answered 405 for GET \/v1\/models, not as the Drafting Workspace API/],
	])('%s', async (_name, scriptedAnswer, message) => {
		answer = scriptedAnswer;
		const result = await judged(scriptedUrl);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(message);
	});
});
