import { createSimulator, FIXTURE_IDS, FIXTURE_KEYS } from '../index';
import { postChatCompletion, readChatStream, type ChatStreamResult } from '../chat/testing';
import { useContractSchemaCheck } from './contract-schemas';
import { startTestServer, useTestServer } from './helpers';
import { traceTimers } from '../timer-trace';

const QUESTION = 'What is the notice period?';
const CHAT_PATH = '/v1/chat/completions';
const user = (content: string) => ({ role: 'user', content });

interface Completion {
	id: string;
	created: number;
	choices: { message: { content: string }; finish_reason: string }[];
	usage: Record<string, unknown>;
}

describe('POST /v1/chat/completions with stream: true (Events: chat.completion.chunk events ending with data: [DONE])', () => {
	const t = useTestServer({ chatChunkDelayMs: 1 });
	const validate = useContractSchemaCheck(t);

	const chat = (body: unknown, key: string = FIXTURE_KEYS.full) =>
		postChatCompletion(t.url, key, body);
	const stream = async (body: Record<string, unknown>): Promise<ChatStreamResult> =>
		readChatStream(await chat({ ...body, stream: true }));
	const complete = async (body: Record<string, unknown>): Promise<Completion> =>
		(await (await chat(body)).json()) as Completion;

	test('Frames: data-only SSE; a role delta, one delta per word (with its trailing space), a finish chunk, then [DONE] and the end', async () => {
		const result = await stream({ model: 'dw-standard', messages: [user(QUESTION)] });
		expect(result.status).toBe(200);
		expect(result.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
		expect(result.headers.get('cache-control')).toBe('no-cache');
		expect(result.closed).toBe('end');
		// No `event:` lines: every message is the default event, and the bytes are exactly `data: <json>\n\n` frames.
		expect(result.messages.every((message) => message.event === undefined)).toBe(true);
		expect(result.raw).toBe(result.messages.map((message) => `data: ${message.data}\n\n`).join(''));
		expect(result.messages.at(-1)!.data).toBe('[DONE]');
		expect(result.done).toBe(true);

		const [first] = result.chunks;
		for (const chunk of result.chunks) {
			expect(validate('ChatCompletionChunk', chunk)).toEqual([]);
			expect(chunk).toMatchObject({
				id: first.id,
				object: 'chat.completion.chunk',
				created: first.created,
				model: 'dw-standard',
			});
		}
		expect(first.id).toMatch(/^chatcmpl-[0-9a-f]+$/);
		expect(result.chunks.map((chunk) => chunk.choices)).toEqual([
			[{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
			...['Standard ', 'answer: ', 'What ', 'is ', 'the ', 'notice ', 'period?'].map((content) => [
				{ index: 0, delta: { content }, finish_reason: null },
			]),
			[{ index: 0, delta: {}, finish_reason: 'stop' }],
		]);
		// Without stream_options.include_usage there is no usage chunk.
		expect(result.chunks.some((chunk) => 'usage' in chunk)).toBe(false);
	});

	test.each([
		[
			'a system message',
			{
				model: 'dw-standard',
				messages: [{ role: 'system', content: 'Be formal.' }, user(QUESTION)],
			},
		],
		['a cut standard answer', { model: 'dw-standard', messages: [user(QUESTION)], max_tokens: 4 }],
		[
			'a reasoning answer cut to cap - 48',
			{ model: 'dw-reasoning', messages: [user(QUESTION)], max_completion_tokens: 51 },
		],
		[
			'a question with line breaks and tabs',
			{ model: 'dw-reasoning', messages: [user('First line\n\nsecond\tline   third')] },
		],
	])(
		'The concatenated deltas equal the non-streamed content exactly, with the same finish_reason (%s)',
		async (_name, body) => {
			const plain = await complete(body);
			const result = await stream(body);
			expect(result.content).toBe(plain.choices[0].message.content);
			const finish = result.chunks
				.flatMap((chunk) => chunk.choices)
				.find((choice) => choice.finish_reason !== null);
			expect(finish?.finish_reason).toBe(plain.choices[0].finish_reason);
		},
	);

	test('stream_options.include_usage: a chunk with empty choices and the usage of the non-streamed answer, right before [DONE]', async () => {
		const body = { model: 'dw-reasoning', messages: [user(QUESTION)], max_completion_tokens: 50 };
		const plain = await complete(body);
		const result = await stream({ ...body, stream_options: { include_usage: true } });
		const last = result.chunks.at(-1)!;
		expect(last).toMatchObject({ object: 'chat.completion.chunk', choices: [] });
		expect(last.usage).toEqual(plain.usage);
		expect(validate('ChatCompletionChunk', last)).toEqual([]);
		expect(result.messages.at(-2)!.data).toBe(JSON.stringify(last));
		expect(result.done).toBe(true);
	});

	test('Limits (completion cap guidance): a reasoning model with a small cap streams no content, finish_reason length', async () => {
		const result = await stream({
			model: 'dw-reasoning',
			messages: [user(QUESTION)],
			max_completion_tokens: 10,
		});
		expect(result.chunks.map((chunk) => chunk.choices[0])).toEqual([
			{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
			{ index: 0, delta: {}, finish_reason: 'length' },
		]);
		expect(result.content).toBe('');
		expect(result.done).toBe(true);
	});

	test('Refusals found in validation are plain JSON, before any stream starts', async () => {
		for (const [body, code] of [
			[{ model: 'gpt-4o', messages: [user('Hi')] }, 'model_not_allowed'],
			[{ model: 'dw-standard', messages: [user('Hi')], tools: [] }, 'tools_not_supported_yet'],
			[
				{ model: 'dw-standard', messages: [user('Hi')], response_format: { type: 'json_object' } },
				'structured_output_unsupported',
			],
		] as const) {
			const res = await chat({ ...body, stream: true });
			expect(res.status).toBe(400);
			expect(res.headers.get('content-type')).toMatch(/^application\/json/);
			expect(((await res.json()) as { error: string }).error).toBe(code);
		}
	});

	test('A streamed completion counts like any other (counter chatCompletions, request log entry with status 200 and a duration)', async () => {
		await stream({ model: 'dw-standard', messages: [user('Hi')] });
		expect(t.sim.admin.counters().chatCompletions).toEqual({ [FIXTURE_IDS.keys.full]: 1 });
		const entry = t.sim.admin.requests().find((request) => request.path === CHAT_PATH);
		expect(entry).toMatchObject({
			status: 200,
			keyId: FIXTURE_IDS.keys.full,
			note: { model: 'dw-standard', stream: true, finishReason: 'stop' },
		});
		expect(entry?.durationMs).toEqual(expect.any(Number));
	});

	test('Fault drop-stream { afterFrames }: the socket is destroyed after that many frames, no [DONE], no clean end; taken once', async () => {
		t.sim.admin.addFault({ kind: 'drop-stream', afterFrames: 3, path: CHAT_PATH });
		const dropped = await stream({ model: 'dw-standard', messages: [user(QUESTION)] });
		expect(dropped.closed).toBe('error');
		expect(dropped.messages).toHaveLength(3);
		expect(dropped.done).toBe(false);
		expect(dropped.content).toBe('Standard answer: ');
		const entry = t.sim.admin.requests().find((request) => request.path === CHAT_PATH);
		expect(entry?.faults).toEqual([expect.stringMatching(/drop-stream after 3 frames/)]);
		// The rule is used up: the next stream is whole.
		const whole = await stream({ model: 'dw-standard', messages: [user(QUESTION)] });
		expect(whole.closed).toBe('end');
		expect(whole.done).toBe(true);
	});

	test('Fault drop-stream { afterFrames: 0 }: cut right after the head, not a single frame', async () => {
		t.sim.admin.addFault({ kind: 'drop-stream', afterFrames: 0, path: CHAT_PATH });
		// Depending on timing the client sees the 200 head and a broken body, or only a broken connection.
		const outcome = await chat({
			model: 'dw-standard',
			messages: [user(QUESTION)],
			stream: true,
		}).then(
			async (res) => readChatStream(res),
			() => null,
		);
		if (outcome) {
			expect(outcome.closed).toBe('error');
			expect(outcome.messages).toEqual([]);
		}
		expect((await stream({ model: 'dw-standard', messages: [user('Hi')] })).done).toBe(true);
	});

	test('Fault frame-delay { ms }: every frame of that connection waits, order kept', async () => {
		t.sim.admin.addFault({ kind: 'frame-delay', ms: 40, path: CHAT_PATH });
		const trace = traceTimers(t.sim);
		trace.markWrites();
		const slow = await stream({ model: 'dw-standard', messages: [user('One two')] });
		// Five frames (role, 'Standard ', 'answer: ', 'One ', 'two'), a finish chunk and [DONE]: seven frames, each
		// written only once its own 40 ms wait ran out.
		expect(slow.messages).toHaveLength(7);
		expect(trace.only('wait 40', 'waited 40', 'write')).toEqual(
			Array.from({ length: 7 }, () => ['wait 40', 'waited 40', 'write']).flat(),
		);
		expect(slow.content).toBe('Standard answer: One two');
		expect(t.sim.admin.requests().find((request) => request.path === CHAT_PATH)?.faults).toEqual([
			expect.stringMatching(/frame-delay 40ms/),
		]);
	});

	test('A client that goes away mid-stream affects nobody else', async () => {
		const res = await chat({
			model: 'dw-standard',
			messages: [user(Array.from({ length: 40 }, () => 'word').join(' '))],
			stream: true,
		});
		const reader = res.body!.getReader();
		await reader.read();
		await reader.cancel();
		expect((await stream({ model: 'dw-standard', messages: [user('Hi')] })).done).toBe(true);
	});
});

describe('Streaming options', () => {
	test('chatChunkDelayMs spaces the frames', async () => {
		const t = await startTestServer({ chatChunkDelayMs: 30 });
		try {
			const trace = traceTimers(t.sim);
			trace.markWrites();
			const result = await readChatStream(
				await postChatCompletion(t.url, FIXTURE_KEYS.full, {
					model: 'dw-standard',
					messages: [user('One two three')],
					stream: true,
				}),
			);
			// role, 5 words, finish, [DONE]: 8 frames, the first at once, then a 30 ms wait before each of the 7 others.
			expect(result.messages).toHaveLength(8);
			expect(trace.events).toEqual([
				'write',
				...Array.from({ length: 7 }, () => ['wait 30', 'waited 30', 'write']).flat(),
			]);
		} finally {
			await t.sim.stop();
		}
	});

	test('sseLineEnding \\r\\n applies to chat frames too (clients must parse CRLF)', async () => {
		const t = await startTestServer({ chatChunkDelayMs: 0, sseLineEnding: '\r\n' });
		try {
			const result = await readChatStream(
				await postChatCompletion(t.url, FIXTURE_KEYS.full, {
					model: 'dw-standard',
					messages: [user('Hi')],
					stream: true,
				}),
			);
			expect(result.raw.endsWith('data: [DONE]\r\n\r\n')).toBe(true);
			expect(result.raw.replace(/\r\n/g, '')).not.toContain('\n');
			expect(result.content).toBe('Standard answer: Hi');
			expect(result.done).toBe(true);
		} finally {
			await t.sim.stop();
		}
	});

	test('Invalid chatChunkDelayMs throws at construction', () => {
		expect(() => createSimulator({ chatChunkDelayMs: -1 })).toThrow(/chatChunkDelayMs/);
		expect(() => createSimulator({ chatChunkDelayMs: Number.NaN })).toThrow(/chatChunkDelayMs/);
	});

	test('stop() while a slow stream is open ends it', async () => {
		const t = await startTestServer({ chatChunkDelayMs: 1000 });
		const res = await postChatCompletion(t.url, FIXTURE_KEYS.full, {
			model: 'dw-standard',
			messages: [user('One two three')],
			stream: true,
		});
		const reading = readChatStream(res);
		await t.sim.stop();
		const result = await reading;
		expect(result.done).toBe(false);
		expect(result.closed).toBe('error');
	});
});
