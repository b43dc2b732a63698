/**
 * SimulatorState: everything a request can read or change. `Simulator.reset()` throws the whole
 * object away and builds a new one from the fixtures, so nobody should keep a reference to it
 * across a reset: always reach it through `ctx.state` or `sim.state`.
 */
import {
	buildFixtureKeys,
	buildFixtureUsers,
	buildFixtureWorkflows,
	buildFixtureWorkspaces,
	FIXTURE_IDS,
} from './fixtures';
import { IdGenerator } from './ids';
import type {
	ApiKeyRecord,
	DeploymentSettings,
	TenantLock,
	UserRecord,
	WorkflowRecord,
	WorkspaceRecord,
} from './types';

/**
 * A piece of state owned by a later module (runs, uploads, templates, chat). `create` runs on every
 * reset; `dispose` runs on the old value before a reset and on stop (cancel timers there).
 */
export interface StateSlice<T> {
	readonly name: string;
	create(state: SimulatorState): T;
	dispose?(value: T): void;
}

export function defineSlice<T>(slice: StateSlice<T>): StateSlice<T> {
	return slice;
}

/** Named tallies per key or per anything (e.g. `runsStarted` by keyId) for tests and benchmarks. */
export class Counters {
	private readonly tallies = new Map<string, Map<string, number>>();

	increment(counter: string, subject = 'total', by = 1): number {
		let tally = this.tallies.get(counter);
		if (!tally) {
			tally = new Map();
			this.tallies.set(counter, tally);
		}
		const value = (tally.get(subject) ?? 0) + by;
		tally.set(subject, value);
		return value;
	}

	get(counter: string, subject = 'total'): number {
		return this.tallies.get(counter)?.get(subject) ?? 0;
	}

	snapshot(): Record<string, Record<string, number>> {
		const out: Record<string, Record<string, number>> = {};
		for (const [counter, tally] of this.tallies) out[counter] = Object.fromEntries(tally);
		return out;
	}
}

export class SimulatorState {
	readonly deployment: DeploymentSettings = { apiKeysEnabled: true };
	readonly workspaces = new Map<string, WorkspaceRecord>();
	readonly users = new Map<string, UserRecord>();
	/** By keyId. */
	readonly keys = new Map<string, ApiKeyRecord>();
	/** sha256(key) -> keyId: how a presented bearer token is found without storing it. */
	readonly keyIdByHash = new Map<string, string>();
	readonly workflows = new Map<string, WorkflowRecord>();
	/** By workspace id. */
	readonly tenantLocks = new Map<string, TenantLock>();
	readonly counters = new Counters();
	readonly ids: IdGenerator;
	private readonly slices = new Map<StateSlice<unknown>, unknown>();

	constructor(seed: string) {
		this.ids = new IdGenerator(seed);
	}

	addKey(record: ApiKeyRecord): void {
		this.keys.set(record.keyId, record);
		this.keyIdByHash.set(record.keyHash, record.keyId);
	}

	findKeyByHash(keyHash: string): ApiKeyRecord | undefined {
		const keyId = this.keyIdByHash.get(keyHash);
		return keyId === undefined ? undefined : this.keys.get(keyId);
	}

	/** The value of a module's slice (created on first use if the module registered after the reset). */
	slice<T>(slice: StateSlice<T>): T {
		if (!this.slices.has(slice as StateSlice<unknown>)) {
			this.slices.set(slice as StateSlice<unknown>, slice.create(this));
		}
		return this.slices.get(slice as StateSlice<unknown>) as T;
	}

	/** Calls every slice's dispose hook; used before the state is replaced and on stop. */
	disposeSlices(): void {
		for (const [slice, value] of this.slices) slice.dispose?.(value);
		this.slices.clear();
	}
}

export function createFixtureState(
	seed: string,
	nowMs: number,
	slices: Iterable<StateSlice<unknown>>,
): SimulatorState {
	const state = new SimulatorState(seed);
	for (const workspace of buildFixtureWorkspaces()) state.workspaces.set(workspace.id, workspace);
	for (const user of buildFixtureUsers()) state.users.set(user.id, user);
	for (const key of buildFixtureKeys(nowMs)) state.addKey(key);
	for (const workflow of buildFixtureWorkflows(FIXTURE_IDS.workspaces))
		state.workflows.set(workflow.id, workflow);
	// Slices are created eagerly so their setup (e.g. fixture templates) is in place before requests.
	for (const slice of slices) state.slice(slice);
	return state;
}
