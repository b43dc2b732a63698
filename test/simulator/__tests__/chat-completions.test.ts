import { CHAT_QUOTAS, FIXTURE_IDS, FIXTURE_KEYS, runAdmin } from '../index';
import { postChatCompletion } from '../chat/testing';
import { useContractSchemaCheck } from './contract-schemas';
import { useTestServer } from './helpers';

interface Completion {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: { index: number; message: { role: string; content: string }; finish_reason: string }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number; completion_tokens_details: { reasoning_tokens: number } };
}

const QUESTION = 'What is the notice period?';
const user = (content: string) => ({ role: 'user', content });
const system = (content: string) => ({ role: 'system', content });
const assistant = (content: string) => ({ role: 'assistant', content });

describe('POST /v1/chat/completions', () => {
  const t = useTestServer();
  const validate = useContractSchemaCheck(t);

  const chat = (body: unknown, key: string = FIXTURE_KEYS.full) => postChatCompletion(t.url, key, body);
  const complete = async (body: Record<string, unknown>, key?: string): Promise<Completion> => {
    const res = await chat(body, key);
    expect(res.status).toBe(200);
    return (await res.json()) as Completion;
  };
  const refusal = async (body: unknown, status = 400): Promise<{ error: string; message: string }> => {
    const res = await chat(body);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return (await res.json()) as { error: string; message: string };
  };

  describe('Response: the standard chat.completion shape, deterministic', () => {
    test('Chat completion: id chatcmpl-<hex>, object, created (unix s), model, one assistant choice, usage; valid against the ChatCompletion schema', async () => {
      const before = Math.floor(t.sim.clock.now() / 1000);
      const res = await chat({ model: 'dw-standard', messages: [user(QUESTION)] });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = (await res.json()) as Completion;
      expect(validate('ChatCompletion', body)).toEqual([]);
      expect(body).toEqual({
        id: expect.stringMatching(/^chatcmpl-[0-9a-f]+$/),
        object: 'chat.completion',
        created: expect.any(Number),
        model: 'dw-standard',
        choices: [{ index: 0, message: { role: 'assistant', content: `Standard answer: ${QUESTION}` }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12, completion_tokens_details: { reasoning_tokens: 0 } },
      });
      expect(body.created).toBeGreaterThanOrEqual(before);
      expect(body.created).toBeLessThanOrEqual(Math.ceil(t.sim.clock.now() / 1000));
    });

    test('Determinism: the same request gets the same content, finish_reason and usage (only the id differs)', async () => {
      const request = { model: 'dw-reasoning', messages: [system('Be brief.'), user(QUESTION)], max_completion_tokens: 52 };
      const [a, b] = [await complete(request), await complete(request)];
      expect(a.id).not.toBe(b.id);
      expect(a.choices).toEqual(b.choices);
      expect(a.usage).toEqual(b.usage);
      // After a reset the ids repeat too (deterministic per seed).
      t.sim.reset();
      expect((await complete(request)).id).toBe(a.id);
    });

    test('Usage: prompt_tokens counts the words of every message; completion_tokens the answer; total the sum', async () => {
      const messages = [system('You are a careful lawyer.'), user('First question here'), assistant('Standard answer: First question here'), user(QUESTION)];
      const body = await complete({ model: 'dw-standard', messages });
      expect(body.usage).toEqual({ prompt_tokens: 5 + 3 + 5 + 5, completion_tokens: 11, total_tokens: 29, completion_tokens_details: { reasoning_tokens: 0 } });
    });

    test('Messages: the answer echoes the LAST user message, trimmed; a system message adds "(following the system instructions)"', async () => {
      const plain = await complete({ model: 'dw-standard', messages: [user('An earlier question'), assistant('An earlier answer'), user(`  ${QUESTION}\n`)] });
      expect(plain.choices[0].message.content).toBe(`Standard answer: ${QUESTION}`);
      const withSystem = await complete({ model: 'dw-standard', messages: [system('Answer in French.'), user(QUESTION)] });
      expect(withSystem.choices[0].message.content).toBe(`Standard answer: ${QUESTION} (following the system instructions)`);
      const reasoning = await complete({ model: 'dw-reasoning', messages: [user(QUESTION)] });
      expect(reasoning.choices[0].message.content).toBe(`Reasoning answer: ${QUESTION}`);
    });

    test('Messages: a long question is cut to 40 words', async () => {
      const words = Array.from({ length: 50 }, (_, index) => `w${index + 1}`);
      const body = await complete({ model: 'dw-standard', messages: [user(words.join(' '))] });
      expect(body.choices[0].message.content).toBe(`Standard answer: ${words.slice(0, 40).join(' ')}`);
      expect(body.choices[0].finish_reason).toBe('stop');
    });
  });

  describe('Caps (Chat completion request: max_completion_tokens preferred over max_tokens; Limits: completion cap guidance)', () => {
    const base = { model: 'dw-standard', messages: [user(QUESTION)] };

    test('dw-standard: the content is cut to the cap in words, finish_reason length; a cap it fits in gives stop', async () => {
      const cut = await complete({ ...base, max_completion_tokens: 4 });
      expect(cut.choices[0]).toMatchObject({ message: { content: 'Standard answer: What is' }, finish_reason: 'length' });
      expect(cut.usage).toMatchObject({ completion_tokens: 4, total_tokens: 9 });
      const exact = await complete({ ...base, max_completion_tokens: 7 });
      expect(exact.choices[0]).toMatchObject({ message: { content: `Standard answer: ${QUESTION}` }, finish_reason: 'stop' });
    });

    test('max_completion_tokens wins over max_tokens when both are sent; max_tokens alone is the fallback', async () => {
      const preferred = await complete({ ...base, max_completion_tokens: 4, max_tokens: 100 });
      expect(preferred.choices[0]).toMatchObject({ message: { content: 'Standard answer: What is' }, finish_reason: 'length' });
      const notCut = await complete({ ...base, max_completion_tokens: 100, max_tokens: 4 });
      expect(notCut.choices[0]).toMatchObject({ message: { content: `Standard answer: ${QUESTION}` }, finish_reason: 'stop' });
      const legacy = await complete({ ...base, max_tokens: 3 });
      expect(legacy.choices[0]).toMatchObject({ message: { content: 'Standard answer: What' }, finish_reason: 'length' });
      const nulls = await complete({ ...base, max_completion_tokens: null, max_tokens: 3 });
      expect(nulls.choices[0].message.content).toBe('Standard answer: What');
    });

    test('dw-reasoning: 48 reasoning tokens first, counted in completion_tokens and completion_tokens_details', async () => {
      const body = await complete({ model: 'dw-reasoning', messages: [user(QUESTION)] });
      expect(body.choices[0]).toMatchObject({ message: { content: `Reasoning answer: ${QUESTION}` }, finish_reason: 'stop' });
      expect(body.usage).toEqual({ prompt_tokens: 5, completion_tokens: 55, total_tokens: 60, completion_tokens_details: { reasoning_tokens: 48 } });
    });

    test('dw-reasoning: a cap of 48 or less is spent on reasoning: empty content, finish_reason length, not an error', async () => {
      for (const cap of [1, 20, 48]) {
        const body = await complete({ model: 'dw-reasoning', messages: [user(QUESTION)], max_completion_tokens: cap });
        expect(body.choices[0]).toEqual({ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'length' });
        // The cap bounds the reasoning channel too.
        expect(body.usage).toMatchObject({ completion_tokens: cap, completion_tokens_details: { reasoning_tokens: cap } });
      }
    });

    test('dw-reasoning: above 48 the content gets cap - 48 words', async () => {
      const near = await complete({ model: 'dw-reasoning', messages: [user(QUESTION)], max_completion_tokens: 50 });
      expect(near.choices[0]).toMatchObject({ message: { content: 'Reasoning answer:' }, finish_reason: 'length' });
      expect(near.usage).toMatchObject({ completion_tokens: 50, completion_tokens_details: { reasoning_tokens: 48 } });
      const roomy = await complete({ model: 'dw-reasoning', messages: [user(QUESTION)], max_tokens: 55 });
      expect(roomy.choices[0]).toMatchObject({ message: { content: `Reasoning answer: ${QUESTION}` }, finish_reason: 'stop' });
    });
  });

  describe('Refusals (Errors shape 2), checked in a fixed order', () => {
    test('Errors (400 tools_not_supported_yet): tools or tool_choice sent, whatever the value', async () => {
      for (const extra of [{ tools: [{ type: 'function', function: { name: 'f' } }] }, { tools: [] }, { tool_choice: 'none' }, { tools: null }]) {
        const body = await refusal({ model: 'dw-standard', messages: [user(QUESTION)], ...extra });
        expect(body.error).toBe('tools_not_supported_yet');
        expect(typeof body.message).toBe('string');
      }
      // Checked first: even with an unknown model and no messages.
      expect((await refusal({ model: 'gpt-4o', tool_choice: 'auto' })).error).toBe('tools_not_supported_yet');
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
      const refused = await chat({ model: 'dw-reasoning', messages: [user(QUESTION)] }, FIXTURE_KEYS.otherTenant);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: string; message: string };
      expect(body.error).toBe('model_not_allowed');
      expect(body.message).toContain('dw-reasoning');
      expect((await chat({ model: 'dw-standard', messages: [user(QUESTION)] }, FIXTURE_KEYS.otherTenant)).status).toBe(200);
    });

    test('model missing or not a string: 400 invalid_request', async () => {
      expect((await refusal({ messages: [user(QUESTION)] })).error).toBe('invalid_request');
      expect((await refusal({ model: 7, messages: [user(QUESTION)] })).error).toBe('invalid_request');
    });

    test('messages: a non-empty array of { role: system|user|assistant, content: string }, else 400 invalid_request naming the index', async () => {
      const model = 'dw-standard';
      expect(await refusal({ model })).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('messages') });
      expect((await refusal({ model, messages: [] })).error).toBe('invalid_request');
      expect((await refusal({ model, messages: 'Hello' })).error).toBe('invalid_request');
      const badRole = await refusal({ model, messages: [user('Hi'), { role: 'tool', content: 'x' }] });
      expect(badRole).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('messages[1].role') });
      const badContent = await refusal({ model, messages: [user('Hi'), assistant('Hello'), { role: 'user', content: [{ type: 'text', text: 'x' }] }] });
      expect(badContent).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('messages[2].content') });
      const notObject = await refusal({ model, messages: [user('Hi'), 'Hello again'] });
      expect(notObject.message).toContain('messages[1]');
    });

    test('The optional fields must have their types (400 invalid_request naming the field)', async () => {
      const base = { model: 'dw-standard', messages: [user(QUESTION)] };
      expect((await refusal({ ...base, max_tokens: 0 })).message).toContain('max_tokens');
      expect((await refusal({ ...base, max_completion_tokens: 2.5 })).message).toContain('max_completion_tokens');
      expect((await refusal({ ...base, stream: 'yes' })).message).toContain('stream');
      expect((await refusal({ ...base, temperature: 'warm' })).message).toContain('temperature');
      expect((await complete({ ...base, temperature: 0.2, stream: false })).choices[0].finish_reason).toBe('stop');
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
      const list = (await res.json()) as { object: string; data: { id: string; object: string; created: number; owned_by: string }[] };
      expect(list.object).toBe('list');
      expect(list.data.map((model) => model.id)).toEqual(['dw-standard', 'dw-reasoning']);
      for (const model of list.data) expect(model).toEqual({ id: model.id, object: 'model', created: expect.any(Number), owned_by: expect.any(String) });
      const globex = (await (await t.call('/v1/models', { key: FIXTURE_KEYS.otherTenant })).json()) as { data: { id: string }[] };
      expect(globex.data.map((model) => model.id)).toEqual(['dw-standard']);
    });

    test('Every listed id is accepted as `model`', async () => {
      for (const key of [FIXTURE_KEYS.full, FIXTURE_KEYS.otherTenant]) {
        const list = (await (await t.call('/v1/models', { key })).json()) as { data: { id: string }[] };
        for (const { id } of list.data) expect((await chat({ model: id, messages: [user('Hi')] }, key)).status).toBe(200);
      }
    });
  });

  describe('Pipeline: scope, feature, rate limit', () => {
    test('Authentication 3: a chat:completions-only key may chat and list models; a key without the scope is 403 missing_scope', async () => {
      expect((await chat({ model: 'dw-standard', messages: [user('Hi')] }, FIXTURE_KEYS.chatOnly)).status).toBe(200);
      expect((await t.call('/v1/models', { key: FIXTURE_KEYS.chatOnly })).status).toBe(200);
      const refused = await chat({ model: 'dw-standard', messages: [user('Hi')] }, FIXTURE_KEYS.readOnly);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: 'missing_scope', requiredScope: 'chat:completions' });
      expect((await t.call('/v1/models', { key: FIXTURE_KEYS.readOnly })).status).toBe(403);
    });

    test('Errors shape 2 (403 chat_disabled): chat switched off for the workspace', async () => {
      t.sim.admin.setWorkspaceFeatures(FIXTURE_IDS.workspaces.acme, { chat: false });
      expect(await (await chat({ model: 'dw-standard', messages: [user('Hi')] })).json()).toMatchObject({ error: 'chat_disabled' });
      expect((await chat({ model: 'dw-standard', messages: [user('Hi')] }, FIXTURE_KEYS.otherTenant)).status).toBe(200);
    });

    test('Limits (per-key request rate): the lowRate key (5 per window) gets 429 shape 3 rate_limited with Retry-After', async () => {
      const request = { model: 'dw-standard', messages: [user('Hi')] };
      for (let i = 0; i < 5; i++) expect((await chat(request, FIXTURE_KEYS.lowRate)).status).toBe(200);
      const res = await chat(request, FIXTURE_KEYS.lowRate);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(body.error).toMatchObject({ type: 'rate_limited', scope: 'key', metric: 'requests', limit: 5, window: '1m', request_id: res.headers.get('x-request-id') });
      expect(t.sim.admin.counters().chatCompletions[FIXTURE_IDS.keys.lowRate]).toBe(5);
    });
  });

  describe('What the service does 3: stateless', () => {
    test('Nothing of a conversation is kept: the next request knows only its own messages; no run or record appears', async () => {
      const runsBefore = runAdmin(t.sim).runs().length;
      const secret = 'The codeword is Zanzibar-7741.';
      await complete({ model: 'dw-standard', messages: [system('Remember everything.'), user(secret)] });
      const followUp = await complete({ model: 'dw-standard', messages: [user('What was the codeword?')] });
      expect(followUp.choices[0].message.content).toBe('Standard answer: What was the codeword?');
      expect(runAdmin(t.sim).runs()).toHaveLength(runsBefore);
      // The chat module's only state is the quota tally: token counts, no text.
      const kept = JSON.stringify([...t.sim.state.slice(CHAT_QUOTAS).entries()]);
      expect(kept).not.toContain('Zanzibar');
      expect(t.sim.admin.counters().chatCompletions).toEqual({ [FIXTURE_IDS.keys.full]: 2 });
    });

    test('Refused requests are not counted as completions', async () => {
      await refusal({ model: 'gpt-4o', messages: [user('Hi')] });
      await refusal({ model: 'dw-standard', messages: [user('Hi')], tools: [] });
      expect(t.sim.admin.counters().chatCompletions).toBeUndefined();
    });
  });
});
