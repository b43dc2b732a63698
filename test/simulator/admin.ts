/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The programmatic admin API (`sim.admin`). Everything a workspace admin or an operator does
 * outside the public API: keys, locks, switches, faults, the request log. The HTTP endpoints under
 * /__admin/ (admin-http.ts) call these same methods.
 */
import { DEFAULT_KEY_LIFETIME_MS } from './fixtures';
import { hashKey, keyDisplayPrefix, KEY_PREFIX } from './ids';
import type { FaultRule, FaultRuleInput } from './faults';
import type { LatencyView } from './latency';
import { LatencySettingError } from './latency-profiles';
import type { RequestLogEntry } from './request-log';
import type { Simulator } from './simulator';
import { isScope, WORKSPACE_FEATURES } from './types';
import type { ApiKeyRecord, ApiKeyView, Scope, WorkspaceFeature } from './types';

/** A refused admin call; the HTTP layer answers it with `status`. */
export class AdminError extends Error {
	constructor(
		message: string,
		readonly status = 400,
	) {
		super(message);
	}
}

export interface CreateKeyInput {
	userId: string;
	scopes: Scope[];
	allowlist?: string[] | null;
	/** ISO date-time; default 365 days after creation. */
	expiresAt?: string;
	rateLimitPerMinute?: number | null;
}

export interface CreatedKey {
	keyId: string;
	/** The full secret, returned once (as the workspace shows it once). */
	key: string;
}

function view(record: ApiKeyRecord): ApiKeyView {
	const { keyHash: _hash, ...rest } = record;
	return structuredClone(rest);
}

export class SimulatorAdmin {
	constructor(private readonly sim: Simulator) {}

	/** Back to the fixtures: state, faults, rate-limit logs, request log and counters. */
	reset(): void {
		this.sim.reset();
	}

	createKey(input: CreateKeyInput): CreatedKey {
		const state = this.sim.state;
		if (!state.users.has(input.userId)) throw new AdminError(`Unknown user ${input.userId}`, 404);
		if (!Array.isArray(input.scopes) || !input.scopes.every(isScope))
			throw new AdminError('scopes must be an array of contract scopes');
		const now = this.sim.clock.now();
		const expiresAt = input.expiresAt ?? new Date(now + DEFAULT_KEY_LIFETIME_MS).toISOString();
		if (Number.isNaN(Date.parse(expiresAt)))
			throw new AdminError('expiresAt must be an ISO date-time');
		const rate = input.rateLimitPerMinute ?? null;
		if (rate !== null && !(Number.isInteger(rate) && rate >= 1))
			throw new AdminError('rateLimitPerMinute must be an integer >= 1');
		const key = state.ids.nextKey();
		const record: ApiKeyRecord = {
			keyId: state.ids.next('key'),
			prefix: keyDisplayPrefix(key),
			keyHash: hashKey(key),
			userId: input.userId,
			scopes: [...new Set(input.scopes)],
			allowlist: this.checkAllowlist(input.allowlist ?? null),
			createdAt: new Date(now).toISOString(),
			expiresAt: new Date(expiresAt).toISOString(),
			revokedAt: null,
			rateLimitPerMinute: rate,
		};
		state.addKey(record);
		return { keyId: record.keyId, key };
	}

	/** Accepts a keyId or the full key. Effective on the very next call (Authentication 5). */
	revokeKey(keyIdOrKey: string): ApiKeyView {
		const record = this.findKey(keyIdOrKey);
		record.revokedAt ??= this.sim.clock.nowIso();
		return view(record);
	}

	/** The one edit the contract allows on a key (Authentication 5); null removes the allowlist. */
	setAllowlist(keyIdOrKey: string, workflowIds: string[] | null): ApiKeyView {
		const record = this.findKey(keyIdOrKey);
		record.allowlist = this.checkAllowlist(workflowIds);
		return view(record);
	}

	keys(): ApiKeyView[] {
		return [...this.sim.state.keys.values()].map(view);
	}

	/** 423 tenant_locked for every request of the workspace, or for the next `requests` of them. */
	lockTenant(workspaceId: string, options: { requests?: number } = {}): void {
		this.requireWorkspace(workspaceId);
		const requests = options.requests;
		if (requests !== undefined && !(Number.isInteger(requests) && requests >= 1))
			throw new AdminError('requests must be an integer >= 1');
		this.sim.state.tenantLocks.set(workspaceId, { remaining: requests ?? null });
	}

	unlockTenant(workspaceId: string): void {
		this.requireWorkspace(workspaceId);
		this.sim.state.tenantLocks.delete(workspaceId);
	}

	setDeployment(settings: { apiKeysEnabled?: boolean }): void {
		if (settings.apiKeysEnabled !== undefined) {
			if (typeof settings.apiKeysEnabled !== 'boolean')
				throw new AdminError('apiKeysEnabled must be a boolean');
			this.sim.state.deployment.apiKeysEnabled = settings.apiKeysEnabled;
		}
	}

	setWorkspaceFeatures(
		workspaceId: string,
		features: Partial<Record<WorkspaceFeature, boolean>>,
	): Record<WorkspaceFeature, boolean> {
		const workspace = this.requireWorkspace(workspaceId);
		for (const [name, enabled] of Object.entries(features)) {
			if (!WORKSPACE_FEATURES.includes(name as WorkspaceFeature))
				throw new AdminError(`Unknown feature ${name}`);
			if (typeof enabled !== 'boolean')
				throw new AdminError(`Feature ${name} must be true or false`);
			workspace.features[name as WorkspaceFeature] = enabled;
		}
		return { ...workspace.features };
	}

	/** Moves a user to another workspace, or out of every workspace (null: their keys answer no_tenant). */
	setUserWorkspace(userId: string, workspaceId: string | null): void {
		const user = this.sim.state.users.get(userId);
		if (!user) throw new AdminError(`Unknown user ${userId}`, 404);
		if (workspaceId !== null) this.requireWorkspace(workspaceId);
		user.workspaceId = workspaceId;
	}

	addFault(rule: FaultRuleInput): string {
		return this.sim.faults.add(rule);
	}

	removeFault(id: string): boolean {
		return this.sim.faults.remove(id);
	}

	faults(): FaultRule[] {
		return this.sim.faults.list();
	}

	clearFaults(): void {
		this.sim.faults.clear();
	}

	/** The request log, oldest first; `since` is a seq (entries after it) or an ISO timestamp. */
	requests(options: { since?: number | string } = {}): RequestLogEntry[] {
		if (typeof options.since === 'string' && Number.isNaN(Date.parse(options.since))) {
			throw new AdminError('since must be a seq number or an ISO timestamp');
		}
		return this.sim.requestLog.list(options.since);
	}

	clearRequests(): void {
		this.sim.requestLog.clear();
	}

	/**
	 * Tallies by counter and subject. The core fills `requests` and `rateLimited` (by keyId);
	 * modules add their own (e.g. `runsStarted`).
	 */
	counters(): Record<string, Record<string, number>> {
		return this.sim.state.counters.snapshot();
	}

	/** The live latency profile, with the name of the named profile it equals ('custom' otherwise). */
	latency(): LatencyView {
		return this.sim.latency.view();
	}

	/** 'zero', 'realistic' or `{ profile?, ...fields }`; in force for every wait that starts from now on, until reset. */
	setLatency(setting: unknown): LatencyView {
		try {
			return this.sim.latency.set(setting);
		} catch (error) {
			if (error instanceof LatencySettingError) throw new AdminError(error.message);
			throw error;
		}
	}

	/** Simulated time moves; real timers do not. */
	advanceClock(ms: number): number {
		if (!Number.isFinite(ms)) throw new AdminError('ms must be a number');
		this.sim.clock.advance(ms);
		return this.sim.clock.now();
	}

	private findKey(keyIdOrKey: string): ApiKeyRecord {
		const state = this.sim.state;
		const record = keyIdOrKey.startsWith(KEY_PREFIX)
			? state.findKeyByHash(hashKey(keyIdOrKey))
			: state.keys.get(keyIdOrKey);
		// The message never repeats the argument: it may be a full key.
		if (!record) throw new AdminError('Unknown key', 404);
		return record;
	}

	private checkAllowlist(ids: string[] | null): string[] | null {
		if (ids === null) return null;
		if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
			throw new AdminError('allowlist must be an array of workflow ids or null');
		return [...new Set(ids)];
	}

	private requireWorkspace(workspaceId: string) {
		const workspace = this.sim.state.workspaces.get(workspaceId);
		if (!workspace) throw new AdminError(`Unknown workspace ${workspaceId}`, 404);
		return workspace;
	}
}
