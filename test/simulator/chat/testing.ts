/**
 * Helpers for tests that read a streamed chat completion as a client would (eventsource-parser).
 * Used by the simulator's own contract tests; the node's integration tests may use them too.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ChatChunk } from './stream';

export interface ChatStreamResult {
	status: number;
	headers: Headers;
	/** The JSON body of a non-200 answer (refusals come as plain JSON, before any stream). */
	errorBody: unknown;
	/** Every parsed SSE message, [DONE] included (its `event` is undefined: no `event:` lines). */
	messages: EventSourceMessage[];
	/** The chat.completion.chunk objects, in order ([DONE] left out). */
	chunks: ChatChunk[];
	/** Whether the `data: [DONE]` frame arrived. */
	done: boolean;
	/** The delta contents joined. */
	content: string;
	/** Every byte received, decoded. */
	raw: string;
	/** Milliseconds from the start of reading to each message. */
	messageTimes: number[];
	/** 'end': the server ended the response; 'error': the connection broke (dropped stream). */
	closed: 'end' | 'error';
}

const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';

/** POSTs a chat completion request (any JSON body, valid or not) with a bearer key. */
export function postChatCompletion(baseUrl: string, key: string, body: unknown): Promise<Response> {
	return fetch(baseUrl + CHAT_COMPLETIONS_PATH, {
		method: 'POST',
		headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
}

/** Reads a chat completion response to its end. */
export async function readChatStream(response: Response): Promise<ChatStreamResult> {
	const started = Date.now();
	const result: ChatStreamResult = {
		status: response.status,
		headers: response.headers,
		errorBody: null,
		messages: [],
		chunks: [],
		done: false,
		content: '',
		raw: '',
		messageTimes: [],
		closed: 'end',
	};
	if (response.status !== 200 || !response.body) {
		result.errorBody = await response.json().catch(() => null);
		return result;
	}
	const parser = createParser({
		onEvent: (message) => {
			result.messages.push(message);
			result.messageTimes.push(Date.now() - started);
			if (message.data === '[DONE]') {
				result.done = true;
				return;
			}
			const chunk = JSON.parse(message.data) as ChatChunk;
			result.chunks.push(chunk);
			for (const choice of chunk.choices) result.content += choice.delta.content ?? '';
		},
	});
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			const text = decoder.decode(value, { stream: true });
			result.raw += text;
			parser.feed(text);
		}
	} catch {
		result.closed = 'error';
	}
	return result;
}
