/**
 * POST /v1/chat/completions (createChatCompletion, `chat:completions`, feature chat). Behind the
 * pipeline (auth, tenant lock, per-key rate limit, scope, feature), the request checks of request.ts,
 * then the workspace quota, then the deterministic answer as JSON or as a stream.
 *
 * Contract, What the service does 3: stateless - no conversation, no history. The only state touched
 * is the quota tally and the `chatCompletions` counter; every refusal goes out as plain JSON before
 * any stream starts.
 */
import { sendJson, sendShape3 } from '../responses';
import type { RouteContext } from '../route-context';
import type { Simulator } from '../simulator';
import { composeAnswer } from './answer';
import { quotaRefusal, recordUsage } from './quota';
import { parseChatRequest } from './request';
import { chunkPayloads, playChatStream } from './stream';

/** Chat requests carry the whole conversation every turn; 10 MB leaves room for long ones. */
const CHAT_BODY_LIMIT = 10 * 1024 * 1024;

export function registerChatHandlers(sim: Simulator): void {
	sim.routeOperation('createChatCompletion', createChatCompletion);
}

async function createChatCompletion(ctx: RouteContext): Promise<void> {
	const { sim, state, auth } = ctx;
	const workspaceId = auth.workspace.id;
	const request = parseChatRequest(await ctx.readJson(CHAT_BODY_LIMIT), workspaceId);

	// 5. Contract, Limits: the workspace model-usage quota (shape 3 quota_exceeded, Retry-After).
	const refusal = quotaRefusal(state, workspaceId, sim.clock.now());
	if (refusal) {
		state.counters.increment('chatQuotaExceeded', auth.key.keyId);
		sendShape3(ctx.res, 429, refusal);
		return;
	}

	// A place in service first: a capped service refuses before the model spends anything (latency.ts).
	const slot = sim.latency.admit();
	const answer = composeAnswer(request);
	const head = {
		id: `chatcmpl-${state.ids.hex(24)}`,
		created: Math.floor(sim.clock.now() / 1000),
		model: request.model.id,
	};
	// Usage counts when the model has answered, streamed or not (a dropped stream was still spent).
	recordUsage(state, workspaceId, answer.usage.total_tokens, sim.clock.now());
	state.counters.increment('chatCompletions', auth.key.keyId);
	ctx.log.note = {
		completionId: head.id,
		model: head.model,
		stream: request.stream,
		finishReason: answer.finishReason,
		totalTokens: answer.usage.total_tokens,
	};

	if (!request.stream) {
		// The latency profile's answer time: a non-streamed answer arrives once the model has written all of it.
		await sim.timers.sleep(sim.latency.profile.chatAnswerMs * slot.factor).finally(slot.release);
		sendJson(ctx.res, 200, {
			id: head.id,
			object: 'chat.completion',
			created: head.created,
			model: head.model,
			choices: [
				{
					index: 0,
					message: { role: 'assistant', content: answer.content },
					finish_reason: answer.finishReason,
				},
			],
			usage: answer.usage,
		});
		return;
	}

	const drop = sim.faults.take(ctx, 'drop-stream');
	const frameDelay = sim.faults.take(ctx, 'frame-delay');
	if (drop) ctx.log.faults.push(`${drop.id}:drop-stream after ${drop.afterFrames} frames`);
	if (frameDelay) ctx.log.faults.push(`${frameDelay.id}:frame-delay ${frameDelay.ms}ms`);
	// Not awaited: the pipeline's work ends with the head; the frames follow on the simulator's timers.
	void playChatStream(ctx.res, chunkPayloads(head, answer, request.includeUsage), {
		lineEnding: sim.options.sseLineEnding,
		timers: sim.timers,
		chunkDelayMs: sim.options.chatChunkDelayMs,
		answerMs: sim.latency.profile.chatAnswerMs * slot.factor,
		frameDelayMs: frameDelay?.ms,
		dropAfterFrames: drop?.afterFrames,
	})
		.catch(() => ctx.res.destroy())
		.finally(slot.release);
}
