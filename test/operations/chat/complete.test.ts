// Chat → Chat Completion through n8n's engine against the simulator: the answer aggregated from the stream, the Model locator, the usage, refusals.
import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, FIXTURE_KEYS, chatAdmin } from '../../simulator';
import { failure, items, useIntegrationContext } from '../../integration/support';
import { relayedText, requestsTo } from '../support';

const ctx = useIntegrationContext({ chatChunkDelayMs: 2 });

const complete = (messages: Array<{ role: string; content: string }>, extra: IDataObject = {}) => ({
	resource: 'chat',
	operation: 'complete',
	model: 'dw-standard',
	messages: { values: messages },
	...extra,
});
const ask = (question: string, extra: IDataObject = {}) =>
	complete(
		[
			{ role: 'system', content: 'You are a careful legal assistant.' },
			{ role: 'user', content: question },
		],
		extra,
	);
/** What the node sent (it always streams; the direct reads of the tests do not). */
const chatRequests = () =>
	requestsTo(ctx, 'POST', '/v1/chat/completions')
		.map((entry) => entry.requestBody as IDataObject)
		.filter((body) => body.stream === true);

/** The service's own non-streamed answer to the same request, for comparison. */
async function directAnswer(body: IDataObject): Promise<IDataObject> {
	const response = await fetch(`${ctx.url}/v1/chat/completions`, {
		method: 'POST',
		headers: { authorization: `Bearer ${FIXTURE_KEYS.full}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return (await response.json()) as IDataObject;
}
const QUESTION = [
	{ role: 'user', content: 'Summarise the termination clause of the supply agreement.' },
];

describe('the answer', () => {
	it('answers system + user messages, aggregated from the stream, equal to the service’s non-streamed answer', async () => {
		const result = await ctx.run(ask('Summarise the termination clause of the supply agreement.'));
		expect(result.status).toBe('success');
		const [answer] = items(result);
		const direct = await directAnswer({
			model: 'dw-standard',
			messages: [
				{ role: 'system', content: 'You are a careful legal assistant.' },
				{ role: 'user', content: 'Summarise the termination clause of the supply agreement.' },
			],
		});
		const directText = ((direct.choices as IDataObject[])[0].message as IDataObject).content;
		expect(answer).toMatchObject({ text: directText, finishReason: 'stop', model: 'dw-standard' });
		expect(answer.usage).toMatchObject({ totalTokens: expect.any(Number) });
		const [sent] = chatRequests();
		expect(sent).toMatchObject({ model: 'dw-standard', stream: true });
		expect(sent).not.toHaveProperty('max_completion_tokens');
		expect(sent).not.toHaveProperty('tools');
		expect(sent).not.toHaveProperty('tool_choice');
		expect(sent).not.toHaveProperty('max_tokens');
	});

	it('in a streaming execution, relays the deltas in order with sendChunk; the output equals the relayed text', async () => {
		const result = await ctx.run(ask('What is the notice period?'), 'full', { streaming: true });
		const relayed = relayedText(result);
		expect(relayed.length).toBeGreaterThan(3);
		expect(relayed.join('')).toBe(items(result)[0].text);
	});

	it('with no option added, sends neither a temperature nor a cap: the service’s own defaults apply (docs/chat.md)', async () => {
		await ctx.run(ask('Short answer please.'));
		const [sent] = chatRequests();
		expect(sent).not.toHaveProperty('temperature');
		expect(sent).not.toHaveProperty('max_completion_tokens');
		expect(sent).not.toHaveProperty('max_tokens');
	});

	it('sends the cap as max_completion_tokens and the temperature', async () => {
		await ctx.run(
			ask('Short answer please.', { options: { maxCompletionTokens: 5, temperature: 0.2 } }),
		);
		const [sent] = chatRequests();
		expect(sent).toMatchObject({ max_completion_tokens: 5, temperature: 0.2 });
		expect(sent).not.toHaveProperty('max_tokens');
	});

	it('a JSON Schema response is parsed into the output object', async () => {
		const schema = {
			type: 'object',
			properties: {
				party: { type: 'string' },
				noticeDays: { type: 'integer', minimum: 30 },
				renewable: { type: 'boolean' },
			},
			required: ['party', 'noticeDays', 'renewable'],
			additionalProperties: false,
		};
		const result = await ctx.run(
			ask('Extract the key terms.', {
				responseFormat: 'jsonSchema',
				jsonSchema: JSON.stringify(schema),
				schemaName: 'terms',
			}),
		);
		expect(result.status).toBe('success');
		const [answer] = items(result);
		expect(answer).toEqual({
			party: expect.any(String),
			noticeDays: expect.any(Number),
			renewable: expect.any(Boolean),
		});
		expect(answer.noticeDays as number).toBeGreaterThanOrEqual(30);
		expect(chatRequests()[0].response_format).toEqual({
			type: 'json_schema',
			json_schema: { name: 'terms', schema, strict: true },
		});
	});

	it('the raw output is the chat.completion object, in the service’s shape', async () => {
		const result = await ctx.run(ask('Hello', { simplify: false }));
		const direct = await directAnswer({
			model: 'dw-standard',
			messages: [
				{ role: 'system', content: 'You are a careful legal assistant.' },
				{ role: 'user', content: 'Hello' },
			],
		});
		expect({ ...items(result)[0], id: null, created: null }).toEqual({
			...direct,
			id: null,
			created: null,
		});
		expect(items(result)[0]).toMatchObject({
			object: 'chat.completion',
			model: 'dw-standard',
			choices: [
				{
					index: 0,
					message: { role: 'assistant', content: expect.any(String) },
					finish_reason: 'stop',
				},
			],
			usage: expect.any(Object),
		});
	});

	it('a near-empty answer cut by the cap on a reasoning model comes with a hint', async () => {
		const result = await ctx.run(
			ask('Explain the indemnity clause.', {
				model: 'dw-reasoning',
				options: { maxCompletionTokens: 16 },
			}),
		);
		const [answer] = items(result);
		expect(answer.finishReason).toBe('length');
		expect(String(answer.text).trim().split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(3);
		expect(answer.hint).toMatch(/also covers the model's reasoning/);
	});
});

describe('refusals, each with its meaning', () => {
	it('model_not_allowed names the allowed models', async () => {
		const result = await ctx.run(ask('Hi', { model: 'gpt-unknown' }));
		expect(failure(result).message).toMatch(
			/model_not_allowed.*allowed: dw-reasoning, dw-standard|model_not_allowed.*allowed: dw-standard, dw-reasoning/,
		);
		expect(failure(result).httpCode).toBe('400');
	});

	it('a workspace that fixes one model lists only that one, and refuses the other', async () => {
		const listed = await ctx.run({ resource: 'chat', operation: 'listModels' }, 'otherTenant');
		expect(items(listed).map((model) => model.id)).toEqual(['dw-standard']);
		const refused = await ctx.run(ask('Hi', { model: 'dw-reasoning' }), 'otherTenant');
		expect(failure(refused).message).toContain('allowed: dw-standard');
	});

	it('quota_exceeded says when the quota resets, and is not retried', async () => {
		chatAdmin(ctx.sim).setQuota(FIXTURE_IDS.workspaces.acme, { limitTokens: 0 });
		const result = await ctx.run(ask('Hi'));
		const { message, httpCode } = failure(result);
		expect(httpCode).toBe('429');
		expect(message).toMatch(/quota is exhausted \(quota_exceeded\); it resets at \d{4}-\d\d-\d\dT/);
		expect(chatRequests()).toHaveLength(1);
	});

	it('rate_limited is waited out and retried, as the transport does', async () => {
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 429,
			path: '/v1/chat/completions',
			method: 'POST',
			retryAfterSeconds: 1,
			times: 1,
		});
		const result = await ctx.run(ask('Hi'));
		expect(result.status).toBe('success');
		expect(
			ctx.sim.admin
				.requests()
				.filter((entry) => entry.path === '/v1/chat/completions')
				.map((entry) => entry.status),
		).toEqual([429, 200]);
	});

	it('structured_output_unsupported is explained', async () => {
		const schema = {
			type: 'object',
			properties: { a: { $ref: '#/$defs/x' } },
			$defs: { x: { type: 'string' } },
		};
		const result = await ctx.run(
			ask('Hi', { responseFormat: 'jsonSchema', jsonSchema: JSON.stringify(schema) }),
		);
		expect(failure(result).message).toContain('structured_output_unsupported');
		expect(failure(result).description).toMatch(/Text.*response format|simpler JSON schema/);
	});

	it('a key without chat:completions gets missing_scope; a chat-only key works', async () => {
		expect(failure(await ctx.run(ask('Hi'), 'readOnly')).message).toBe(
			'The API key lacks the scope chat:completions (missing_scope)',
		);
		expect((await ctx.run(ask('Hi'), 'chatOnly')).status).toBe('success');
	});

	it('no user message is refused before sending', async () => {
		const result = await ctx.run(complete([{ role: 'system', content: 'Be brief.' }]));
		expect(failure(result).message).toBe('No user message to answer');
		expect(chatRequests()).toEqual([]);
	});
});

describe('the Model locator and the usage', () => {
	const locator = (mode: 'list' | 'id', value: string) => ({ __rl: true, mode, value });
	const chat = (model: IDataObject, extra: IDataObject = {}) => ({
		resource: 'chat',
		operation: 'complete',
		model,
		messages: { values: QUESTION },
		...extra,
	});

	it('the usage counts are the service’s, in camelCase', async () => {
		const usage = (await directAnswer({ model: 'dw-standard', messages: QUESTION }))
			.usage as IDataObject;
		const [answer] = items(await ctx.run(chat(locator('list', 'dw-standard'))));
		expect(Object.keys(answer)).toEqual(['text', 'finishReason', 'model', 'usage']);
		expect(answer.usage).toEqual({
			promptTokens: usage.prompt_tokens,
			completionTokens: usage.completion_tokens,
			totalTokens: usage.total_tokens,
			reasoningTokens: 0,
		});
		expect(chatRequests().map((body) => body.model)).toEqual(['dw-standard']);
	});

	it('a reasoning model: the reasoning tokens named, and the hint about the cap', async () => {
		const usage = (
			await directAnswer({ model: 'dw-reasoning', messages: QUESTION, max_completion_tokens: 16 })
		).usage as IDataObject;
		const [answer] = items(
			await ctx.run(chat(locator('id', 'dw-reasoning'), { options: { maxCompletionTokens: 16 } })),
		);
		const reasoning = (usage.completion_tokens_details as IDataObject).reasoning_tokens;
		expect(reasoning).toBeGreaterThan(0);
		expect(answer.usage).toMatchObject({
			completionTokens: usage.completion_tokens,
			reasoningTokens: reasoning,
		});
		expect(answer.hint).toMatch(/also covers the model's reasoning/);
	});

	it('By ID and From list alike, and an expression in it', async () => {
		for (const model of [
			locator('id', 'dw-reasoning'),
			locator('list', 'dw-reasoning'),
			locator('id', '={{ "dw-" + "reasoning" }}'),
		]) {
			const result = await ctx.run(chat(model));
			expect(result.status).toBe('success');
			expect(items(result)[0].model).toBe('dw-reasoning');
		}
		expect(chatRequests().map((body) => body.model)).toEqual([
			'dw-reasoning',
			'dw-reasoning',
			'dw-reasoning',
		]);
	});

	it('a model that resolves to nothing is refused before sending', async () => {
		// (An empty fixed value never gets here: n8n refuses to run a node whose required parameter is empty.)
		const result = await ctx.run(chat(locator('id', '={{ "" }}')));
		expect(failure(result).message).toBe('No model selected');
		expect(failure(result).description).toMatch(/Pick a model from the list, or enter its ID/);
		expect(chatRequests()).toEqual([]);
	});
});
