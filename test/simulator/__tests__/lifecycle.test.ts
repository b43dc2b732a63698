import {
	createSimulator,
	defineSlice,
	FIXTURE_IDS,
	FIXTURE_KEYS,
	sendJson,
	Simulator,
} from '../index';
import { startTestServer } from './helpers';

describe('Simulator lifecycle and extension API', () => {
	test('start() answers a 127.0.0.1 base URL on an ephemeral port; stop() closes open SSE streams so the process can exit', async () => {
		const t = await startTestServer();
		expect(t.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		let streams = 0;
		t.sim.route({
			method: 'GET',
			path: '/test-only/sse',
			scope: 'workflows:read',
			handler: (ctx) => {
				streams += 1;
				ctx.res.writeHead(200, { 'content-type': 'text/event-stream' });
				ctx.res.write('event: connected\ndata: {}\n\n');
				// Never ends on its own.
			},
		});
		const res = await t.call('/test-only/sse', { key: FIXTURE_KEYS.full });
		expect(res.status).toBe(200);
		const reader = res.body!.getReader();
		const first = await reader.read();
		expect(new TextDecoder().decode(first.value)).toContain('event: connected');
		expect(t.sim.admin.requests()[0].status).toBe(200); // live status of an open stream
		await t.sim.stop();
		await expect(reader.read()).rejects.toThrow();
		expect(streams).toBe(1);
		expect(() => t.sim.url).toThrow(/not started/);
	});

	test('Extension API: a state slice is created at registration, rebuilt by reset() and disposed on reset and stop', async () => {
		const disposed: number[] = [];
		let created = 0;
		const counterSlice = defineSlice({
			name: 'test-counter',
			create: () => ({ generation: ++created, hits: 0 }),
			dispose: (value) => disposed.push(value.generation),
		});
		const sim = createSimulator();
		sim.registerSlice(counterSlice);
		sim.route({
			method: 'POST',
			path: '/test-only/hit',
			scope: 'workflows:run',
			handler: (ctx) => {
				const slice = ctx.state.slice(counterSlice);
				slice.hits += 1;
				sendJson(ctx.res, 200, slice);
			},
		});
		const url = await sim.start();
		const hit = () =>
			fetch(`${url}/test-only/hit`, {
				method: 'POST',
				headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` },
			});
		expect(await (await hit()).json()).toEqual({ generation: 1, hits: 1 });
		sim.reset();
		expect(disposed).toEqual([1]);
		expect(await (await hit()).json()).toEqual({ generation: 2, hits: 1 });
		await sim.stop();
		expect(disposed).toEqual([1, 2]);
	});

	test('Extension API: routeOperation takes method, path, scope and feature from the operation table', async () => {
		// The bare core (no modules registered), so the operation is free to register here.
		const sim = new Simulator();
		sim.routeOperation('listModels', (ctx) => sendJson(ctx.res, 200, { object: 'list', data: [] }));
		const url = await sim.start();
		try {
			const call = (key: string) =>
				fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
			expect((await call(FIXTURE_KEYS.chatOnly)).status).toBe(200);
			expect(await (await call(FIXTURE_KEYS.readOnly)).json()).toMatchObject({
				error: 'missing_scope',
				requiredScope: 'chat:completions',
			});
			sim.admin.setWorkspaceFeatures(FIXTURE_IDS.workspaces.acme, { chat: false });
			expect(await (await call(FIXTURE_KEYS.chatOnly)).json()).toMatchObject({
				error: 'chat_disabled',
			});
		} finally {
			await sim.stop();
		}
	});

	test('Clock: an injected time source and offset drive timestamps; ids are deterministic per seed', async () => {
		const fixed = Date.parse('2030-05-01T00:00:00.000Z');
		const a = createSimulator({ clock: { source: () => fixed, offsetMs: 1000 }, seed: 's1' });
		const b = createSimulator({ seed: 's1' });
		expect(a.clock.nowIso()).toBe('2030-05-01T00:00:01.000Z');
		expect(
			a.admin.createKey({ userId: FIXTURE_IDS.users.alice, scopes: ['workflows:read'] }),
		).toEqual(b.admin.createKey({ userId: FIXTURE_IDS.users.alice, scopes: ['workflows:read'] }));
		const url = await a.start();
		try {
			await fetch(`${url}/workflows`, {
				headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` },
			});
			expect(a.admin.requests()[0].at).toBe('2030-05-01T00:00:01.000Z');
		} finally {
			await a.stop();
		}
	});

	test('Handler bugs answer 500 internal_error (shape 2) instead of hanging', async () => {
		const t = await startTestServer();
		const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
		try {
			t.sim.route({
				method: 'GET',
				path: '/test-only/bug',
				scope: 'workflows:read',
				handler: () => {
					throw new Error('boom');
				},
			});
			t.sim.route({
				method: 'GET',
				path: '/test-only/silent',
				scope: 'workflows:read',
				handler: () => undefined,
			});
			for (const path of ['/test-only/bug', '/test-only/silent']) {
				const res = await t.call(path, { key: FIXTURE_KEYS.full });
				expect(res.status).toBe(500);
				expect(await res.json()).toMatchObject({ error: 'internal_error' });
			}
		} finally {
			spy.mockRestore();
			await t.sim.stop();
		}
	});
});
