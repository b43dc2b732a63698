import { chatAdmin, FIXTURE_IDS, FIXTURE_KEYS } from '../index';
import { postChatCompletion, readChatStream } from '../chat/testing';
import { FakeTime, useTestServer } from './helpers';

const ACME = FIXTURE_IDS.workspaces.acme;
const GLOBEX = FIXTURE_IDS.workspaces.globex;
/** 5 prompt words + 7 answer words = 12 total_tokens on dw-standard. */
const REQUEST = {
	model: 'dw-standard',
	messages: [{ role: 'user', content: 'What is the notice period?' }],
};

interface Shape3 {
	error: Record<string, unknown>;
}

describe('Workspace model-usage quota (Limits; Errors shape 3 quota_exceeded)', () => {
	// 2026-01-15T12:00:00Z: the one-hour window runs to 13:00.
	const time = new FakeTime();
	const t = useTestServer({ clock: time.source, chatChunkDelayMs: 0 }, { resetBeforeEach: false });
	beforeEach(() => {
		time.nowMs = Date.parse('2026-01-15T12:00:00.000Z');
		t.sim.reset();
	});

	const chat = (body: unknown = REQUEST, key: string = FIXTURE_KEYS.full) =>
		postChatCompletion(t.url, key, body);
	const admin = () => chatAdmin(t.sim);

	test("Limits: once the window's tokens reach the limit, 429 quota_exceeded with every shape-3 field, reset_at (end of the window) and Retry-After", async () => {
		admin().setQuota(ACME, { limitTokens: 20 });
		expect((await chat()).status).toBe(200); // 12 used
		time.advance(15 * 60_000);
		expect((await chat()).status).toBe(200); // 24 used: the completion that crosses the limit is answered
		const res = await chat();
		expect(res.status).toBe(429);
		expect(res.headers.get('retry-after')).toBe('2700');
		const body = (await res.json()) as Shape3;
		expect(Object.keys(body)).toEqual(['error']);
		expect(body.error).toEqual({
			type: 'quota_exceeded',
			message: expect.stringContaining('2026-01-15T13:00:00.000Z'),
			scope: 'workspace',
			metric: 'tokens',
			limit: 20,
			window: '1h',
			reset_at: '2026-01-15T13:00:00.000Z',
			retry_after_seconds: 2700,
			request_id: res.headers.get('x-request-id'),
		});
		expect(admin().quotaUsage(ACME)).toEqual({
			workspaceId: ACME,
			limitTokens: 20,
			windowMs: 3_600_000,
			usedTokens: 24,
			windowStart: '2026-01-15T12:00:00.000Z',
			resetAt: '2026-01-15T13:00:00.000Z',
		});
		expect(t.sim.admin.counters()).toMatchObject({
			chatCompletions: { [FIXTURE_IDS.keys.full]: 2 },
			chatQuotaExceeded: { [FIXTURE_IDS.keys.full]: 1 },
		});
	});

	test("The quota is the workspace's: every key of the tenant is refused, another tenant is not; a stream request is refused as plain JSON", async () => {
		admin().setQuota(ACME, { limitTokens: 0 });
		for (const key of [FIXTURE_KEYS.full, FIXTURE_KEYS.bob, FIXTURE_KEYS.chatOnly])
			expect((await chat(REQUEST, key)).status).toBe(429);
		const streamed = await chat({ ...REQUEST, stream: true });
		expect(streamed.status).toBe(429);
		expect(streamed.headers.get('content-type')).toMatch(/^application\/json/);
		expect(((await streamed.json()) as Shape3).error.type).toBe('quota_exceeded');
		expect((await chat(REQUEST, FIXTURE_KEYS.otherTenant)).status).toBe(200);
		// The model list is not model usage.
		expect((await t.call('/v1/models', { key: FIXTURE_KEYS.full })).status).toBe(200);
	});

	test('At reset_at a new window starts from zero', async () => {
		admin().setQuota(ACME, { limitTokens: 12 });
		expect((await chat()).status).toBe(200);
		time.nowMs = Date.parse('2026-01-15T12:59:59.500Z');
		const last = await chat();
		expect(last.status).toBe(429);
		expect(last.headers.get('retry-after')).toBe('1');
		time.nowMs = Date.parse('2026-01-15T13:00:00.000Z');
		expect((await chat()).status).toBe(200);
		expect(admin().quotaUsage(ACME)).toMatchObject({
			usedTokens: 12,
			windowStart: '2026-01-15T13:00:00.000Z',
			resetAt: '2026-01-15T14:00:00.000Z',
		});
	});

	test('Usage counts total_tokens of answered completions: streamed ones and reasoning tokens included, refusals not', async () => {
		await chat();
		await readChatStream(await chat({ ...REQUEST, stream: true }));
		await chat({ ...REQUEST, model: 'dw-reasoning' }); // 5 + 7 + 48
		await chat({ ...REQUEST, model: 'gpt-4o' });
		await chat({ ...REQUEST, tools: [] });
		expect(admin().quotaUsage(ACME).usedTokens).toBe(12 + 12 + 60);
		// Counted without a quota too, and per workspace.
		expect(admin().quotaUsage(ACME).limitTokens).toBeNull();
		expect(admin().quotaUsage(GLOBEX).usedTokens).toBe(0);
	});

	test('Order: request refusals (400) come before the quota (429)', async () => {
		admin().setQuota(ACME, { limitTokens: 0 });
		const res = await chat({ ...REQUEST, model: 'gpt-4o' });
		expect(res.status).toBe(400);
		expect(((await res.json()) as { error: string }).error).toBe('model_not_allowed');
	});

	test('A shorter window: `window` and reset_at follow it', async () => {
		time.nowMs = Date.parse('2026-01-15T12:00:04.000Z');
		admin().setQuota(ACME, { limitTokens: 1, windowMs: 10_000 });
		await chat();
		const res = await chat();
		const body = (await res.json()) as Shape3;
		expect(body.error).toMatchObject({
			window: '10s',
			reset_at: '2026-01-15T12:00:10.000Z',
			retry_after_seconds: 6,
		});
	});

	test('setQuota(null) removes the limit; a reset removes it too', async () => {
		admin().setQuota(ACME, { limitTokens: 0 });
		expect((await chat()).status).toBe(429);
		admin().setQuota(ACME, null);
		expect((await chat()).status).toBe(200);
		admin().setQuota(ACME, { limitTokens: 0 });
		t.sim.reset();
		expect((await chat()).status).toBe(200);
		expect(admin().quotaUsage(ACME)).toMatchObject({ limitTokens: null, usedTokens: 12 });
	});

	test('Admin hooks refuse an unknown workspace and a bad quota', () => {
		expect(() => admin().setQuota('ws_nowhere', { limitTokens: 5 })).toThrow(/Unknown workspace/);
		expect(() => admin().quotaUsage('ws_nowhere')).toThrow(/Unknown workspace/);
		expect(() => admin().setQuota(ACME, { limitTokens: -1 })).toThrow(/limitTokens/);
		expect(() => admin().setQuota(ACME, { limitTokens: 5, windowMs: 0 })).toThrow(/windowMs/);
	});

	test('Admin HTTP: PUT / GET / DELETE /__admin/workspaces/:workspaceId/chat-quota', async () => {
		const put = await t.admin('PUT', `/workspaces/${ACME}/chat-quota`, {
			limitTokens: 12,
			windowMs: 60_000,
		});
		expect(put.status).toBe(200);
		expect(await put.json()).toMatchObject({
			workspaceId: ACME,
			limitTokens: 12,
			windowMs: 60_000,
			usedTokens: 0,
		});
		await chat();
		expect((await chat()).status).toBe(429);
		expect(await (await t.admin('GET', `/workspaces/${ACME}/chat-quota`)).json()).toMatchObject({
			usedTokens: 12,
			resetAt: '2026-01-15T12:01:00.000Z',
		});
		expect(await (await t.admin('DELETE', `/workspaces/${ACME}/chat-quota`)).json()).toMatchObject({
			limitTokens: null,
		});
		expect((await chat()).status).toBe(200);
		expect(
			await (await t.admin('PUT', `/workspaces/${ACME}/chat-quota`, { limitTokens: null })).json(),
		).toMatchObject({ limitTokens: null });

		const unknown = await t.admin('GET', '/workspaces/ws_nowhere/chat-quota');
		expect(unknown.status).toBe(404);
		expect(await unknown.json()).toMatchObject({ error: 'admin_error' });
		const bad = await t.admin('PUT', `/workspaces/${ACME}/chat-quota`, { limitTokens: 'many' });
		expect(bad.status).toBe(400);
		const noToken = await fetch(`${t.url}/__admin/workspaces/${ACME}/chat-quota`);
		expect(noToken.status).toBe(401);
	});
});
