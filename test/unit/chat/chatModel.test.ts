// The Chat Model's pure parts: n8n's messages → the service's, options → the request body, the answer → n8n's result.
import type { Message } from '@n8n/ai-node-sdk';

import {
	addPiece,
	emptyCompletion,
	isCutShort,
	readCompletionChunk,
} from '../../../nodes/shared/chat/completion';
import { toChatMessages, TOOLS_REFUSAL } from '../../../nodes/LmChatDraftingWorkspace/messages';
import { modelRequestBody } from '../../../nodes/LmChatDraftingWorkspace/options';
import { readChatOptions, withResponseFormat } from '../../../nodes/shared/chat/options';
import {
	finishReasonOf,
	generateResultOf,
	tokenUsageOf,
} from '../../../nodes/LmChatDraftingWorkspace/result';

const text = (role: Message['role'], ...parts: string[]): Message => ({
	role,
	content: parts.map((part) => ({ type: 'text' as const, text: part })),
});

describe('toChatMessages', () => {
	it('keeps system, user and assistant messages in order, text parts joined as written', () => {
		const mapped = toChatMessages([
			text('system', 'Be brief.'),
			text('user', 'Draft a ', 'clause.'),
			text('assistant', 'Done.'),
			text('user', 'Shorter.'),
		]);
		expect(mapped).toEqual({
			ok: true,
			messages: [
				{ role: 'system', content: 'Be brief.' },
				{ role: 'user', content: 'Draft a clause.' },
				{ role: 'assistant', content: 'Done.' },
				{ role: 'user', content: 'Shorter.' },
			],
		});
	});

	it('leaves reasoning out', () => {
		const mapped = toChatMessages([
			text('user', 'Hi'),
			{
				role: 'assistant',
				content: [
					{ type: 'reasoning', text: 'hmm' },
					{ type: 'text', text: 'Hello' },
				],
			},
		]);
		expect(mapped).toMatchObject({
			ok: true,
			messages: [{ role: 'user' }, { role: 'assistant', content: 'Hello' }],
		});
	});

	it('refuses tool calls and tool results with the tools message (nothing is sent)', () => {
		const call: Message = {
			role: 'assistant',
			content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: '{}' }],
		};
		const result: Message = {
			role: 'tool',
			content: [{ type: 'tool-result', toolCallId: 'c1', result: 'x' }],
		};
		expect(toChatMessages([text('user', 'Hi'), call])).toEqual({ ok: false, ...TOOLS_REFUSAL });
		expect(toChatMessages([text('user', 'Hi'), result])).toEqual({ ok: false, ...TOOLS_REFUSAL });
		expect(TOOLS_REFUSAL.message).toMatch(/chain/);
		expect(TOOLS_REFUSAL.message).toMatch(/AI Agent without tools/);
		expect(TOOLS_REFUSAL.description).toMatch(/tools_not_supported_yet/);
	});

	it('refuses files and a conversation without a user message', () => {
		const file: Message = {
			role: 'user',
			content: [{ type: 'file', mediaType: 'image/png', data: 'AAAA' }],
		};
		expect(toChatMessages([file])).toMatchObject({
			ok: false,
			message: 'The Drafting Workspace Chat Model takes text only',
		});
		expect(toChatMessages([text('system', 'Be brief.'), text('user', '  ')])).toMatchObject({
			ok: false,
			message: 'No user message to answer',
		});
	});
});

describe('options → request body', () => {
	const messages = [{ role: 'user', content: 'Draft' }];

	it('no options: model, messages, streamed with usage; never tools, temperature or a cap', () => {
		const body = modelRequestBody('dw-standard', messages, readChatOptions({}));
		expect(body).toEqual({
			model: 'dw-standard',
			messages,
			stream: true,
			stream_options: { include_usage: true },
		});
	});

	it('temperature and Maximum Completion Tokens (as max_completion_tokens, never max_tokens)', () => {
		const body = modelRequestBody(
			'dw-standard',
			messages,
			readChatOptions({ temperature: 0.2, maxCompletionTokens: 300 }),
		);
		expect(body).toMatchObject({ temperature: 0.2, max_completion_tokens: 300 });
		expect(body).not.toHaveProperty('max_tokens');
		expect(body).not.toHaveProperty('tools');
	});

	it('Response Format JSON Schema: response_format json_schema with the parsed schema and a clean name', () => {
		const read = readChatOptions({
			responseFormat: 'jsonSchema',
			jsonSchema: '{"type":"object"}',
			schemaName: 'my draft',
		});
		expect(read).toEqual({
			responseFormat: 'jsonSchema',
			jsonSchemaText: '{"type":"object"}',
			schemaName: 'my draft',
		});
		const body = modelRequestBody('dw-standard', messages, {
			...read,
			jsonSchema: { type: 'object' },
		});
		expect(body.response_format).toEqual({
			type: 'json_schema',
			json_schema: { name: 'my_draft', schema: { type: 'object' }, strict: true },
		});
	});

	it('Response Format Text sends no response_format; an empty schema name becomes "answer"', () => {
		expect(
			modelRequestBody(
				'm',
				messages,
				readChatOptions({ responseFormat: 'text', jsonSchema: '{}' }),
			),
		).not.toHaveProperty('response_format');
		expect(readChatOptions({ responseFormat: 'jsonSchema', schemaName: ' ' }).schemaName).toBe(
			'answer',
		);
	});
});

describe('the answer → n8n', () => {
	const chunk = (content: string, finish: string | null = null, extra = {}) => ({
		id: 'c1',
		model: 'dw-standard',
		choices: [{ index: 0, delta: { content }, finish_reason: finish }],
		...extra,
	});

	it('adds chunks up into one assistant message with usage', () => {
		const total = emptyCompletion();
		addPiece(total, readCompletionChunk(chunk('Hello ')));
		addPiece(total, readCompletionChunk(chunk('world', 'stop')));
		addPiece(
			total,
			readCompletionChunk({
				id: 'c1',
				choices: [],
				usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
			}),
		);
		expect(isCutShort(total)).toBe(false);
		expect(generateResultOf(total)).toEqual({
			id: 'c1',
			finishReason: 'stop',
			usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 },
			message: { role: 'assistant', id: 'c1', content: [{ type: 'text', text: 'Hello world' }] },
			providerMetadata: { model: 'dw-standard' },
		});
	});

	it('a stream with neither [DONE] nor a finish reason is cut short', () => {
		const total = emptyCompletion();
		addPiece(total, readCompletionChunk(chunk('Hel')));
		expect(isCutShort(total)).toBe(true);
	});

	it('finish reasons and reasoning tokens in n8n’s words', () => {
		expect(finishReasonOf('length')).toBe('length');
		expect(finishReasonOf('content_filter')).toBe('content-filter');
		expect(finishReasonOf(null)).toBe('other');
		expect(
			tokenUsageOf({
				prompt_tokens: 1,
				completion_tokens: 50,
				completion_tokens_details: { reasoning_tokens: 48 },
			}),
		).toEqual({
			promptTokens: 1,
			completionTokens: 50,
			totalTokens: 51,
			outputTokenDetails: { reasoning: 48 },
		});
		expect(tokenUsageOf(undefined)).toBeUndefined();
	});
});

describe('the Response Format fields beside the Options (withResponseFormat)', () => {
	const fields: Record<string, unknown> = {
		responseFormat: 'jsonSchema',
		jsonSchema: '{"type":"object"}',
		schemaName: 'terms',
	};
	it('reads the schema fields only when JSON Schema is chosen', () => {
		expect(
			readChatOptions(withResponseFormat({ temperature: 0.2 }, (name) => fields[name])),
		).toEqual({
			temperature: 0.2,
			responseFormat: 'jsonSchema',
			jsonSchemaText: '{"type":"object"}',
			schemaName: 'terms',
		});
		const asText: Record<string, unknown> = { ...fields, responseFormat: 'text' };
		const text = readChatOptions(withResponseFormat({}, (name) => asText[name]));
		expect(text).toEqual({});
	});
});
