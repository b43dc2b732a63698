/**
 * Workspace model-usage quota of the chat adapter (contract, Limits: "Workspace model-usage quotas ...
 * refusal type quota_exceeded with reset_at"; Errors shape 3).
 *
 * The only thing the chat module keeps (contract, What the service does 3: the adapter is stateless):
 * per workspace, an admin-set limit and the tally of total_tokens answered in the current window.
 * Windows are fixed and aligned on the simulator clock (multiples of windowMs since the epoch, so a
 * one-hour window runs from one full hour to the next); `reset_at` is the end of the current window.
 * A request is refused once the tally has reached the limit; the completion that crosses it is still
 * answered, as a quota is checked before the model runs.
 */
import { formatWindow } from '../rate-limiter';
import type { Shape3Error } from '../responses';
import { defineSlice, type SimulatorState } from '../state';

export const DEFAULT_QUOTA_WINDOW_MS = 3_600_000;

export interface QuotaSetting {
	limitTokens: number;
	/** Default one hour. */
	windowMs?: number;
}

interface WorkspaceQuota {
	limitTokens: number | null;
	windowMs: number;
	windowStart: number;
	usedTokens: number;
}

/** What the admin hooks show. */
export interface ChatQuotaView {
	workspaceId: string;
	/** null: no quota set (usage is still counted). */
	limitTokens: number | null;
	windowMs: number;
	usedTokens: number;
	windowStart: string;
	resetAt: string;
}

/** By workspace id; rebuilt (emptied) on every reset like every other admin setting. */
export const CHAT_QUOTAS = defineSlice({
	name: 'chat-quotas',
	create: () => new Map<string, WorkspaceQuota>(),
});

const windowStartOf = (nowMs: number, windowMs: number): number =>
	Math.floor(nowMs / windowMs) * windowMs;

/** The workspace's entry with its window rolled forward to `nowMs` (a new window starts at 0 tokens). */
function current(state: SimulatorState, workspaceId: string, nowMs: number): WorkspaceQuota {
	const quotas = state.slice(CHAT_QUOTAS);
	let entry = quotas.get(workspaceId);
	if (!entry) {
		entry = {
			limitTokens: null,
			windowMs: DEFAULT_QUOTA_WINDOW_MS,
			windowStart: windowStartOf(nowMs, DEFAULT_QUOTA_WINDOW_MS),
			usedTokens: 0,
		};
		quotas.set(workspaceId, entry);
	}
	const start = windowStartOf(nowMs, entry.windowMs);
	if (start !== entry.windowStart) {
		entry.windowStart = start;
		entry.usedTokens = 0;
	}
	return entry;
}

function view(workspaceId: string, entry: WorkspaceQuota): ChatQuotaView {
	return {
		workspaceId,
		limitTokens: entry.limitTokens,
		windowMs: entry.windowMs,
		usedTokens: entry.usedTokens,
		windowStart: new Date(entry.windowStart).toISOString(),
		resetAt: new Date(entry.windowStart + entry.windowMs).toISOString(),
	};
}

export function quotaView(
	state: SimulatorState,
	workspaceId: string,
	nowMs: number,
): ChatQuotaView {
	return view(workspaceId, current(state, workspaceId, nowMs));
}

/** Sets (or with null removes) the limit; the tally of the current window is kept unless the window length changes. */
export function setQuota(
	state: SimulatorState,
	workspaceId: string,
	setting: QuotaSetting | null,
	nowMs: number,
): ChatQuotaView {
	const entry = current(state, workspaceId, nowMs);
	entry.limitTokens = setting?.limitTokens ?? null;
	const windowMs = setting?.windowMs ?? DEFAULT_QUOTA_WINDOW_MS;
	if (windowMs !== entry.windowMs) {
		entry.windowMs = windowMs;
		entry.windowStart = windowStartOf(nowMs, windowMs);
		entry.usedTokens = 0;
	}
	return view(workspaceId, entry);
}

export function recordUsage(
	state: SimulatorState,
	workspaceId: string,
	tokens: number,
	nowMs: number,
): void {
	current(state, workspaceId, nowMs).usedTokens += tokens;
}

/** '1h' for the default window; shorter ones as the rate limit writes them ('1m', '10s', '500ms'). */
function formatQuotaWindow(windowMs: number): string {
	return windowMs % 3_600_000 === 0 ? `${windowMs / 3_600_000}h` : formatWindow(windowMs);
}

/** The shape-3 error when the workspace has used its quota, else null. */
export function quotaRefusal(
	state: SimulatorState,
	workspaceId: string,
	nowMs: number,
): Omit<Shape3Error, 'request_id'> | null {
	const entry = current(state, workspaceId, nowMs);
	if (entry.limitTokens === null || entry.usedTokens < entry.limitTokens) return null;
	const resetAtMs = entry.windowStart + entry.windowMs;
	const retryAfterSeconds = Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
	const window = formatQuotaWindow(entry.windowMs);
	const resetAt = new Date(resetAtMs).toISOString();
	return {
		type: 'quota_exceeded',
		message: `The workspace's model-usage quota of ${entry.limitTokens} tokens per ${window} is exhausted (${entry.usedTokens} used); it resets at ${resetAt}.`,
		scope: 'workspace',
		metric: 'tokens',
		limit: entry.limitTokens,
		window,
		reset_at: resetAt,
		retry_after_seconds: retryAfterSeconds,
	};
}
