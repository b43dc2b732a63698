/**
 * Latency profiles, the core: the option, the zero profile (no wait at all), the round trip, and the admin API
 * that changes the profile at run time. Waits are asserted on the simulator's timers (which waits were set, in
 * what order, before which answer: timer-trace.ts), never on the wall clock.
 */
import { createSimulator, FIXTURE_IDS, FIXTURE_KEYS, runAdmin, TEMPLATE_IDS } from '../index';
import { LATENCY_PROFILES, resolveLatency } from '../latency-profiles';
import { postChatCompletion } from '../chat/testing';
import { startTestServer, useTestServer, type TestServer } from './helpers';
import { traceTimers } from '../timer-trace';

const K = FIXTURE_KEYS;
const OFFER = {
	input: { employee: { name: 'Jane Doe', start_date: '2026-03-01' }, role: 'Associate' },
};
/** Every request kind that, under the zero profile, schedules no timer of its own. */
async function callQuietEndpoints(t: TestServer): Promise<void> {
	const [runId] = runAdmin(t.sim).seedRuns([
		{
			workflowId: FIXTURE_IDS.workflows.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Completed',
			startedAt: t.sim.clock.nowIso(),
		},
	]);
	const file = await t.call(
		`/workflows/runs/${runId}/files/${FIXTURE_IDS.steps.agentSummary.render}/download`,
		{ key: K.full },
	);
	expect(file.status).toBe(200);
	await file.arrayBuffer();
	const produced = await t.call(`/document-templates/${TEMPLATE_IDS.offerLetter}/documents`, {
		method: 'POST',
		key: K.full,
		json: OFFER,
	});
	expect(produced.status).toBe(201);
	const { links } = (await produced.json()) as { links: { pdf: string } };
	const content = await t.call(links.pdf, { key: K.full });
	expect(content.status).toBe(200);
	await content.arrayBuffer();
	const chat = await postChatCompletion(t.url, K.full, {
		model: 'dw-standard',
		messages: [{ role: 'user', content: 'Hello?' }],
	});
	expect(chat.status).toBe(200);
	await chat.json();
	expect((await t.call('/workflows', { key: K.full })).status).toBe(200);
}

describe('Latency profiles: the option and the named profiles', () => {
	test("zero is the default and waits nothing; realistic holds the service's pace", () => {
		const sim = createSimulator();
		expect(sim.latency.view()).toEqual({ profile: 'zero', ...LATENCY_PROFILES.zero });
		expect(
			Object.values(LATENCY_PROFILES.zero).every((value) => value === 0 || value === null),
		).toBe(true);
		expect(resolveLatency('realistic')).toEqual({
			roundTripMs: 50,
			produceDocumentMs: 1000,
			documentContentMs: 300,
			runFileMs: 300,
			chatAnswerMs: 2000,
			runStartMs: 300,
			uploadMs: 300,
			ingestionMs: 2000,
			runDurationMs: 10_000,
			capacity: null,
			comfortableLoad: null,
			rateLimitPerMinute: null,
		});
	});

	test('a custom profile overrides the fields it names over its base (zero unless `profile` names one)', () => {
		expect(createSimulator({ latency: { runFileMs: 120 } }).latency.view()).toEqual({
			...LATENCY_PROFILES.zero,
			runFileMs: 120,
			profile: 'custom',
		});
		const custom = createSimulator({
			latency: { profile: 'realistic', chatAnswerMs: 100, runDurationMs: null },
		}).latency.view();
		expect(custom).toEqual({
			...LATENCY_PROFILES.realistic,
			chatAnswerMs: 100,
			runDurationMs: null,
			profile: 'custom',
		});
		expect(createSimulator({ latency: { profile: 'realistic' } }).latency.view().profile).toBe(
			'realistic',
		);
	});

	test.each([
		['quick', /latency must be zero or realistic or fast or capped or slowing or rate-limited/],
		[{ profile: 'slow' }, /latency profile must be zero or realistic or fast/],
		[{ roundTripMs: -1 }, /roundTripMs must be a number of milliseconds/],
		[{ chatAnswerMs: null }, /chatAnswerMs must be a number/],
		[{ uploadMs: '300' }, /uploadMs must be a number/],
		[{ renderMs: 300 }, /latency has no field "renderMs"/],
		[
			{ runDurationMs: 3_600_000 },
			/runDurationMs must be a number of milliseconds from 0 to 600000 or null/,
		],
	])('a bad setting fails at construction: %j', (latency, message) => {
		expect(() => createSimulator({ latency: latency as never })).toThrow(message);
		expect(() => createSimulator({ latency: latency as never })).toThrow(
			/^Invalid simulator option latency/,
		);
	});
});

describe('Latency profiles: zero and the round trip', () => {
	let t: TestServer;
	afterEach(() => t.sim.stop());

	test('zero: no request schedules a wait (every existing test relies on answers at once)', async () => {
		t = await startTestServer();
		const setTimeoutSpy = jest.spyOn(t.sim.timers, 'setTimeout');
		const sleepSpy = jest.spyOn(t.sim.timers, 'sleep');
		await callQuietEndpoints(t);
		expect(setTimeoutSpy).not.toHaveBeenCalled();
		expect(sleepSpy.mock.calls.filter(([ms]) => ms > 0)).toEqual([]);
	});

	test('the same requests under a profile each wait their own service time (the spy sees every one)', async () => {
		t = await startTestServer({
			latency: {
				roundTripMs: 11,
				produceDocumentMs: 22,
				documentContentMs: 33,
				runFileMs: 44,
				chatAnswerMs: 55,
			},
		});
		const sleepSpy = jest.spyOn(t.sim.timers, 'sleep');
		await callQuietEndpoints(t);
		// Five round trips (one per API request), then one service time each.
		expect(
			sleepSpy.mock.calls
				.map(([ms]) => ms)
				.filter((ms) => ms > 0)
				.sort((a, b) => a - b),
		).toEqual([11, 11, 11, 11, 11, 22, 33, 44, 55]);
	});

	test('the round trip is added to every response, refusals and the OpenAPI document included, but not to admin calls', async () => {
		t = await startTestServer({ latency: { roundTripMs: 150 } });
		const trace = traceTimers(t.sim);
		expect((await t.call('/workflows', { key: 'dwk_unknown' })).status).toBe(401);
		trace.mark('401');
		expect((await t.call('/openapi/v1.json')).status).toBe(200);
		trace.mark('openapi');
		expect((await t.call('/no/such/path', { key: K.full })).status).toBe(404);
		trace.mark('404');
		expect((await t.admin('GET', '/counters')).status).toBe(200);
		trace.mark('admin');
		const roundTrip = ['wait 150', 'waited 150'];
		expect(trace.events).toEqual([
			...roundTrip,
			'401',
			...roundTrip,
			'openapi',
			...roundTrip,
			'404',
			'admin',
		]);
	});

	test('concurrent requests wait side by side: 10 round trips of 200 ms, all set before the first runs out', async () => {
		t = await startTestServer({ latency: { roundTripMs: 200 } });
		const trace = traceTimers(t.sim);
		const answers = await Promise.all(
			Array.from({ length: 10 }, () => t.call('/workflows', { key: K.full })),
		);
		trace.mark('all answered');
		expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
		// Served one after another, waits and their ends would alternate.
		expect(trace.events).toEqual([
			...Array(10).fill('wait 200'),
			...Array(10).fill('waited 200'),
			'all answered',
		]);
	});
});

describe('Latency profiles: the admin API', () => {
	const t = useTestServer({ latency: { runFileMs: 10 } });

	test('GET /__admin/latency shows the live profile; PUT changes it for the next requests', async () => {
		expect(await (await t.admin('GET', '/latency')).json()).toEqual({
			profile: 'custom',
			...LATENCY_PROFILES.zero,
			runFileMs: 10,
		});
		const put = await t.admin('PUT', '/latency', { profile: 'realistic', roundTripMs: 120 });
		expect(put.status).toBe(200);
		expect(await put.json()).toEqual({
			profile: 'custom',
			...LATENCY_PROFILES.realistic,
			roundTripMs: 120,
		});
		const trace = traceTimers(t.sim);
		await t.call('/workflows', { key: K.full });
		trace.mark('answered');
		trace.stop();
		expect(trace.events).toEqual(['wait 120', 'waited 120', 'answered']);

		expect(await (await t.admin('PUT', '/latency', { profile: 'zero' })).json()).toEqual({
			profile: 'zero',
			...LATENCY_PROFILES.zero,
		});
		const sleepSpy = jest.spyOn(t.sim.timers, 'sleep');
		await t.call('/workflows', { key: K.full });
		expect(sleepSpy).not.toHaveBeenCalled();
		sleepSpy.mockRestore();
	});

	test('a reset restores the profile the simulator was created with', async () => {
		t.sim.admin.setLatency('realistic');
		expect(t.sim.latency.profile.roundTripMs).toBe(50);
		expect((await t.admin('POST', '/reset')).status).toBe(200);
		expect(t.sim.admin.latency()).toEqual({
			profile: 'custom',
			...LATENCY_PROFILES.zero,
			runFileMs: 10,
		});
	});

	test('a bad setting is 400 admin_error and changes nothing; without the token 401', async () => {
		for (const body of [
			{ roundTripMs: -5 },
			{ profile: 'custom' },
			{ bogus: 1 },
			{ chatAnswerMs: 'slow' },
		]) {
			const res = await t.admin('PUT', '/latency', body);
			expect(res.status).toBe(400);
			expect(((await res.json()) as { error: string }).error).toBe('admin_error');
		}
		expect(t.sim.latency.profile).toEqual({ ...LATENCY_PROFILES.zero, runFileMs: 10 });
		const anonymous = await fetch(`${t.url}/__admin/latency`, {
			method: 'PUT',
			body: JSON.stringify({ profile: 'realistic' }),
		});
		expect(anonymous.status).toBe(401);
		expect(t.sim.latency.profile.roundTripMs).toBe(0);
	});
});
