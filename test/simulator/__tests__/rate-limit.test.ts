import { FIXTURE_IDS, FIXTURE_KEYS } from '../index';
import { RateLimiter, formatWindow } from '../rate-limiter';
import { FakeTime, useTestServer } from './helpers';

interface Shape3 {
	error: {
		type: string;
		message: string;
		scope: string;
		metric: string;
		limit: number;
		window: string;
		reset_at: string;
		retry_after_seconds: number;
		request_id: string;
	};
}

describe('Per-key rate limit (fake clock, 60 s window)', () => {
	const time = new FakeTime();
	const t = useTestServer({ clock: time.source });

	test('Limits (per-key request rate): over the limit is 429 shape 3 rate_limited with Retry-After in seconds', async () => {
		for (let i = 0; i < 5; i++)
			expect((await t.call('/workflows', { key: FIXTURE_KEYS.lowRate })).status).toBe(200);
		time.advance(10_000);
		const res = await t.call('/workflows', { key: FIXTURE_KEYS.lowRate });
		expect(res.status).toBe(429);
		const body = (await res.json()) as Shape3;
		expect(Object.keys(body)).toEqual(['error']);
		expect(body.error).toMatchObject({
			type: 'rate_limited',
			scope: 'key',
			metric: 'requests',
			limit: 5,
			window: '1m',
		});
		// The oldest admitted request leaves the 60 s window 50 s from now.
		expect(body.error.retry_after_seconds).toBe(50);
		expect(res.headers.get('retry-after')).toBe('50');
		expect(Date.parse(body.error.reset_at)).toBe(time.nowMs + 50_000);
		expect(body.error.request_id).toBe(res.headers.get('x-request-id'));
		expect(typeof body.error.message).toBe('string');
	});

	test('Limits: refused requests do not count, so the client recovers exactly at reset_at', async () => {
		for (let i = 0; i < 5; i++) await t.call('/workflows', { key: FIXTURE_KEYS.lowRate });
		for (let i = 0; i < 20; i++)
			expect((await t.call('/workflows', { key: FIXTURE_KEYS.lowRate })).status).toBe(429);
		time.advance(59_999);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.lowRate })).status).toBe(429);
		time.advance(1);
		for (let i = 0; i < 5; i++)
			expect((await t.call('/workflows', { key: FIXTURE_KEYS.lowRate })).status).toBe(200);
		expect(t.sim.admin.counters().rateLimited[FIXTURE_IDS.keys.lowRate]).toBe(21);
	});

	test('Limits: the limit is per key (another key of the same user is unaffected); the default is 300 per minute', async () => {
		for (let i = 0; i < 6; i++) await t.call('/workflows', { key: FIXTURE_KEYS.lowRate });
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status).toBe(200);
		for (let i = 0; i < 299; i++) await t.call('/workflows', { key: FIXTURE_KEYS.full });
		const refused = await t.call('/workflows', { key: FIXTURE_KEYS.full });
		expect(refused.status).toBe(429);
		expect(((await refused.json()) as Shape3).error.limit).toBe(300);
	});

	test('Authentication 4 (per-key rate limit set at creation): an admin-created key with its own limit', async () => {
		const { key } = t.sim.admin.createKey({
			userId: FIXTURE_IDS.users.alice,
			scopes: ['workflows:read'],
			rateLimitPerMinute: 2,
		});
		expect((await t.call('/workflows', { key })).status).toBe(200);
		expect((await t.call('/workflows', { key })).status).toBe(200);
		expect((await t.call('/workflows', { key })).status).toBe(429);
	});

	test('Pipeline order: unauthenticated requests are not rate limited per key (401 first)', async () => {
		for (let i = 0; i < 8; i++)
			expect((await t.call('/workflows', { key: FIXTURE_KEYS.revoked })).status).toBe(401);
	});
});

describe('Per-key rate limit (scaled window, fake clock)', () => {
	// The simulator's clock stands still between the requests: all six fall in one window however slowly they are sent.
	const time = new FakeTime();
	const t = useTestServer(
		{ rateLimitWindowMs: 300, clock: time.source },
		{ resetBeforeEach: false },
	);

	test('Limits: with a scaled window the 429 names it, Retry-After stays an integer >= 1, and the key recovers after the window', async () => {
		for (let i = 0; i < 5; i++)
			expect((await t.call('/workflows', { key: FIXTURE_KEYS.lowRate })).status).toBe(200);
		const res = await t.call('/workflows', { key: FIXTURE_KEYS.lowRate });
		expect(res.status).toBe(429);
		const body = (await res.json()) as Shape3;
		expect(body.error.window).toBe('300ms');
		expect(body.error.retry_after_seconds).toBe(1);
		expect(res.headers.get('retry-after')).toBe('1');
		// Past reset_at on the simulator's clock, the key is admitted again.
		time.advance(Date.parse(body.error.reset_at) - t.sim.clock.now() + 1);
		expect((await t.call('/workflows', { key: FIXTURE_KEYS.lowRate })).status).toBe(200);
	});
});

describe('RateLimiter (sliding log)', () => {
	test('Limits: no window of the configured length ever admits more than the limit', () => {
		const limiter = new RateLimiter(1000);
		const admitted: number[] = [];
		for (let now = 0; now < 5000; now += 37)
			if (limiter.check('k', 3, now).allowed) admitted.push(now);
		for (const start of admitted)
			expect(admitted.filter((at) => at >= start && at < start + 1000).length).toBeLessThanOrEqual(
				3,
			);
		expect(admitted.length).toBeGreaterThanOrEqual(15);
	});

	test('Limits: window labels', () => {
		expect(formatWindow(60_000)).toBe('1m');
		expect(formatWindow(10_000)).toBe('10s');
		expect(formatWindow(250)).toBe('250ms');
	});
});
