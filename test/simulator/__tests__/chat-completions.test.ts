import { CHAT_QUOTAS, FIXTURE_IDS, runAdmin } from '../index';
import { useContractSchemaCheck } from './contract-schemas';
import { QUESTION, assistant, system, useChatServer, user, type Completion } from './chat-requests';

/** POST /v1/chat/completions: the answer's shape, its caps, and nothing kept. The refusals and the model list: chat-refusals.test.ts. */
describe('POST /v1/chat/completions', () => {
	const { t, chat, complete, refusal } = useChatServer();
	const validate = useContractSchemaCheck(t);

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
				choices: [
					{
						index: 0,
						message: { role: 'assistant', content: `Standard answer: ${QUESTION}` },
						finish_reason: 'stop',
					},
				],
				usage: {
					prompt_tokens: 5,
					completion_tokens: 7,
					total_tokens: 12,
					completion_tokens_details: { reasoning_tokens: 0 },
				},
			});
			expect(body.created).toBeGreaterThanOrEqual(before);
			expect(body.created).toBeLessThanOrEqual(Math.ceil(t.sim.clock.now() / 1000));
		});

		test('Determinism: the same request gets the same content, finish_reason and usage (only the id differs)', async () => {
			const request = {
				model: 'dw-reasoning',
				messages: [system('Be brief.'), user(QUESTION)],
				max_completion_tokens: 52,
			};
			const [a, b] = [await complete(request), await complete(request)];
			expect(a.id).not.toBe(b.id);
			expect(a.choices).toEqual(b.choices);
			expect(a.usage).toEqual(b.usage);
			// After a reset the ids repeat too (deterministic per seed).
			t.sim.reset();
			expect((await complete(request)).id).toBe(a.id);
		});

		test('Usage: prompt_tokens counts the words of every message; completion_tokens the answer; total the sum', async () => {
			const messages = [
				system('You are a careful lawyer.'),
				user('First question here'),
				assistant('Standard answer: First question here'),
				user(QUESTION),
			];
			const body = await complete({ model: 'dw-standard', messages });
			expect(body.usage).toEqual({
				prompt_tokens: 5 + 3 + 5 + 5,
				completion_tokens: 11,
				total_tokens: 29,
				completion_tokens_details: { reasoning_tokens: 0 },
			});
		});

		test('Messages: the answer echoes the LAST user message, trimmed; a system message adds "(following the system instructions)"', async () => {
			const plain = await complete({
				model: 'dw-standard',
				messages: [
					user('An earlier question'),
					assistant('An earlier answer'),
					user(`  ${QUESTION}\n`),
				],
			});
			expect(plain.choices[0].message.content).toBe(`Standard answer: ${QUESTION}`);
			const withSystem = await complete({
				model: 'dw-standard',
				messages: [system('Answer in French.'), user(QUESTION)],
			});
			expect(withSystem.choices[0].message.content).toBe(
				`Standard answer: ${QUESTION} (following the system instructions)`,
			);
			const reasoning = await complete({ model: 'dw-reasoning', messages: [user(QUESTION)] });
			expect(reasoning.choices[0].message.content).toBe(`Reasoning answer: ${QUESTION}`);
		});

		test('Messages: a long question is cut to 40 words', async () => {
			const words = Array.from({ length: 50 }, (_, index) => `w${index + 1}`);
			const body = await complete({ model: 'dw-standard', messages: [user(words.join(' '))] });
			expect(body.choices[0].message.content).toBe(
				`Standard answer: ${words.slice(0, 40).join(' ')}`,
			);
			expect(body.choices[0].finish_reason).toBe('stop');
		});
	});

	describe('Caps (Chat completion request: max_completion_tokens preferred over max_tokens; Limits: completion cap guidance)', () => {
		const base = { model: 'dw-standard', messages: [user(QUESTION)] };

		test('dw-standard: the content is cut to the cap in words, finish_reason length; a cap it fits in gives stop', async () => {
			const cut = await complete({ ...base, max_completion_tokens: 4 });
			expect(cut.choices[0]).toMatchObject({
				message: { content: 'Standard answer: What is' },
				finish_reason: 'length',
			});
			expect(cut.usage).toMatchObject({ completion_tokens: 4, total_tokens: 9 });
			const exact = await complete({ ...base, max_completion_tokens: 7 });
			expect(exact.choices[0]).toMatchObject({
				message: { content: `Standard answer: ${QUESTION}` },
				finish_reason: 'stop',
			});
		});

		test('max_completion_tokens wins over max_tokens when both are sent; max_tokens alone is the fallback', async () => {
			const preferred = await complete({ ...base, max_completion_tokens: 4, max_tokens: 100 });
			expect(preferred.choices[0]).toMatchObject({
				message: { content: 'Standard answer: What is' },
				finish_reason: 'length',
			});
			const notCut = await complete({ ...base, max_completion_tokens: 100, max_tokens: 4 });
			expect(notCut.choices[0]).toMatchObject({
				message: { content: `Standard answer: ${QUESTION}` },
				finish_reason: 'stop',
			});
			const legacy = await complete({ ...base, max_tokens: 3 });
			expect(legacy.choices[0]).toMatchObject({
				message: { content: 'Standard answer: What' },
				finish_reason: 'length',
			});
			const nulls = await complete({ ...base, max_completion_tokens: null, max_tokens: 3 });
			expect(nulls.choices[0].message.content).toBe('Standard answer: What');
		});

		test('dw-reasoning: 48 reasoning tokens first, counted in completion_tokens and completion_tokens_details', async () => {
			const body = await complete({ model: 'dw-reasoning', messages: [user(QUESTION)] });
			expect(body.choices[0]).toMatchObject({
				message: { content: `Reasoning answer: ${QUESTION}` },
				finish_reason: 'stop',
			});
			expect(body.usage).toEqual({
				prompt_tokens: 5,
				completion_tokens: 55,
				total_tokens: 60,
				completion_tokens_details: { reasoning_tokens: 48 },
			});
		});

		test('dw-reasoning: a cap of 48 or less is spent on reasoning: empty content, finish_reason length, not an error', async () => {
			for (const cap of [1, 20, 48]) {
				const body = await complete({
					model: 'dw-reasoning',
					messages: [user(QUESTION)],
					max_completion_tokens: cap,
				});
				expect(body.choices[0]).toEqual({
					index: 0,
					message: { role: 'assistant', content: '' },
					finish_reason: 'length',
				});
				// The cap bounds the reasoning channel too.
				expect(body.usage).toMatchObject({
					completion_tokens: cap,
					completion_tokens_details: { reasoning_tokens: cap },
				});
			}
		});

		test('dw-reasoning: above 48 the content gets cap - 48 words', async () => {
			const near = await complete({
				model: 'dw-reasoning',
				messages: [user(QUESTION)],
				max_completion_tokens: 50,
			});
			expect(near.choices[0]).toMatchObject({
				message: { content: 'Reasoning answer:' },
				finish_reason: 'length',
			});
			expect(near.usage).toMatchObject({
				completion_tokens: 50,
				completion_tokens_details: { reasoning_tokens: 48 },
			});
			const roomy = await complete({
				model: 'dw-reasoning',
				messages: [user(QUESTION)],
				max_tokens: 55,
			});
			expect(roomy.choices[0]).toMatchObject({
				message: { content: `Reasoning answer: ${QUESTION}` },
				finish_reason: 'stop',
			});
		});
	});

	describe('What the service does 3: stateless', () => {
		test('Nothing of a conversation is kept: the next request knows only its own messages; no run or record appears', async () => {
			const runsBefore = runAdmin(t.sim).runs().length;
			const secret = 'The codeword is Zanzibar-7741.';
			await complete({
				model: 'dw-standard',
				messages: [system('Remember everything.'), user(secret)],
			});
			const followUp = await complete({
				model: 'dw-standard',
				messages: [user('What was the codeword?')],
			});
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
