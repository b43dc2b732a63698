import {
	BaseChatModel,
	type ChatModel,
	type ChatModelConfig,
	type GenerateResult,
	type Message,
	type StreamChunk,
	type Tool,
} from '@n8n/ai-node-sdk';
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, ISupplyDataFunctions } from 'n8n-workflow';

import { cutShortError, MAX_ANSWER_MS, openCompletionStream } from '../shared/chat/complete.api';
import { addPiece, emptyCompletion, isCutShort } from '../shared/chat/completion';
import { completionPieces, readCompletionStream } from '../shared/chat/stream.api';
import { cancelSignalOf } from '../shared/transport';
import { toChatMessages, TOOLS_REFUSAL } from './messages';
import { modelRequestBody, type ChatModelOptions } from './options';
import { finishReasonOf, generateResultOf, tokenUsageOf } from './result';

/**
 * The workspace's chat endpoint as an n8n chat model: every request goes through the package's transport (the
 * credential's `authenticate`, the origin guard, retries, the service's plain error messages) and is streamed
 * from the service, read by the package's SSE reader. Tools are refused before anything is sent.
 */
export class WorkspaceChatModel extends BaseChatModel {
	constructor(
		private readonly context: ISupplyDataFunctions,
		modelId: string,
		private readonly options: ChatModelOptions,
	) {
		super('drafting-workspace', modelId);
	}

	/** An agent binds its tools here, before its first call: refused at once, so nothing reaches the service. */
	withTools(tools: Tool[]): ChatModel {
		if (tools.length > 0) throw this.refusal(TOOLS_REFUSAL);
		return super.withTools(tools);
	}

	async generate(messages: Message[], config?: ChatModelConfig): Promise<GenerateResult> {
		const body = this.requestBody(messages, config);
		const stream = await openCompletionStream.call(this.context, body);
		const aggregated = await readCompletionStream(
			stream,
			cancelSignalOf(this.context),
			async () => {},
			MAX_ANSWER_MS,
		);
		if (isCutShort(aggregated)) throw cutShortError.call(this.context, aggregated);
		return generateResultOf(aggregated);
	}

	async *stream(messages: Message[], config?: ChatModelConfig): AsyncIterable<StreamChunk> {
		const body = this.requestBody(messages, config);
		const stream = await openCompletionStream.call(this.context, body);
		const total = emptyCompletion();
		for await (const streamed of completionPieces(
			stream,
			cancelSignalOf(this.context),
			MAX_ANSWER_MS,
		)) {
			if (streamed.kind === 'done') {
				total.done = true;
				break;
			}
			addPiece(total, streamed.piece);
			if (streamed.piece.delta)
				yield { type: 'text-delta', id: total.id, delta: streamed.piece.delta };
		}
		if (isCutShort(total)) throw cutShortError.call(this.context, total);
		yield {
			type: 'finish',
			finishReason: finishReasonOf(total.finishReason),
			usage: tokenUsageOf(total.usage),
		};
	}

	/** The request, or the reason not to send one (tools bound or passed in the call, a message the service cannot take). */
	private requestBody(messages: Message[], config?: ChatModelConfig): IDataObject {
		const callTools = (config as { tools?: unknown } | undefined)?.tools;
		if (this.tools.length > 0 || (Array.isArray(callTools) && callTools.length > 0))
			throw this.refusal(TOOLS_REFUSAL);
		const mapped = toChatMessages(messages);
		if (!mapped.ok) throw this.refusal(mapped);
		return modelRequestBody(this.modelId, mapped.messages, this.options);
	}

	private refusal(problem: { message: string; description: string }): NodeOperationError {
		return new NodeOperationError(this.context.getNode(), problem.message, {
			description: problem.description,
		});
	}
}
