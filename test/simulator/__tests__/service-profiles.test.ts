/**
 * Service profiles: how the simulated service behaves when given many requests at once (bench scenario 9, the
 * demo). Counts and statuses only, and the simulator's own view of the load: never a wall-clock bound.
 */
import { FIXTURE_IDS, FIXTURE_KEYS } from '../index';
import { LATENCY_PROFILES, resolveLatency } from '../latency-profiles';
import { startTestServer, type TestServer } from './helpers';

const startRun = (t: TestServer, index: number) =>
	t.call('/workflows/runs', {
		method: 'POST',
		key: FIXTURE_KEYS.full,
		json: { workflowId: FIXTURE_IDS.workflows.agentSummary, input: `Contract ${index}` },
	});

describe('Service profiles', () => {
	let t: TestServer | undefined;
	afterEach(async () => {
		await t?.sim.stop();
		t = undefined;
	});

	const started = async (options: Parameters<typeof startTestServer>[0]) =>
		(t = await startTestServer(options));

	test('fast, capped, slowing and rate-limited: one 1 s item (50 ms round trip + 950 ms), each with its shape', () => {
		for (const name of ['fast', 'capped', 'slowing', 'rate-limited'] as const) {
			const profile = resolveLatency(name);
			expect(profile.roundTripMs + profile.runStartMs).toBe(1000);
			expect(profile.roundTripMs + profile.produceDocumentMs).toBe(1000);
		}
		expect(LATENCY_PROFILES.fast).toMatchObject({
			capacity: null,
			comfortableLoad: null,
			rateLimitPerMinute: 1_000_000,
		});
		expect(LATENCY_PROFILES.capped).toMatchObject({ capacity: 8, comfortableLoad: null });
		expect(LATENCY_PROFILES.slowing).toMatchObject({ capacity: null, comfortableLoad: 8 });
		expect(LATENCY_PROFILES['rate-limited']).toMatchObject({ rateLimitPerMinute: 300 });
		expect(() => resolveLatency({ capacity: 0 })).toThrow(/capacity must be a whole number from 1/);
	});

	test('capped: past its capacity a request is refused at once with the contract 429 (Retry-After 1) and creates nothing', async () => {
		const t = await started({ runTimeScale: 0, latency: { runStartMs: 300, capacity: 3 } });
		const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => startRun(t, index)));
		const statuses = answers.map((res) => res.status).sort();
		expect(statuses).toEqual([202, 202, 202, 429, 429]);
		const refused = answers.find((res) => res.status === 429);
		expect(refused?.headers.get('retry-after')).toBe('1');
		expect(await refused?.json()).toMatchObject({
			error: { type: 'rate_limited', limit: 3, retry_after_seconds: 1 },
		});
		expect(t.sim.latency.peakInService).toBe(3);
		// Once the three are served, the service takes three again.
		const again = await Promise.all(
			Array.from({ length: 3 }, (_, index) => startRun(t, 10 + index)),
		);
		expect(again.map((res) => res.status)).toEqual([202, 202, 202]);
		expect(t.sim.admin.requests().filter((entry) => entry.status === 202)).toHaveLength(6);
	});

	test('slowing: past its comfortable load each answer takes load ÷ comfortable load times its time', async () => {
		const t = await started({ runTimeScale: 0, latency: { runStartMs: 200, comfortableLoad: 2 } });
		const waits: number[] = [];
		const sleep = t.sim.timers.sleep.bind(t.sim.timers);
		jest.spyOn(t.sim.timers, 'sleep').mockImplementation(async (ms: number) => {
			waits.push(ms);
			return await sleep(ms);
		});
		const answers = await Promise.all(Array.from({ length: 4 }, (_, index) => startRun(t, index)));
		expect(answers.map((res) => res.status)).toEqual([202, 202, 202, 202]);
		// The first two within the comfortable load, the third at 1.5×, the fourth at 2×.
		expect(waits.filter((ms) => ms > 0).sort((a, b) => a - b)).toEqual([200, 200, 300, 400]);
	});

	test('rate-limited: the key takes 300 requests a minute, the profile setting the default limit', async () => {
		const t = await started({ latency: { rateLimitPerMinute: 3 } });
		const statuses: number[] = [];
		for (let index = 0; index < 4; index++)
			statuses.push((await t.call('/workflows', { key: FIXTURE_KEYS.full })).status);
		expect(statuses).toEqual([200, 200, 200, 429]);
	});
});
