/**
 * GET /v1/models (contract, Chat completion): the OpenAI list shape, listing the chat models the workspace
 * allows for API access; a workspace that fixes one model lists only that one. Chat completions themselves
 * are a later module; this route exists now because the credential test probes it.
 */
import { sendJson } from '../responses';
import type { Simulator } from '../simulator';

/** Fixture models: Acme allows two (one a "reasoning" model); Globex fixes one model for API access. */
export const WORKSPACE_MODELS: Record<string, { allowed: string[]; fixed?: string }> = {
  ws_acme: { allowed: ['dw-standard', 'dw-reasoning'] },
  ws_globex: { allowed: ['dw-standard', 'dw-reasoning'], fixed: 'dw-standard' },
};

const CREATED = Math.floor(Date.parse('2026-01-15T00:00:00Z') / 1000);

export function modelsFor(workspaceId: string): string[] {
  const entry = WORKSPACE_MODELS[workspaceId] ?? { allowed: [] };
  return entry.fixed ? [entry.fixed] : entry.allowed;
}

export function registerModelRoutes(sim: Simulator): void {
  sim.routeOperation('listModels', (ctx) => {
    sendJson(ctx.res, 200, {
      object: 'list',
      data: modelsFor(ctx.auth.workspace.id).map((id) => ({ id, object: 'model', created: CREATED, owned_by: 'drafting-workspace' })),
    });
  });
}
