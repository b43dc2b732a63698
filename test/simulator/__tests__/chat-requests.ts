import { FIXTURE_KEYS } from '../index';
import { postChatCompletion } from '../chat/testing';
import { useTestServer } from './helpers';

/** What the tests of POST /v1/chat/completions share: messages, the request, a completion and a refusal as the client reads them. */

export interface Completion {
	id: string;
	object: string;
	created: number;
	model: string;
	choices: { index: number; message: { role: string; content: string }; finish_reason: string }[];
	usage: {
		prompt_tokens: number;
		completion_tokens: number;
		total_tokens: number;
		completion_tokens_details: { reasoning_tokens: number };
	};
}

export const QUESTION = 'What is the notice period?';
export const user = (content: string) => ({ role: 'user', content });
export const system = (content: string) => ({ role: 'system', content });
export const assistant = (content: string) => ({ role: 'assistant', content });

/** The describe block's simulator (reset before each test), and the chat request, its completion and its refusal on it. */
export function useChatServer() {
	const t = useTestServer();

	const chat = (body: unknown, key: string = FIXTURE_KEYS.full) =>
		postChatCompletion(t.url, key, body);
	const complete = async (body: Record<string, unknown>, key?: string): Promise<Completion> => {
		const res = await chat(body, key);
		expect(res.status).toBe(200);
		return (await res.json()) as Completion;
	};
	const refusal = async (
		body: unknown,
		status = 400,
	): Promise<{ error: string; message: string }> => {
		const res = await chat(body);
		expect(res.status).toBe(status);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		return (await res.json()) as { error: string; message: string };
	};
	return { t, chat, complete, refusal };
}
