import { FIXTURE_IDS, FIXTURE_KEYS, sendJson } from '../index';
import { expectTenantLocked, startTestServer, type TestServer } from './helpers';
import { traceTimers } from '../timer-trace';

describe('Fault injection', () => {
	let t: TestServer;
	let effects = 0;
	/** Called as the effects route has done its work (a test marks that moment in its timer trace). */
	let onHandled = (): void => undefined;
	beforeAll(async () => {
		t = await startTestServer();
		// A route with a visible side effect, standing in for POST /workflows/runs.
		t.sim.route({
			method: 'POST',
			path: '/test-only/effects',
			scope: 'workflows:run',
			handler: async (ctx) => {
				await ctx.readJson(1024);
				effects += 1;
				onHandled();
				sendJson(ctx.res, 202, { effects });
			},
		});
		t.sim.route({
			method: 'GET',
			path: '/test-only/stream-faults',
			scope: 'workflows:read',
			handler: (ctx) => {
				const drop = ctx.sim.faults.take(ctx, 'drop-stream');
				const frameDelay = ctx.sim.faults.take(ctx, 'frame-delay');
				sendJson(ctx.res, 200, {
					afterFrames: drop?.afterFrames ?? null,
					frameDelayMs: frameDelay?.ms ?? null,
				});
			},
		});
	});
	afterAll(() => t.sim.stop());
	beforeEach(() => {
		t.sim.reset();
		effects = 0;
		onHandled = () => undefined;
	});

	test('Errors shape 1 via fault status 423: tenant_locked without WWW-Authenticate, for `times` requests', async () => {
		t.sim.admin.addFault({ kind: 'status', status: 423, path: '/workflows', times: 2 });
		for (let i = 0; i < 2; i++) {
			const res = await t.call('/workflows', { key: FIXTURE_KEYS.full });
			await expectTenantLocked(res);
			expect(res.headers.get('www-authenticate')).toBeNull();
		}
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
	});

	test('Errors shape 3 via fault status 429: rate_limited with Retry-After = retryAfterSeconds', async () => {
		t.sim.admin.addFault({ kind: 'status', status: 429, retryAfterSeconds: 3 });
		const res = await t.call('/workflows', { key: FIXTURE_KEYS.full });
		expect(res.status).toBe(429);
		expect(res.headers.get('retry-after')).toBe('3');
		const body = (await res.json()) as { error: Record<string, unknown> };
		expect(body.error).toMatchObject({
			type: 'rate_limited',
			scope: 'key',
			metric: 'requests',
			limit: 300,
			retry_after_seconds: 3,
		});
		expect(body.error.request_id).toBe(res.headers.get('x-request-id'));
	});

	test('Errors shape 3 via fault status 429 (errorType quota_exceeded): carries reset_at', async () => {
		t.sim.admin.addFault({ kind: 'status', status: 429, errorType: 'quota_exceeded' });
		const body = (await (await t.call('/workflows', { key: FIXTURE_KEYS.full })).json()) as {
			error: Record<string, unknown>;
		};
		expect(body.error.type).toBe('quota_exceeded');
		expect(Number.isNaN(Date.parse(body.error.reset_at as string))).toBe(false);
	});

	test('Errors shape 1 via fault status 503: feature_disabled with the Bearer challenge', async () => {
		t.sim.admin.addFault({ kind: 'status', status: 503 });
		const res = await t.call('/workflows', { key: FIXTURE_KEYS.full });
		expect(res.status).toBe(503);
		expect(await res.json()).toEqual({ error: 'feature_disabled' });
		expect(res.headers.get('www-authenticate')).toBe(
			'Bearer realm="drafting-workspace", error="feature_disabled"',
		);
	});

	test.each([500, 502] as const)(
		'Errors shape 3 via fault status %i: upstream_error, fields that do not apply are null',
		async (status) => {
			t.sim.admin.addFault({ kind: 'status', status });
			const res = await t.call('/workflows', { key: FIXTURE_KEYS.full });
			expect(res.status).toBe(status);
			const body = (await res.json()) as { error: Record<string, unknown> };
			expect(body.error).toMatchObject({
				type: 'upstream_error',
				limit: null,
				reset_at: null,
				retry_after_seconds: null,
			});
			expect(res.headers.get('retry-after')).toBeNull();
		},
	);

	test('Fault selectors: method, path prefix (*), regex (^) and keyId must all match', async () => {
		t.sim.admin.addFault({
			kind: 'status',
			status: 423,
			method: 'POST',
			path: '/workflows*',
			times: 5,
		});
		t.sim.admin.addFault({
			kind: 'status',
			status: 503,
			path: '^/workflows/wf_[a-z_]+$',
			keyId: FIXTURE_IDS.keys.bob,
			times: 5,
		});
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200); // GET: method differs
		expect(
			(await t.call(`/workflows/${FIXTURE_IDS.workflows.inputNda}`, { key: FIXTURE_KEYS.full }))
				.status,
		).toBe(200); // key differs
		expect(
			(await t.call(`/workflows/${FIXTURE_IDS.workflows.inputNda}`, { key: FIXTURE_KEYS.bob }))
				.status,
		).toBe(503);
		expect(
			(await t.call('/workflows/runs', { method: 'POST', key: FIXTURE_KEYS.full, json: {} }))
				.status,
		).toBe(423);
		expect(t.sim.admin.faults().map((rule) => rule.hits)).toEqual([1, 1]);
	});

	test('Fault status rules apply before authentication (pipeline step a)', async () => {
		t.sim.admin.addFault({ kind: 'status', status: 423 });
		expect((await t.call('/workflows')).status).toBe(423);
	});

	test('Fault delay (before): the answer waits `ms` on a simulator timer first; without the rule, no wait', async () => {
		t.sim.admin.addFault({ kind: 'delay', ms: 150, path: '/workflows', times: 1 });
		const trace = traceTimers(t.sim);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
		trace.mark('answered');
		await t.call('/workflows', { key: FIXTURE_KEYS.full });
		trace.mark('answered again');
		trace.stop();
		expect(trace.events).toEqual(['wait 150', 'waited 150', 'answered', 'answered again']);
	});

	test('Fault delay (after): the handler runs at once, its answer is held for `ms`', async () => {
		t.sim.admin.addFault({ kind: 'delay', ms: 150, phase: 'after', path: '/test-only/effects' });
		const trace = traceTimers(t.sim);
		onHandled = () => trace.mark('handled');
		const res = await t.call('/test-only/effects', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			json: {},
		});
		trace.mark('answered');
		trace.stop();
		expect(res.status).toBe(202);
		expect(await res.json()).toEqual({ effects: 1 });
		// The work is done before the wait begins; the answer comes out only once the wait ran out.
		expect(trace.events).toEqual(['handled', 'wait 150', 'waited 150', 'answered']);
	});

	test('Fault trickle: the head at once, the body (led by spaces, still valid JSON) in pieces over `ms`', async () => {
		t.sim.admin.addFault({ kind: 'trickle', ms: 1_000, path: '/test-only/effects' });
		const trace = traceTimers(t.sim);
		const res = await t.call('/test-only/effects', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			json: {},
		});
		trace.mark('head');
		const pieces: number[] = [];
		for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
			pieces.push(chunk.length);
		trace.mark('body read');
		trace.stop();
		expect(res.status).toBe(202);
		// One piece every 250 ms on the simulator's timers, 1,000 ms in all: bytes keep coming, so no idle timeout fires.
		expect(trace.waits()).toEqual([250, 250, 250, 250]);
		// The head comes before the body has finished trickling, the body's end after the last wait.
		expect(trace.indexOf('head')).toBeLessThan(trace.lastIndexOf('waited 250'));
		expect(trace.lastIndexOf('waited 250')).toBeLessThan(trace.indexOf('body read'));
		expect(pieces.length).toBeGreaterThanOrEqual(3);
		expect(t.sim.admin.requests().at(-1)?.faults[0]).toMatch(/trickle 1000ms/);
	});

	test('Fault reset (before): the connection is dropped and the request is never processed', async () => {
		t.sim.admin.addFault({ kind: 'reset', path: '/test-only/effects' });
		await expect(
			t.call('/test-only/effects', { method: 'POST', key: FIXTURE_KEYS.full, json: { a: 1 } }),
		).rejects.toThrow();
		expect(effects).toBe(0);
		const [entry] = t.sim.admin.requests();
		expect(entry.status).toBe(0);
		expect(entry.faults[0]).toMatch(/reset-before/);
		// The next request is served normally.
		expect(
			(await t.call('/test-only/effects', { method: 'POST', key: FIXTURE_KEYS.full, json: {} }))
				.status,
		).toBe(202);
	});

	test('Fault reset (after): the handler ran and its effect is kept, but the client gets a reset', async () => {
		t.sim.admin.addFault({
			kind: 'reset',
			phase: 'after',
			method: 'POST',
			path: '/test-only/effects',
		});
		await expect(
			t.call('/test-only/effects', { method: 'POST', key: FIXTURE_KEYS.full, json: {} }),
		).rejects.toThrow();
		expect(effects).toBe(1);
		const res = await t.call('/test-only/effects', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			json: {},
		});
		expect(await res.json()).toEqual({ effects: 2 });
	});

	test('Fault take(): drop-stream and frame-delay rules are handed to modules and consumed', async () => {
		t.sim.admin.addFault({ kind: 'drop-stream', afterFrames: 2, path: '/test-only/stream-faults' });
		t.sim.admin.addFault({ kind: 'frame-delay', ms: 40 });
		expect(
			await (await t.call('/test-only/stream-faults', { key: FIXTURE_KEYS.full })).json(),
		).toEqual({ afterFrames: 2, frameDelayMs: 40 });
		expect(
			await (await t.call('/test-only/stream-faults', { key: FIXTURE_KEYS.full })).json(),
		).toEqual({ afterFrames: null, frameDelayMs: null });
	});

	test("Fault answer (before): any body instead of the handler's, which never runs; JSON null, lists and texts", async () => {
		for (const body of [null, ['a'], 'accepted', 7]) {
			t.sim.admin.addFault({ kind: 'answer', body, path: '/test-only/effects' });
			const res = await t.call('/test-only/effects', {
				method: 'POST',
				key: FIXTURE_KEYS.full,
				json: {},
			});
			expect(res.status).toBe(200);
			expect(res.headers.get('content-type')).toMatch(/^application\/json/);
			expect(await res.json()).toEqual(body);
		}
		expect(effects).toBe(0);
		t.sim.admin.addFault({
			kind: 'answer',
			status: 202,
			raw: '<html>proxy</html>',
			contentType: 'text/html',
			path: '/workflows',
		});
		const html = await t.call('/workflows', { key: FIXTURE_KEYS.full });
		expect([html.status, html.headers.get('content-type'), await html.text()]).toEqual([
			202,
			'text/html',
			'<html>proxy</html>',
		]);
		expect(t.sim.admin.requests().at(-1)?.faults[0]).toMatch(/answer 202/);
	});

	test('Fault answer (after): the handler runs and its effect stays; body, status, headers or a transform of its JSON replace its answer', async () => {
		t.sim.admin.addFault({
			kind: 'answer',
			phase: 'after',
			body: 'started',
			path: '/test-only/effects',
		});
		const replaced = await t.call('/test-only/effects', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			json: {},
		});
		expect([replaced.status, await replaced.json(), effects]).toEqual([202, 'started', 1]);

		t.sim.admin.addFault({
			kind: 'answer',
			phase: 'after',
			transform: (body) => ({ ...(body as object), extra: true }),
			headers: { 'Content-Disposition': 'attachment; filename="../x"' },
			path: '/test-only/effects',
		});
		const transformed = await t.call('/test-only/effects', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			json: {},
		});
		expect(await transformed.json()).toEqual({ effects: 2, extra: true });
		expect(transformed.headers.get('content-disposition')).toBe('attachment; filename="../x"');

		t.sim.admin.addFault({
			kind: 'answer',
			phase: 'after',
			status: 200,
			headers: { 'x-extra': 'yes' },
			path: '/test-only/effects',
		});
		const kept = await t.call('/test-only/effects', {
			method: 'POST',
			key: FIXTURE_KEYS.full,
			json: {},
		});
		expect([kept.status, kept.headers.get('x-extra'), await kept.json()]).toEqual([
			200,
			'yes',
			{ effects: 3 },
		]);
		expect(t.sim.admin.requests().at(-1)?.faults[0]).toMatch(
			/answer-after 200 \(handler answered 202\)/,
		);
	});

	test('Fault answer over admin HTTP: JSON bodies, null included; a transform is programmatic only', async () => {
		expect(
			(await t.admin('POST', '/faults', { kind: 'answer', body: null, path: '/workflows' })).status,
		).toBe(201);
		const res = await t.call('/workflows', { key: FIXTURE_KEYS.full });
		expect(await res.json()).toBeNull();
		expect(() => t.sim.admin.addFault({ kind: 'answer', body: 1, raw: 'x' })).toThrow(
			/body or raw/,
		);
		expect(() => t.sim.admin.addFault({ kind: 'answer', status: 99 })).toThrow(/status must be/);
		expect(() =>
			t.sim.admin.addFault({ kind: 'answer', headers: { a: 1 as unknown as string } }),
		).toThrow(/headers/);
	});

	test('Fault rules: invalid rules are refused with a reason', () => {
		expect(() => t.sim.admin.addFault({ kind: 'status', status: 404 as 423 })).toThrow(
			/status must be one of/,
		);
		expect(() => t.sim.admin.addFault({ kind: 'delay', ms: -1 })).toThrow(/ms must be/);
		expect(() => t.sim.admin.addFault({ kind: 'reset', path: '^(' })).toThrow(/regular expression/);
		expect(() => t.sim.admin.addFault({ kind: 'reset', times: 0 })).toThrow(/times/);
	});
});
