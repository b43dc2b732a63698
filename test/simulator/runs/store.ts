/**
 * The runs slice: the run records of one state generation, the controllers of the runs being
 * played, the open event streams per run, and the module's own timers (cancel notices).
 *
 * The slice is defined per simulator (it needs the simulator's clock, timers and options), so the
 * module keeps it in a WeakMap keyed by the simulator. Its dispose aborts every played run, cancels
 * the timers and ends the streams: a reset or stop leaves nothing running.
 */
import { defineSlice, type SimulatorState, type StateSlice } from '../state';
import type { Simulator } from '../simulator';
import { RunController } from './controller';
import type { EventStream } from './sse';
import type { RunState } from './types';

export class RunsStore {
	readonly runs = new Map<string, RunState>();
	private readonly controllers = new Map<string, RunController>();
	private readonly streams = new Map<string, Set<EventStream>>();
	private readonly timers = new Set<NodeJS.Timeout>();
	private seq = 0;

	constructor(readonly sim: Simulator) {}

	nextSeq(): number {
		return ++this.seq;
	}

	add(run: RunState): void {
		this.runs.set(run.runId, run);
	}

	nowIso(): string {
		return this.sim.clock.nowIso();
	}

	/** Marks a change (the record's updatedAt). */
	touch(run: RunState): void {
		run.updatedAt = this.nowIso();
	}

	// ---- Controllers -----------------------------------------------------------------------------

	createController(runId: string): RunController {
		const controller = new RunController(this.sim.timers);
		this.controllers.set(runId, controller);
		return controller;
	}

	controllerOf(runId: string): RunController | undefined {
		return this.controllers.get(runId);
	}

	/** The engine of the run stops at its next await (cancel) or has stopped already (terminal). */
	releaseController(runId: string): void {
		this.controllers.get(runId)?.abort();
		this.controllers.delete(runId);
	}

	// ---- Event streams ---------------------------------------------------------------------------

	attachStream(runId: string, stream: EventStream): void {
		let set = this.streams.get(runId);
		if (!set) {
			set = new Set();
			this.streams.set(runId, set);
		}
		set.add(stream);
	}

	detachStream(runId: string, stream: EventStream): void {
		const set = this.streams.get(runId);
		set?.delete(stream);
		if (set && set.size === 0) this.streams.delete(runId);
	}

	/** Live events only: a stream sees what happens after it connected (no replay). */
	emit(runId: string, event: string, data: unknown): void {
		for (const stream of this.streams.get(runId) ?? []) stream.send(event, data);
	}

	/** A terminal event, then every stream of the run ends (Events: "The stream closes when the run finishes"). */
	emitTerminal(runId: string, event: string, data: unknown): void {
		const set = this.streams.get(runId);
		this.streams.delete(runId);
		for (const stream of set ?? []) {
			stream.send(event, data);
			stream.end();
		}
	}

	// ---- Timers ----------------------------------------------------------------------------------

	schedule(fn: () => void, ms: number): void {
		const timer = this.sim.timers.setTimeout(() => {
			this.timers.delete(timer);
			fn();
		}, ms);
		this.timers.add(timer);
	}

	dispose(): void {
		for (const controller of this.controllers.values()) controller.abort();
		this.controllers.clear();
		for (const timer of this.timers) this.sim.timers.clearTimeout(timer);
		this.timers.clear();
		for (const set of this.streams.values()) for (const stream of set) stream.close();
		this.streams.clear();
	}
}

const slices = new WeakMap<Simulator, StateSlice<RunsStore>>();

/** Creates (once) the simulator's runs slice; `seedFixtures` adds the person-started fixture runs. */
export function defineRunsSlice(
	sim: Simulator,
	seedFixtures: (store: RunsStore, state: SimulatorState) => void,
): StateSlice<RunsStore> {
	const existing = slices.get(sim);
	if (existing) return existing;
	const slice = defineSlice<RunsStore>({
		name: 'runs',
		create: (state) => {
			const store = new RunsStore(sim);
			seedFixtures(store, state);
			return store;
		},
		dispose: (store) => store.dispose(),
	});
	slices.set(sim, slice);
	return slice;
}

/** The runs of the simulator's current state (throws when the runs module is not registered). */
export function runsOf(sim: Simulator, state: SimulatorState = sim.state): RunsStore {
	const slice = slices.get(sim);
	if (!slice)
		throw new Error(
			'The runs module is not registered on this simulator (createSimulator() registers it).',
		);
	return state.slice(slice);
}
