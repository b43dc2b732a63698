/**
 * GET /v1/models (contract, Chat completion): the OpenAI list shape, listing the chat models the workspace
 * allows for API access; a workspace that fixes one model lists only that one. The chat module
 * (chat/request.ts) accepts exactly these ids as `model` (Errors: model_not_allowed otherwise), so the
 * list and the completions endpoint cannot disagree.
 */
import { sendJson } from '../responses';
import type { Simulator } from '../simulator';

/** A chat model of the deployment: `name` starts its deterministic answers; a reasoning model spends reasoning tokens first. */
export interface ChatModel {
	id: string;
	name: string;
	reasoning: boolean;
}

export const CHAT_MODELS: Record<string, ChatModel> = {
	'dw-standard': { id: 'dw-standard', name: 'Standard', reasoning: false },
	'dw-reasoning': { id: 'dw-reasoning', name: 'Reasoning', reasoning: true },
};

/** Fixture models: Acme allows two (one a "reasoning" model); Globex fixes one model for API access. */
export const WORKSPACE_MODELS: Record<string, { allowed: string[]; fixed?: string }> = {
	ws_acme: { allowed: ['dw-standard', 'dw-reasoning'] },
	ws_globex: { allowed: ['dw-standard', 'dw-reasoning'], fixed: 'dw-standard' },
};

const CREATED = Math.floor(Date.parse('2026-01-15T00:00:00Z') / 1000);

export function modelsFor(workspaceId: string): string[] {
	const entry = WORKSPACE_MODELS[workspaceId] ?? { allowed: [] };
	return entry.fixed ? [entry.fixed] : [...entry.allowed];
}

/** The model `id` when the workspace allows it for API access, else undefined. */
export function allowedChatModel(workspaceId: string, id: string): ChatModel | undefined {
	return modelsFor(workspaceId).includes(id) ? CHAT_MODELS[id] : undefined;
}

export function registerModelRoutes(sim: Simulator): void {
	sim.routeOperation('listModels', (ctx) => {
		sendJson(ctx.res, 200, {
			object: 'list',
			data: modelsFor(ctx.auth.workspace.id).map((id) => ({
				id,
				object: 'model',
				created: CREATED,
				owned_by: 'drafting-workspace',
			})),
		});
	});
}
