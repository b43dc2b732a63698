/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The batch scheduler under Auto's window, which changes size while items are in flight, attacked by random
 * schedules (fast-check) against an oracle. Pure: a made-up clock, a made-up service and a made-up key rest,
 * no timers. Each schedule is a batch of 1–40 items (one or two send stages each), a service that answers in
 * random times and refuses at random (429: the key rests 1 s, every request waits it out, the refused one is
 * sent again), wake-ups of the window at random instants, sometimes a failing send that stops the batch
 * (without Continue On Fail), sometimes a stop from outside. The oracle:
 * - sends of a stage begin in item order; each item's send function runs once per stage (one POST per item;
 *   the only re-send is the transport's own, of a request the service refused);
 * - when a send begins, or a refused one is sent again, the sends in flight (it included) are at most the
 *   window's size at that instant;
 * - no send begins after the batch stopped (those in flight finish);
 * - every item ends with its own result (or its own failure), and the window stays 1 or more.
 * That no request goes out during the key's rest is the transport's (rate-limit-pause.test.ts, batch.model.test.ts).
 */
import fc from 'fast-check';

import { BatchScheduler } from '../../nodes/DraftingWorkspace/pace/batch';
import { AutoWindow } from '../../nodes/DraftingWorkspace/pace/sendWindow';
import { runsOf } from '../support/depth';

const answer = fc.oneof(
	{
		weight: 6,
		arbitrary: fc.record({
			kind: fc.constant('answer' as const),
			afterMs: fc.integer({ min: 1, max: 2_000 }),
		}),
	},
	{
		weight: 2,
		arbitrary: fc.record({
			kind: fc.constant('refuse' as const),
			afterMs: fc.integer({ min: 1, max: 100 }),
		}),
	},
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant('fail' as const),
			afterMs: fc.integer({ min: 1, max: 500 }),
		}),
	},
);

const schedule = fc.record({
	items: fc.integer({ min: 1, max: 40 }),
	stages: fc.constantFrom<string[]>(['post'], ['upload', 'start']),
	// Per request, in the order the service sees them: what it does (cycled).
	answers: fc.array(answer, { minLength: 1, maxLength: 60 }),
	// Instants (ms) the caller wakes the window up, as batching.ts's wake-ups do while it ramps.
	wakes: fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 40 }),
	stopOnFailure: fc.boolean(),
	stopAt: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
});

/** A made-up clock with events at instants; `run` plays them in time order until none is left. */
class Clock {
	now = 0;
	private events: Array<{ at: number; seq: number; fire: () => void }> = [];
	private seq = 0;
	at(at: number, fire: () => void): void {
		this.events.push({ at: Math.max(at, this.now), seq: this.seq++, fire });
	}
	async run(): Promise<void> {
		for (;;) {
			// Let every promise settle before the next instant.
			await new Promise((resolve) => setImmediate(resolve));
			if (!this.events.length) return;
			this.events.sort((a, b) => a.at - b.at || a.seq - b.seq);
			const next = this.events.shift()!;
			this.now = next.at;
			next.fire();
		}
	}
}

it('under a window that changes size while sends are in flight: item order, one send per item, never more than the window, nothing after a stop', async () => {
	await fc.assert(
		fc.asyncProperty(schedule, async ({ items, stages, answers, wakes, stopOnFailure, stopAt }) => {
			const clock = new Clock();
			const window = new AutoWindow(() => clock.now);
			const scheduler = new BatchScheduler(items, stages, {}, window, stopOnFailure);
			let restUntil = 0;
			let stoppedAt: number | undefined;
			let requests = 0;
			const inFlight = new Set<number>();
			const begun: Array<{ item: number; stage: string; at: number }> = [];
			const calls = new Map<string, number>();

			/** One item's request through a made-up transport: waits out the key's rest, sent again after a refusal. */
			const request = (item: number) =>
				new Promise<string>((resolve, reject) => {
					const attempt = () => {
						if (clock.now < restUntil) return clock.at(restUntil, attempt);
						const outcome = answers[requests++ % answers.length];
						clock.at(clock.now + outcome.afterMs, () => {
							// A service that refused 300 times takes the rest (a schedule of refusals only would never end).
							if (outcome.kind === 'answer' || requests > 300) return resolve(`done ${item}`);
							if (outcome.kind === 'fail') return reject(new Error(`item ${item} failed`));
							restUntil = Math.max(restUntil, clock.now + 1_000);
							window.pushedBack(item, restUntil);
							// As the transport does: the refused send waits for a place in the narrowed window, then goes again.
							inFlight.delete(item);
							scheduler.readmit(item).then(() => {
								expect(inFlight.size + 1).toBeLessThanOrEqual(window.size());
								inFlight.add(item);
								attempt();
							}, reject);
						});
					};
					attempt();
				});

			const results = new Array<string | undefined>(items);
			const run = async (item: number) => {
				const lane = scheduler.lane(item);
				try {
					let last = '';
					for (const stage of stages)
						last = await lane.send(stage, async () => {
							const key = `${item} ${stage}`;
							calls.set(key, (calls.get(key) ?? 0) + 1);
							// The window's size at this instant bounds what is in flight, this send included.
							expect(inFlight.size + 1).toBeLessThanOrEqual(window.size());
							begun.push({ item, stage, at: clock.now });
							inFlight.add(item);
							try {
								return await request(item);
							} finally {
								inFlight.delete(item);
							}
						});
					results[item] = last;
				} catch {
					results[item] = undefined;
					if (stopOnFailure && stoppedAt === undefined) stoppedAt = clock.now;
				} finally {
					scheduler.finish(item);
				}
			};

			for (const at of wakes) clock.at(at, () => scheduler.wake());
			if (stopAt !== undefined)
				clock.at(stopAt, () => {
					stoppedAt ??= clock.now;
					scheduler.stop();
				});
			const all = Promise.all(Array.from({ length: items }, (_, item) => run(item)));
			await clock.run();
			await all;

			// One send per item and stage.
			for (const count of calls.values()) expect(count).toBe(1);
			// Each stage's sends began in item order.
			for (const stage of stages) {
				const order = begun.filter((entry) => entry.stage === stage).map((entry) => entry.item);
				expect(order).toEqual([...order].sort((a, b) => a - b));
			}
			// Nothing began after a stop.
			if (stoppedAt !== undefined) expect(begun.filter(({ at }) => at > stoppedAt!)).toEqual([]);
			// Every item ended with its own result, or its own failure.
			results.forEach(
				(result, item) => result !== undefined && expect(result).toBe(`done ${item}`),
			);
			if (stoppedAt === undefined && !answers.some((entry) => entry.kind === 'fail'))
				expect(results.every((result) => result !== undefined)).toBe(true);
			expect(window.size()).toBeGreaterThanOrEqual(1);
		}),
		{
			numRuns: runsOf(5_000, 300),
			seed: process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : undefined,
			path: process.env.MODEL_PATH,
		},
	);
}, 300_000);
