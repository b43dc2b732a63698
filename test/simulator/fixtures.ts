/**
 * Fixture tenants, users and keys. Tests import FIXTURE_KEYS and FIXTURE_IDS; the simulator's
 * `reset()` rebuilds its state from the builders below.
 */
import { AGENT_IDS, STEP_IDS, VERSION_IDS, WORKFLOW_IDS } from './fixture-workflow-ids';
import { buildFixtureWorkflows } from './fixture-workflows';
import { deriveKey, hashKey, keyDisplayPrefix } from './ids';
import { ALL_SCOPES } from './types';
import type { ApiKeyRecord, Scope, UserRecord, WorkspaceRecord } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Contract, Authentication 4: a key expires 365 days after creation unless set otherwise. */
export const DEFAULT_KEY_LIFETIME_MS = 365 * DAY_MS;

const WORKSPACE_IDS = { acme: 'ws_acme', globex: 'ws_globex' } as const;
const USER_IDS = {
	alice: 'usr_alice',
	bob: 'usr_bob',
	carol: 'usr_carol',
	dave: 'usr_dave',
} as const;

type KeyState = 'active' | 'revoked' | 'expired';

interface FixtureKeySpec {
	userId: string;
	scopes: readonly Scope[];
	allowlist?: string[];
	rateLimitPerMinute?: number;
	state?: KeyState;
}

const KEY_SPECS = {
	full: { userId: USER_IDS.alice, scopes: ALL_SCOPES },
	full2: { userId: USER_IDS.alice, scopes: ALL_SCOPES },
	bob: { userId: USER_IDS.bob, scopes: ALL_SCOPES },
	chatOnly: { userId: USER_IDS.alice, scopes: ['chat:completions'] },
	readOnly: {
		userId: USER_IDS.alice,
		scopes: ['workflows:read', 'document-templates:read', 'documents:read'],
	},
	noWorkflowsRead: {
		userId: USER_IDS.alice,
		scopes: ALL_SCOPES.filter((scope) => scope !== 'workflows:read'),
	},
	allowlisted: {
		userId: USER_IDS.alice,
		scopes: ALL_SCOPES,
		allowlist: [WORKFLOW_IDS.agentSummary],
	},
	revoked: { userId: USER_IDS.alice, scopes: ALL_SCOPES, state: 'revoked' },
	expired: { userId: USER_IDS.alice, scopes: ALL_SCOPES, state: 'expired' },
	noTenant: { userId: USER_IDS.dave, scopes: ALL_SCOPES },
	otherTenant: { userId: USER_IDS.carol, scopes: ALL_SCOPES },
	lowRate: { userId: USER_IDS.alice, scopes: ALL_SCOPES, rateLimitPerMinute: 5 },
} satisfies Record<string, FixtureKeySpec>;

export type FixtureKeyName = keyof typeof KEY_SPECS;

const KEY_NAMES = Object.keys(KEY_SPECS) as FixtureKeyName[];

function mapKeys<T>(fn: (name: FixtureKeyName) => T): Record<FixtureKeyName, T> {
	return Object.fromEntries(KEY_NAMES.map((name) => [name, fn(name)])) as Record<FixtureKeyName, T>;
}

/** Full key strings (`dwk_` + 44 url-safe characters), stable across runs and resets. */
export const FIXTURE_KEYS: Readonly<Record<FixtureKeyName, string>> = Object.freeze(
	mapKeys((name) => deriveKey(`drafting-workspace-simulator:fixture-key:${name}`)),
);

export const FIXTURE_IDS = {
	workspaces: WORKSPACE_IDS,
	users: USER_IDS,
	/** keyId of each fixture key: how the request log and admin outputs name it. */
	keys: mapKeys((name) => `key_${name}`),
	workflows: WORKFLOW_IDS,
	versions: VERSION_IDS,
	steps: STEP_IDS,
	agents: AGENT_IDS,
} as const;

export function buildFixtureWorkspaces(): WorkspaceRecord[] {
	const allOn = () => ({ workflows: true, templates: true, chat: true });
	return [
		{ id: WORKSPACE_IDS.acme, name: 'Acme Legal', features: allOn() },
		{ id: WORKSPACE_IDS.globex, name: 'Globex Counsel', features: allOn() },
	];
}

export function buildFixtureUsers(): UserRecord[] {
	return [
		{
			id: USER_IDS.alice,
			name: 'Alice Archer',
			email: 'alice@acme.example',
			workspaceId: WORKSPACE_IDS.acme,
		},
		{
			id: USER_IDS.bob,
			name: 'Bob Baker',
			email: 'bob@acme.example',
			workspaceId: WORKSPACE_IDS.acme,
		},
		{
			id: USER_IDS.carol,
			name: 'Carol Chen',
			email: 'carol@globex.example',
			workspaceId: WORKSPACE_IDS.globex,
		},
		// Dave left Acme after issuing a key: the key is intact but has no tenant.
		{ id: USER_IDS.dave, name: 'Dave Doyle', email: 'dave@former.example', workspaceId: null },
	];
}

/** Key timestamps are relative to the simulator clock at reset, so fixture keys never expire by the calendar. */
export function buildFixtureKeys(nowMs: number): ApiKeyRecord[] {
	const createdMs = nowMs - 30 * DAY_MS;
	return KEY_NAMES.map((name) => {
		const spec: FixtureKeySpec = KEY_SPECS[name];
		const key = FIXTURE_KEYS[name];
		const expiresMs =
			spec.state === 'expired' ? nowMs - DAY_MS : createdMs + DEFAULT_KEY_LIFETIME_MS;
		return {
			keyId: FIXTURE_IDS.keys[name],
			prefix: keyDisplayPrefix(key),
			keyHash: hashKey(key),
			userId: spec.userId,
			scopes: [...spec.scopes],
			allowlist: spec.allowlist ? [...spec.allowlist] : null,
			createdAt: new Date(createdMs).toISOString(),
			expiresAt: new Date(expiresMs).toISOString(),
			revokedAt: spec.state === 'revoked' ? new Date(nowMs - DAY_MS).toISOString() : null,
			rateLimitPerMinute: spec.rateLimitPerMinute ?? null,
		};
	});
}

export { buildFixtureWorkflows };
