/**
 * The chat module: POST /v1/chat/completions over the model list of routes/models.ts,
 * with deterministic answers, streaming, structured output, the workspace token quota and its
 * admin hooks. `createSimulator()` calls registerChatRoutes.
 */
import type { Simulator } from '../simulator';
import { registerChatAdminRoutes } from './admin';
import { CHAT_QUOTAS } from './quota';
import { registerChatHandlers } from './routes';

export function registerChatRoutes(sim: Simulator): void {
	sim.registerSlice(CHAT_QUOTAS);
	registerChatHandlers(sim);
	registerChatAdminRoutes(sim);
}

export { chatAdmin } from './admin';
export type { ChatAdmin } from './admin';
export { CHAT_QUOTAS, DEFAULT_QUOTA_WINDOW_MS } from './quota';
export type { ChatQuotaView, QuotaSetting } from './quota';
export { REASONING_TOKENS, QUESTION_WORD_LIMIT } from './answer';
export type { ChatUsage, FinishReason } from './answer';
export { SUPPORTED_KEYWORDS } from './structured-output';
export type { ChatChunk } from './stream';
