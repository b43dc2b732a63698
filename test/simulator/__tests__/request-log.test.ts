/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { ServerResponse } from 'node:http';
import { FIXTURE_IDS, FIXTURE_KEYS, sendJson } from '../index';
import { RequestLog, REQUEST_LOG_CAPACITY } from '../request-log';
import { startTestServer, type TestServer } from './helpers';

describe('Request log and request bodies', () => {
	let t: TestServer;
	beforeAll(async () => {
		t = await startTestServer();
		t.sim.route({
			method: 'POST',
			path: '/test-only/json',
			scope: 'workflows:run',
			handler: async (ctx) => {
				const body = await ctx.readJson(64);
				ctx.log.note = { handled: true };
				sendJson(ctx.res, 200, { received: body });
			},
		});
		t.sim.route({
			method: 'POST',
			path: '/test-only/multipart',
			scope: 'workflow-inputs:write',
			handler: async (ctx) => {
				const { files, fields } = await ctx.readMultipart({ limitBytes: 1024 });
				sendJson(ctx.res, 200, {
					fields,
					files: files.map((file) => ({ name: file.name, text: file.data?.toString('utf8') })),
				});
			},
		});
	});
	afterAll(() => t.sim.stop());
	beforeEach(() => t.sim.reset());

	test('Request log: each request is recorded with seq, time, method, path, query, keyId, status, body and duration', async () => {
		await t.call(`/workflows/${FIXTURE_IDS.workflows.inputNda}?a=1&b=2&b=3`, {
			key: FIXTURE_KEYS.full,
		});
		await t.call('/test-only/json', {
			method: 'POST',
			key: FIXTURE_KEYS.bob,
			json: { hello: 'world' },
		});
		const [first, second] = t.sim.admin.requests();
		expect(first).toMatchObject({
			seq: 1,
			method: 'GET',
			path: `/workflows/${FIXTURE_IDS.workflows.inputNda}`,
			query: { a: '1', b: ['2', '3'] },
			keyId: FIXTURE_IDS.keys.full,
			status: 200,
			requestBody: { bytes: 0 },
		});
		expect(Number.isNaN(Date.parse(first.at))).toBe(false);
		expect(first.durationMs).toEqual(expect.any(Number));
		expect(second).toMatchObject({
			seq: 2,
			keyId: FIXTURE_IDS.keys.bob,
			requestBody: { hello: 'world' },
			note: { handled: true },
		});
		expect(t.sim.admin.requests({ since: 1 }).map((entry) => entry.seq)).toEqual([2]);
		expect(t.sim.admin.requests({ since: first.at }).length).toBe(2);
	});

	test('Request log: refused requests are logged too, with the body they carried and no keyId for unknown keys', async () => {
		await t.call('/test-only/json', {
			method: 'POST',
			key: `dwk_${'x'.repeat(44)}`,
			json: { attempt: 1 },
		});
		await t.call('/test-only/json', {
			method: 'POST',
			key: FIXTURE_KEYS.revoked,
			json: { attempt: 2 },
		});
		const [unknown, revoked] = t.sim.admin.requests();
		expect(unknown).toMatchObject({ keyId: null, status: 401, requestBody: { attempt: 1 } });
		expect(revoked).toMatchObject({
			keyId: FIXTURE_IDS.keys.revoked,
			status: 401,
			requestBody: { attempt: 2 },
		});
	});

	test('Authentication (never echo the key): no full key appears anywhere in the request log', async () => {
		for (const key of Object.values(FIXTURE_KEYS)) await t.call('/workflows', { key });
		await t.call('/workflows', { headers: { authorization: `Basic ${FIXTURE_KEYS.full}` } });
		const text = JSON.stringify(t.sim.admin.requests());
		for (const key of Object.values(FIXTURE_KEYS)) expect(text).not.toContain(key.slice(4));
	});

	test('Request log: multipart bodies are summarised as parts (name, filename, contentType, size)', async () => {
		const form = new FormData();
		form.append('file', new Blob(['hello pdf'], { type: 'application/pdf' }), 'a.pdf');
		form.append('note', 'x');
		const res = await t.call('/test-only/multipart', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			body: form,
		});
		expect(await res.json()).toEqual({
			fields: { note: 'x' },
			files: [{ name: 'file', text: 'hello pdf' }],
		});
		expect(t.sim.admin.requests()[0].requestBody).toEqual({
			multipart: [{ name: 'file', filename: 'a.pdf', contentType: 'application/pdf', size: 9 }],
		});
	});

	test('Request log: a non-JSON body that nobody read is logged as its byte count', async () => {
		await t.call('/workflows', { method: 'GET', key: FIXTURE_KEYS.full });
		await t.call('/workflows/x', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			body: Buffer.alloc(1000),
			headers: { 'content-type': 'application/octet-stream' },
		});
		expect(t.sim.admin.requests()[1]).toMatchObject({ status: 405, requestBody: { bytes: 1000 } });
	});

	test('Request bodies: malformed JSON is 400 invalid_json; a body over the limit is 413 payload_too_large', async () => {
		const bad = await t.call('/test-only/json', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			body: '{nope',
			headers: { 'content-type': 'application/json' },
		});
		expect(bad.status).toBe(400);
		expect(await bad.json()).toMatchObject({ error: 'invalid_json', message: expect.any(String) });
		const big = await t.call('/test-only/json', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			json: { data: 'y'.repeat(500) },
		});
		expect(big.status).toBe(413);
		expect(await big.json()).toMatchObject({ error: 'payload_too_large' });
		// The connection is still usable afterwards.
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
	});

	test('Request bodies: a multipart file over the limit is 413 payload_too_large', async () => {
		const form = new FormData();
		form.append('file', new Blob([Buffer.alloc(5000)]), 'big.bin');
		const res = await t.call('/test-only/multipart', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			body: form,
		});
		expect(res.status).toBe(413);
	});

	test('Every response carries x-request-id (API, 404, OpenAPI, admin), and the log records it', async () => {
		const responses = [
			await t.call('/workflows', { key: FIXTURE_KEYS.full }),
			await t.call('/nowhere', { key: FIXTURE_KEYS.full }),
			await t.call('/openapi/v1.json'),
			await t.admin('GET', '/counters'),
		];
		for (const res of responses)
			expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{16}$/);
		const ids = new Set(responses.map((res) => res.headers.get('x-request-id')));
		expect(ids.size).toBe(4);
		expect(t.sim.admin.requests()[0].requestId).toBe(responses[0].headers.get('x-request-id'));
	});

	test('Unknown paths are 404 shape 2 not_found; a known path with another method is 405', async () => {
		const res = await t.call('/nowhere', { key: FIXTURE_KEYS.full });
		expect(res.status).toBe(404);
		expect(await res.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
		const wrong = await t.call('/workflows', { method: 'DELETE', key: FIXTURE_KEYS.full });
		expect(wrong.status).toBe(405);
		expect(wrong.headers.get('allow')).toBe('GET');
	});

	test('Request log: admin calls are not logged; counters count admitted requests per key', async () => {
		await t.admin('GET', '/keys');
		await t.call('/workflows', { key: FIXTURE_KEYS.full });
		await t.call('/workflows', { key: FIXTURE_KEYS.full });
		expect(t.sim.admin.requests().length).toBe(2);
		expect(t.sim.admin.counters().requests).toEqual({ [FIXTURE_IDS.keys.full]: 2 });
	});

	test(`Request log: bounded to the last ${REQUEST_LOG_CAPACITY} entries`, () => {
		const log = new RequestLog();
		const res = { headersSent: false } as ServerResponse;
		for (let i = 0; i < REQUEST_LOG_CAPACITY + 5; i++) {
			log.append(
				{ at: new Date(0).toISOString(), requestId: `r${i}`, method: 'GET', path: '/', query: {} },
				res,
			);
		}
		const entries = log.list();
		expect(entries.length).toBe(REQUEST_LOG_CAPACITY);
		expect(entries[0].seq).toBe(6);
	});
});
