/**
 * Admin hooks of the chat module, programmatic (`chatAdmin(sim)`) and over HTTP under /__admin.
 * They stand for the workspace's model-usage quota, which is set in the app, not through the API.
 */
import { AdminError } from '../admin';
import type { Simulator } from '../simulator';
import { quotaView, setQuota, type ChatQuotaView, type QuotaSetting } from './quota';

export interface ChatAdmin {
	/** Sets the workspace's token quota per window (default one hour), or removes it with null. */
	setQuota(workspaceId: string, quota: QuotaSetting | null): ChatQuotaView;
	/** The tally of the current window: total_tokens of the completions answered in it. */
	quotaUsage(workspaceId: string): ChatQuotaView;
}

function checkSetting(quota: unknown): QuotaSetting | null {
	if (quota === null) return null;
	if (typeof quota !== 'object' || Array.isArray(quota))
		throw new AdminError('quota must be { limitTokens, windowMs? } or null');
	const { limitTokens, windowMs } = quota as Record<string, unknown>;
	if (limitTokens === null) return null;
	if (!Number.isInteger(limitTokens) || (limitTokens as number) < 0)
		throw new AdminError('limitTokens must be a whole number >= 0 (or null to remove the quota)');
	if (windowMs !== undefined && !(Number.isInteger(windowMs) && (windowMs as number) > 0))
		throw new AdminError('windowMs must be a whole number of milliseconds > 0');
	return { limitTokens: limitTokens as number, windowMs: windowMs as number | undefined };
}

export function chatAdmin(sim: Simulator): ChatAdmin {
	// Always the current state: a reset replaces it, so nothing here may be cached.
	const workspace = (workspaceId: string): string => {
		if (!sim.state.workspaces.has(workspaceId))
			throw new AdminError(`Unknown workspace ${workspaceId}`, 404);
		return workspaceId;
	};
	return {
		setQuota: (workspaceId, quota) =>
			setQuota(sim.state, workspace(workspaceId), checkSetting(quota), sim.clock.now()),
		quotaUsage: (workspaceId) => quotaView(sim.state, workspace(workspaceId), sim.clock.now()),
	};
}

export function registerChatAdminRoutes(sim: Simulator): void {
	const admin = chatAdmin(sim);
	const path = '/workspaces/:workspaceId/chat-quota';
	sim.adminRoute({
		method: 'GET',
		path,
		handler: (ctx) => admin.quotaUsage(ctx.params.workspaceId),
	});
	sim.adminRoute({
		method: 'PUT',
		path,
		handler: async (ctx) =>
			admin.setQuota(ctx.params.workspaceId, (await ctx.body()) as unknown as QuotaSetting),
	});
	sim.adminRoute({
		method: 'DELETE',
		path,
		handler: (ctx) => admin.setQuota(ctx.params.workspaceId, null),
	});
}
