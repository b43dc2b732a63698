/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The simulator's own account of time, for tests of its waits (latency, fault delays, frame gaps, trickles,
 * ingestion, run steps). Every wait goes through the simulator's TimerBag; the trace records, in order, each
 * timer set (`wait <ms>`) and each that ran out (`waited <ms>`), beside marks the test adds ("answered",
 * "frame"). Tests assert that order and the lengths asked for, never the wall clock: on a busy machine a timer
 * fires late and a response is read late, and the order stays the same.
 */
import { ServerResponse } from 'node:http';
import { TimerBag } from './clock';
import type { Simulator } from './index';

export interface TimerTrace {
	/** In order: `wait <ms>` as a timer is set, `waited <ms>` as it runs out, and the test's marks. */
	readonly events: string[];
	/** Adds a test's own event (a response arrived, a frame was read) at this point of the order. */
	mark(label: string): void;
	/** The lengths (ms) of the timers set so far, in order; `atLeast` leaves out shorter ones (heartbeats use long ones). */
	waits(atLeast?: number): number[];
	/** How many timers of this length were set, and how many of them ran out, so far. */
	count(ms: number): { set: number; ranOut: number };
	/** The events that are one of `names`, in order (other timers, such as heartbeats, left out). */
	only(...names: string[]): string[];
	/** From now on, marks `write` each time the simulator writes a piece of a response body (frames, trickles). */
	markWrites(): void;
	/** The index of an event in `events` (the first from `from`), -1 if absent. */
	indexOf(event: string, from?: number): number;
	/** The index of the last occurrence of an event, -1 if absent. */
	lastIndexOf(event: string): number;
	/** With the `hold` option: starts the held timer now (it was set, and waited for this). */
	release(): void;
	/** Puts the simulator's timers back as they were. */
	stop(): void;
}

/** Traces still on: each is stopped after its test, passed or failed, so no patch leaks into the next test. */
const active = new Set<TimerTrace>();
afterEach(() => {
	for (const trace of active) trace.stop();
});

export interface TraceOptions {
	/**
	 * A fake time source of the simulator's clock (helpers.ts FakeTime) that moves forward by each wait as it runs
	 * out: the simulator's timestamps then count exactly its waits, not how busy the machine was. Only for one
	 * sequence of waits at a time (waits side by side would each move it).
	 */
	drive?: { advance(ms: number): void };
	/**
	 * The first timer of this length is set but starts only on `release()`: a run held in its queue until the test
	 * has connected, however long that takes. For a run the test then lets play (a placeholder stands in for the
	 * timer until then; cancelling the placeholder leaves the held timer unstarted).
	 */
	hold?: number;
}

export function traceTimers(sim: Simulator, options: TraceOptions = {}): TimerTrace {
	const events: string[] = [];
	const lengths: number[] = [];
	const bag = sim.timers;
	const write = ServerResponse.prototype.write;
	const start = (fn: () => void, ms: number): NodeJS.Timeout =>
		TimerBag.prototype.setTimeout.call(
			bag,
			() => {
				events.push(`waited ${ms}`);
				options.drive?.advance(ms);
				fn();
			},
			ms,
		);
	let held: { fn: () => void; ms: number; placeholder: NodeJS.Timeout } | undefined;
	let holding = options.hold !== undefined;
	// An own property over the prototype's method: TimerBag.sleep calls this.setTimeout, so sleeps are traced too.
	bag.setTimeout = (fn: () => void, ms: number): NodeJS.Timeout => {
		events.push(`wait ${ms}`);
		lengths.push(ms);
		if (holding && ms === options.hold) {
			holding = false;
			held = {
				fn,
				ms,
				placeholder: TimerBag.prototype.setTimeout.call(bag, () => undefined, 2_147_483_647),
			};
			return held.placeholder;
		}
		return start(fn, ms);
	};
	const trace: TimerTrace = {
		events,
		mark: (label) => void events.push(label),
		waits: (atLeast = 0) => lengths.filter((ms) => ms >= atLeast),
		count: (ms) => ({
			set: events.filter((event) => event === `wait ${ms}`).length,
			ranOut: events.filter((event) => event === `waited ${ms}`).length,
		}),
		only: (...names) => events.filter((event) => names.includes(event)),
		markWrites: () => {
			ServerResponse.prototype.write = function (
				this: ServerResponse,
				...args: Parameters<ServerResponse['write']>
			) {
				events.push('write');
				return write.apply(this, args);
			} as ServerResponse['write'];
		},
		release: () => {
			if (!held) throw new Error(`no timer of ${String(options.hold)} ms is held`);
			const { fn, ms, placeholder } = held;
			held = undefined;
			const live = (bag as unknown as { timers: Set<NodeJS.Timeout> }).timers.has(placeholder);
			bag.clearTimeout(placeholder);
			if (live) start(fn, ms);
		},
		indexOf: (event, from = 0) => events.indexOf(event, from),
		lastIndexOf: (event) => events.lastIndexOf(event),
		stop: () => {
			ServerResponse.prototype.write = write;
			delete (bag as Partial<Pick<TimerBag, 'setTimeout'>>).setTimeout;
			active.delete(trace);
		},
	};
	active.add(trace);
	return trace;
}
