/**
 * The chat module (issue 6): POST /v1/chat/completions over the model list of routes/models.ts,
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
export { composeAnswer, countWords, wordPieces, REASONING_TOKENS, QUESTION_WORD_LIMIT, SYSTEM_NOTE } from './answer';
export type { ChatAnswer, ChatUsage, FinishReason } from './answer';
export { parseChatRequest, CHAT_ROLES } from './request';
export type { ChatMessage, ChatRequest, ChatRole } from './request';
export { checkResponseFormat, exampleInstance, SUPPORTED_KEYWORDS, FORMAT_EXAMPLES } from './structured-output';
export type { OutputFormat } from './structured-output';
export { DONE_PAYLOAD } from './stream';
export type { ChatChunk } from './stream';
export { CHAT_BODY_LIMIT } from './routes';
