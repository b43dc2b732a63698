import { FIXTURE_IDS, FIXTURE_KEYS } from '../index';
import { QUESTION, assistant, useChatServer, user } from './chat-requests';

/** POST /v1/chat/completions: its refusals in their fixed order, the scope, feature and rate limit, and the model list it accepts. */
describe('POST /v1/chat/completions', () => {
	const { t, chat, complete, refusal } = useChatServer();

	describe('Refusals (Errors shape 2), checked in a fixed order', () => {
		test('Errors (400 tools_not_supported_yet): tools or tool_choice sent, whatever the value', async () => {
			for (const extra of [
				{ tools: [{ type: 'function', function: { name: 'f' } }] },
				{ tools: [] },
				{ tool_choice: 'none' },
				{ tools: null },
			]) {
				const body = await refusal({ model: 'dw-standard', messages: [user(QUESTION)], ...extra });
				expect(body.error).toBe('tools_not_supported_yet');
				expect(typeof body.message).toBe('string');
			}
			// Checked first: even with an unknown model and no messages.
			expect((await refusal({ model: 'gpt-4o', tool_choice: 'auto' })).error).toBe(
				'tools_not_supported_yet',
			);
		});

		test('Errors (400 model_not_allowed): a model not in the list; the message names it and no allowed-model list is added', async () => {
			const body = await refusal({ model: 'gpt-4o', messages: [user(QUESTION)] });
			expect(Object.keys(body).sort()).toEqual(['error', 'message']);
			expect(body.error).toBe('model_not_allowed');
			expect(body.message).toContain('gpt-4o');
			// Checked before the messages.
			expect((await refusal({ model: 'gpt-4o', messages: [] })).error).toBe('model_not_allowed');
		});

		test('Errors (400 model_not_allowed): Globex fixes dw-standard for API access, so dw-reasoning is refused there', async () => {
			const refused = await chat(
				{ model: 'dw-reasoning', messages: [user(QUESTION)] },
				FIXTURE_KEYS.otherTenant,
			);
			expect(refused.status).toBe(400);
			const body = (await refused.json()) as { error: string; message: string };
			expect(body.error).toBe('model_not_allowed');
			expect(body.message).toContain('dw-reasoning');
			expect(
				(await chat({ model: 'dw-standard', messages: [user(QUESTION)] }, FIXTURE_KEYS.otherTenant))
					.status,
			).toBe(200);
		});

		test('model missing or not a string: 400 invalid_request', async () => {
			expect((await refusal({ messages: [user(QUESTION)] })).error).toBe('invalid_request');
			expect((await refusal({ model: 7, messages: [user(QUESTION)] })).error).toBe(
				'invalid_request',
			);
		});

		test('messages: a non-empty array of { role: system|user|assistant, content: string }, else 400 invalid_request naming the index', async () => {
			const model = 'dw-standard';
			expect(await refusal({ model })).toMatchObject({
				error: 'invalid_request',
				message: expect.stringContaining('messages'),
			});
			expect((await refusal({ model, messages: [] })).error).toBe('invalid_request');
			expect((await refusal({ model, messages: 'Hello' })).error).toBe('invalid_request');
			const badRole = await refusal({
				model,
				messages: [user('Hi'), { role: 'tool', content: 'x' }],
			});
			expect(badRole).toMatchObject({
				error: 'invalid_request',
				message: expect.stringContaining('messages[1].role'),
			});
			const badContent = await refusal({
				model,
				messages: [
					user('Hi'),
					assistant('Hello'),
					{ role: 'user', content: [{ type: 'text', text: 'x' }] },
				],
			});
			expect(badContent).toMatchObject({
				error: 'invalid_request',
				message: expect.stringContaining('messages[2].content'),
			});
			const notObject = await refusal({ model, messages: [user('Hi'), 'Hello again'] });
			expect(notObject.message).toContain('messages[1]');
		});

		test('The optional fields must have their types (400 invalid_request naming the field)', async () => {
			const base = { model: 'dw-standard', messages: [user(QUESTION)] };
			expect((await refusal({ ...base, max_tokens: 0 })).message).toContain('max_tokens');
			expect((await refusal({ ...base, max_completion_tokens: 2.5 })).message).toContain(
				'max_completion_tokens',
			);
			expect((await refusal({ ...base, stream: 'yes' })).message).toContain('stream');
			expect((await refusal({ ...base, temperature: 'warm' })).message).toContain('temperature');
			expect(
				(await complete({ ...base, temperature: 0.2, stream: false })).choices[0].finish_reason,
			).toBe('stop');
		});

		test('A body that is not a JSON object: 400 invalid_request; malformed JSON: 400 invalid_json', async () => {
			expect((await refusal([user(QUESTION)])).error).toBe('invalid_request');
			const malformed = await t.call('/v1/chat/completions', {
				method: 'POST',
				key: FIXTURE_KEYS.full,
				headers: { 'content-type': 'application/json' },
				body: '{"model":',
			});
			expect(malformed.status).toBe(400);
			expect(((await malformed.json()) as { error: string }).error).toBe('invalid_json');
		});
	});

	describe('GET /v1/models: the list the chat endpoint accepts', () => {
		test('Chat completion (Model list): the OpenAI list shape; Acme lists both models, Globex only its fixed one', async () => {
			const res = await t.call('/v1/models', { key: FIXTURE_KEYS.full });
			expect(res.status).toBe(200);
			const list = (await res.json()) as {
				object: string;
				data: { id: string; object: string; created: number; owned_by: string }[];
			};
			expect(list.object).toBe('list');
			expect(list.data.map((model) => model.id)).toEqual(['dw-standard', 'dw-reasoning']);
			for (const model of list.data)
				expect(model).toEqual({
					id: model.id,
					object: 'model',
					created: expect.any(Number),
					owned_by: expect.any(String),
				});
			const globex = (await (
				await t.call('/v1/models', { key: FIXTURE_KEYS.otherTenant })
			).json()) as { data: { id: string }[] };
			expect(globex.data.map((model) => model.id)).toEqual(['dw-standard']);
		});

		test('Every listed id is accepted as `model`', async () => {
			for (const key of [FIXTURE_KEYS.full, FIXTURE_KEYS.otherTenant]) {
				const list = (await (await t.call('/v1/models', { key })).json()) as {
					data: { id: string }[];
				};
				for (const { id } of list.data)
					expect((await chat({ model: id, messages: [user('Hi')] }, key)).status).toBe(200);
			}
		});
	});

	describe('Pipeline: scope, feature, rate limit', () => {
		test('Authentication 3: a chat:completions-only key may chat and list models; a key without the scope is 403 missing_scope', async () => {
			expect(
				(await chat({ model: 'dw-standard', messages: [user('Hi')] }, FIXTURE_KEYS.chatOnly))
					.status,
			).toBe(200);
			expect((await t.call('/v1/models', { key: FIXTURE_KEYS.chatOnly })).status).toBe(200);
			const refused = await chat(
				{ model: 'dw-standard', messages: [user('Hi')] },
				FIXTURE_KEYS.readOnly,
			);
			expect(refused.status).toBe(403);
			expect(await refused.json()).toMatchObject({
				error: 'missing_scope',
				requiredScope: 'chat:completions',
			});
			expect((await t.call('/v1/models', { key: FIXTURE_KEYS.readOnly })).status).toBe(403);
		});

		test('Errors shape 2 (403 chat_disabled): chat switched off for the workspace', async () => {
			t.sim.admin.setWorkspaceFeatures(FIXTURE_IDS.workspaces.acme, { chat: false });
			expect(
				await (await chat({ model: 'dw-standard', messages: [user('Hi')] })).json(),
			).toMatchObject({ error: 'chat_disabled' });
			expect(
				(await chat({ model: 'dw-standard', messages: [user('Hi')] }, FIXTURE_KEYS.otherTenant))
					.status,
			).toBe(200);
		});

		test('Limits (per-key request rate): the lowRate key (5 per window) gets 429 shape 3 rate_limited with Retry-After', async () => {
			const request = { model: 'dw-standard', messages: [user('Hi')] };
			for (let i = 0; i < 5; i++)
				expect((await chat(request, FIXTURE_KEYS.lowRate)).status).toBe(200);
			const res = await chat(request, FIXTURE_KEYS.lowRate);
			expect(res.status).toBe(429);
			expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
			const body = (await res.json()) as { error: Record<string, unknown> };
			expect(body.error).toMatchObject({
				type: 'rate_limited',
				scope: 'key',
				metric: 'requests',
				limit: 5,
				window: '1m',
				request_id: res.headers.get('x-request-id'),
			});
			expect(t.sim.admin.counters().chatCompletions[FIXTURE_IDS.keys.lowRate]).toBe(5);
		});
	});
});
