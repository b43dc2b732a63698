/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// A scripted OpenAI-compatible chat server (test code only, plain node:http): POST /v1/chat/completions answers
// the next reply of a script, in the non-streamed `chat.completion` shape or, when the request asks for a stream,
// as `chat.completion.chunk` events. Every request body is kept, so a test can read what the agent sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ToolCallReply {
	toolCall: {
		name: (request: ChatRequest) => string;
		arguments: Record<string, unknown>;
		id?: string;
	};
}
interface TextReply {
	text: string;
}
export type ScriptedReply = ToolCallReply | TextReply;

export interface ChatRequest {
	model?: string;
	stream?: boolean;
	messages: Array<{
		role: string;
		content?: unknown;
		tool_calls?: unknown[];
		tool_call_id?: string;
	}>;
	tools?: Array<{
		type: string;
		function: { name: string; description?: string; parameters?: Record<string, unknown> };
	}>;
	[key: string]: unknown;
}

export interface ReceivedRequest {
	method: string;
	path: string;
	headers: IncomingMessage['headers'];
	rawBody: string;
	body?: ChatRequest;
}

export class ScriptedModel {
	readonly received: ReceivedRequest[] = [];
	private server?: Server;
	private next = 0;

	constructor(private readonly script: ScriptedReply[]) {}

	/** Starts on 127.0.0.1 and returns the base URL to put in an OpenAI credential (…/v1). */
	async start(): Promise<string> {
		this.server = createServer((request, response) => void this.handle(request, response));
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolve) =>
			this.server ? this.server.close(() => resolve()) : resolve(),
		);
	}

	/** Starts the script again (for another execution). */
	reset(): void {
		this.next = 0;
		this.received.length = 0;
	}

	private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks).toString('utf8');
		const entry: ReceivedRequest = {
			method: request.method ?? '',
			path: request.url ?? '',
			headers: request.headers,
			rawBody,
		};
		this.received.push(entry);
		if (request.method !== 'POST' || !entry.path.startsWith('/v1/chat/completions')) {
			response
				.writeHead(404, { 'content-type': 'application/json' })
				.end(JSON.stringify({ error: { message: `No route ${entry.method} ${entry.path}` } }));
			return;
		}
		entry.body = JSON.parse(rawBody) as ChatRequest;
		const reply = this.script[this.next++];
		if (!reply) {
			response
				.writeHead(500, { 'content-type': 'application/json' })
				.end(JSON.stringify({ error: { message: 'The script has no more replies' } }));
			return;
		}
		const message =
			'toolCall' in reply
				? {
						role: 'assistant',
						content: null,
						tool_calls: [
							{
								id: reply.toolCall.id ?? 'call_1',
								type: 'function',
								function: {
									name: reply.toolCall.name(entry.body),
									arguments: JSON.stringify(reply.toolCall.arguments),
								},
							},
						],
					}
				: { role: 'assistant', content: reply.text };
		const finish = 'toolCall' in reply ? 'tool_calls' : 'stop';
		const base = {
			id: `chatcmpl-${this.next}`,
			created: Math.floor(Date.now() / 1000),
			model: entry.body.model ?? 'scripted',
		};
		const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
		if (!entry.body.stream) {
			response.writeHead(200, { 'content-type': 'application/json' }).end(
				JSON.stringify({
					...base,
					object: 'chat.completion',
					choices: [{ index: 0, message, finish_reason: finish }],
					usage,
				}),
			);
			return;
		}
		const delta =
			'toolCall' in reply
				? {
						role: 'assistant',
						content: null,
						tool_calls: (message.tool_calls as Array<Record<string, unknown>>).map(
							(call, index) => ({ index, ...call }),
						),
					}
				: { role: 'assistant', content: reply.text };
		response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
		const frame = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
		frame({
			...base,
			object: 'chat.completion.chunk',
			choices: [{ index: 0, delta, finish_reason: null }],
		});
		frame({
			...base,
			object: 'chat.completion.chunk',
			choices: [{ index: 0, delta: {}, finish_reason: finish }],
			usage,
		});
		response.end('data: [DONE]\n\n');
	}
}
