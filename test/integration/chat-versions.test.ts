// Issue 26, items 1 and 11, through n8n's engine: Chat Completion at node version 1 and 2 side by side. Version 1
// keeps its dropdown value (a plain id) and its output (the service's snake_case usage); version 2 takes the Model
// locator's value ({ __rl, mode, value }) and outputs every key in camelCase.
import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_KEYS } from '../simulator';
import { IntegrationContext, failure, items } from './support';

const ctx = new IntegrationContext();

const messages = { values: [{ role: 'user', content: 'Summarise the termination clause of the supply agreement.' }] };
const v1 = (extra: IDataObject = {}) => ({ resource: 'chat', operation: 'complete', model: 'dw-standard', messages, ...extra });
const locator = (mode: 'list' | 'id', value: string) => ({ __rl: true, mode, value });
const v2 = (model: IDataObject, extra: IDataObject = {}) => ({ resource: 'chat', operation: 'complete', model, messages, ...extra });

/** The usage of the service's own non-streamed answer to the same request (what version 1 passes on). */
async function serviceUsage(model: string, extra: IDataObject = {}): Promise<IDataObject> {
	const response = await fetch(`${ctx.url}/v1/chat/completions`, {
		method: 'POST',
		headers: { authorization: `Bearer ${FIXTURE_KEYS.full}`, 'content-type': 'application/json' },
		body: JSON.stringify({ model, messages: messages.values, ...extra }),
	});
	return ((await response.json()) as IDataObject).usage as IDataObject;
}

/** The models the node sent (it always streams; the direct reads above do not). */
function sentModels(): unknown[] {
	return ctx.sim.admin
		.requests()
		.map((entry) => entry.requestBody as IDataObject | undefined)
		.filter((body) => body?.stream === true)
		.map((body) => body?.model);
}

beforeAll(async () => ctx.start({ chatChunkDelayMs: 1 }));
afterAll(async () => ctx.stop());
beforeEach(() => ctx.sim.admin.reset());
afterEach(() => expect(ctx.leaks()).toEqual([]));

describe('Chat Completion, version 1 and version 2 side by side', () => {
	it('the same conversation: version 1 keeps the service’s usage as it came, version 2 the same counts in camelCase', async () => {
		const usage = await serviceUsage('dw-standard');
		const [old] = items(await ctx.run(v1(), 'full', { typeVersion: 1 }));
		const [current] = items(await ctx.run(v2(locator('list', 'dw-standard')), 'full', { typeVersion: 2 }));

		expect(Object.keys(old)).toEqual(['text', 'finishReason', 'model', 'usage']);
		expect(old.usage).toEqual(usage);
		expect(Object.keys(current)).toEqual(['text', 'finishReason', 'model', 'usage']);
		expect(current.usage).toEqual({
			promptTokens: usage.prompt_tokens,
			completionTokens: usage.completion_tokens,
			totalTokens: usage.total_tokens,
			reasoningTokens: 0,
		});
		expect({ ...current, usage: undefined }).toEqual({ ...old, usage: undefined });
		expect(sentModels()).toEqual(['dw-standard', 'dw-standard']);
	});

	it('a reasoning model: version 2 names the reasoning tokens, version 1 keeps completion_tokens_details', async () => {
		const extra = { options: { maxCompletionTokens: 16 } };
		const usage = await serviceUsage('dw-reasoning', { max_completion_tokens: 16 });
		const [old] = items(await ctx.run(v1({ model: 'dw-reasoning', ...extra }), 'full', { typeVersion: 1 }));
		const [current] = items(await ctx.run(v2(locator('id', 'dw-reasoning'), extra), 'full', { typeVersion: 2 }));
		const reasoning = (usage.completion_tokens_details as IDataObject).reasoning_tokens;
		expect(reasoning).toBeGreaterThan(0);
		expect(old.usage).toEqual(usage);
		expect(current.usage).toMatchObject({ completionTokens: usage.completion_tokens, reasoningTokens: reasoning });
		// The hint about the cap is the same in both.
		expect(current.hint).toBe(old.hint);
		expect(current.hint).toMatch(/also covers the model's reasoning/);
	});

	it('version 2 takes the locator By ID and From list alike, and an expression in it', async () => {
		for (const model of [locator('id', 'dw-reasoning'), locator('list', 'dw-reasoning'), locator('id', '={{ "dw-" + "reasoning" }}')]) {
			const result = await ctx.run(v2(model), 'full', { typeVersion: 2 });
			expect(result.status).toBe('success');
			expect(items(result)[0].model).toBe('dw-reasoning');
		}
		expect(sentModels()).toEqual(['dw-reasoning', 'dw-reasoning', 'dw-reasoning']);
	});

	it('a model that resolves to nothing is refused before sending, in both versions', async () => {
		// (An empty fixed value never gets here: n8n refuses to run a node whose required parameter is empty.)
		const old = await ctx.run(v1({ model: '={{ "" }}' }), 'full', { typeVersion: 1 });
		const current = await ctx.run(v2(locator('id', '={{ "" }}')), 'full', { typeVersion: 2 });
		for (const result of [old, current]) {
			expect(failure(result).message).toBe('No model selected');
			expect(failure(result).description).toMatch(/Pick a model from the list, or enter its ID/);
		}
		expect(sentModels()).toEqual([]);
	});

	it('with Simplify off both versions output the same chat.completion object (the service’s shape)', async () => {
		const [old] = items(await ctx.run(v1({ simplify: false }), 'full', { typeVersion: 1 }));
		const [current] = items(await ctx.run(v2(locator('list', 'dw-standard'), { simplify: false }), 'full', { typeVersion: 2 }));
		expect({ ...current, id: null, created: null }).toEqual({ ...old, id: null, created: null });
		expect((old.usage as IDataObject).total_tokens).toEqual(expect.any(Number));
	});

	it('a JSON Schema answer is the parsed JSON in both versions (no usage to recase)', async () => {
		const options = { responseFormat: 'jsonSchema', jsonSchema: JSON.stringify({ type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] }) };
		const [old] = items(await ctx.run(v1({ options }), 'full', { typeVersion: 1 }));
		const [current] = items(await ctx.run(v2(locator('list', 'dw-standard'), { options }), 'full', { typeVersion: 2 }));
		expect(Object.keys(old)).toEqual(['summary']);
		expect(current).toEqual(old);
	});
});
