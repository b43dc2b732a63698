/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The Drafting Workspace Chat Model in a real n8n, under n8n's own AI nodes (Basic LLM Chain, Information
// Extractor, AI Agent from @n8n/n8n-nodes-langchain 2.41.1), run with `n8n execute` against the simulator.
import type { RequestLogEntry } from '../../test/simulator';
import { loadWorkflow, useCredential } from '../lib/workflows';
import { E2EContext, itPrintsNoKey } from './support';

const ctx = new E2EContext();
const COMPLETIONS = '/v1/chat/completions';

beforeAll(async () => {
	await ctx.start({ chatChunkDelayMs: 0 });
	const [full] = await ctx.importCredentials('full');
	await ctx.n8n.importWorkflows(
		['chat-model-chain', 'chat-model-extractor', 'chat-model-agent', 'chat-model-agent-tool'].map(
			(name) => useCredential(loadWorkflow(name), full),
		),
	);
});

afterAll(async () => ctx.stop());

const completions = (requests: RequestLogEntry[]) =>
	requests.filter((entry) => entry.path === COMPLETIONS);

/** The service's own (non-streamed) answer to the very conversation the model sent. */
async function directAnswer(sent: RequestLogEntry): Promise<string> {
	const {
		stream: _stream,
		stream_options: _options,
		...body
	} = sent.requestBody as Record<string, unknown>;
	const response = await ctx.api(COMPLETIONS, { method: 'POST', body: JSON.stringify(body) });
	const json = (await response.json()) as { choices: Array<{ message: { content: string } }> };
	return json.choices[0].message.content;
}

describe('n8n execute: the Drafting Workspace Chat Model under n8n’s AI nodes', () => {
	it('Basic LLM Chain: the answer equals the simulator’s answer for the same conversation', async () => {
		const { value: run, requests } = await ctx.requestsDuring(() =>
			ctx.execute('dwE2EChatModelChain'),
		);
		const [item] = run.expectSuccess().items('Basic LLM Chain');
		const [sent] = completions(requests);
		expect(completions(requests)).toHaveLength(1);
		expect(sent.status).toBe(200);
		expect(sent.requestBody).toMatchObject({
			model: 'dw-standard',
			stream: true,
			temperature: 0.2,
			max_completion_tokens: 400,
			messages: [
				{ role: 'system', content: 'You are a careful legal assistant.' },
				{ role: 'user', content: 'Summarise the termination clause of the supply agreement.' },
			],
		});
		expect(sent.requestBody).not.toHaveProperty('tools');
		expect(sent.requestBody).not.toHaveProperty('max_tokens');
		expect(item.json.text).toBe(await directAnswer(sent));
		expect(item.json.text).toMatch(
			/^.+ answer: Summarise the termination clause of the supply agreement\. \(following the system instructions\)$/,
		);
	});

	it('Information Extractor with Response Format JSON Schema: the parsed object', async () => {
		const { value: run, requests } = await ctx.requestsDuring(() =>
			ctx.execute('dwE2EChatModelExtractor'),
		);
		const [item] = run.expectSuccess().items('Information Extractor');
		const [sent] = completions(requests);
		expect(sent.requestBody).toMatchObject({
			response_format: { type: 'json_schema', json_schema: { name: 'employee', strict: true } },
		});
		const expected = JSON.parse(await directAnswer(sent)) as Record<string, unknown>;
		expect(item.json.output).toEqual(expected);
		expect(item.json.output).toMatchObject({
			employeeName: expect.any(String),
			startDate: expect.any(String),
			salary: expect.any(Number),
		});
	});

	it('AI Agent without tools: answers with the simulator’s answer', async () => {
		const { value: run, requests } = await ctx.requestsDuring(() =>
			ctx.execute('dwE2EChatModelAgent'),
		);
		const [item] = run.expectSuccess().items('AI Agent');
		const sent = completions(requests);
		expect(sent).toHaveLength(1);
		expect(sent[0].requestBody).not.toHaveProperty('tools');
		expect(item.json.output).toBe(await directAnswer(sent[0]));
		expect(String(item.json.output)).toContain('Draft a one-sentence confidentiality reminder');
	});

	it('AI Agent with a tool: fails with the plain message, and nothing reaches /v1/chat/completions', async () => {
		const { value: run, requests } = await ctx.requestsDuring(() =>
			ctx.execute('dwE2EChatModelAgentTool'),
		);
		// Exit 1, or n8n's own crash on exit (SIGSEGV) once it printed the failed execution: see expectRefused.
		run.expectRefused();
		const message =
			'The Drafting Workspace Chat Model cannot use tools: connect it to a chain (Basic LLM Chain, Information Extractor) or to an AI Agent without tools';
		expect(run.error('AI Agent')?.message).toContain(message);
		expect(run.stdout).toContain(message);
		expect(completions(requests)).toEqual([]);
	});

	itPrintsNoKey(ctx);
});
