/**
 * Bearer authentication (contract, Authentication 1-6). The presented key is hashed and looked up;
 * it is never stored, logged or echoed.
 */
import { hashKey } from './ids';
import type { SimulatorState } from './state';
import type { ApiKeyRecord, UserRecord, WorkspaceRecord } from './types';

export interface AuthContext {
	key: ApiKeyRecord;
	user: UserRecord;
	workspace: WorkspaceRecord;
}

export type AuthResult =
	| { ok: true; auth: AuthContext }
	| { ok: false; code: 'invalid_api_key' | 'no_tenant' };

/** RFC 6750 form: scheme (case-insensitive), one space run, a token of visible characters. */
const BEARER = /^Bearer +([\x21-\x7e]+) *$/i;

function bearerToken(header: string | undefined): string | null {
	if (!header) return null;
	const match = BEARER.exec(header);
	return match ? match[1] : null;
}

/**
 * The key record a header points at, whether or not it is still valid. Used to name the key in the
 * request log and to match fault rules before authentication runs.
 */
export function identifyKey(
	state: SimulatorState,
	header: string | undefined,
): ApiKeyRecord | undefined {
	const token = bearerToken(header);
	return token === null ? undefined : state.findKeyByHash(hashKey(token));
}

function isKeyUsable(key: ApiKeyRecord, nowMs: number): boolean {
	// Authentication 4: an expired key is refused exactly like a revoked key.
	return key.revokedAt === null && Date.parse(key.expiresAt) > nowMs;
}

export function authenticate(
	state: SimulatorState,
	key: ApiKeyRecord | undefined,
	nowMs: number,
): AuthResult {
	if (!key || !isKeyUsable(key, nowMs)) return { ok: false, code: 'invalid_api_key' };
	const user = state.users.get(key.userId);
	const workspace = user?.workspaceId ? state.workspaces.get(user.workspaceId) : undefined;
	if (!user || !workspace) return { ok: false, code: 'no_tenant' };
	return { ok: true, auth: { key, user, workspace } };
}
