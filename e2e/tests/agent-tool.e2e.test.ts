/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The action node as an AI Agent's tool in a real n8n (`n8n execute`, AI Agent 3.1 and OpenAI Chat Model 1.3 from
// @n8n/n8n-nodes-langchain 2.41.1): the model is a scripted OpenAI-compatible server that calls the Drafting
// Workspace tool once (start a run of a simulator workflow, wait for it), then answers; the simulator serves the run.
import { FIXTURE_IDS, FIXTURE_KEYS, type RequestLogEntry } from '../../test/simulator';
import { join } from 'node:path';

import type { INodeParameters, INodeTypeDescription } from 'n8n-workflow';

import { compactContractSummary } from '../../test/expectations/compactRun';
import { TOOL_DESCRIPTIONS, operationPairs } from '../../test/expectations/toolDescriptions';
import { HOST_DIR, REPO_DIR } from '../lib/host';
import { ScriptedModel, type ChatRequest, type ScriptedReply } from '../lib/scripted-model';
import { loadWorkflow, renamed, useCredential, type WorkflowJson } from '../lib/workflows';
import { E2EContext } from './support';

const ctx = new E2EContext();
const wf = FIXTURE_IDS.workflows;
const FINAL = 'The contract summary is ready: contract-summary.pdf.';
const SCRIPTED_KEY = 'sk-scripted-model-not-a-secret-0001';
const toolName = (request: ChatRequest) => request.tools?.[0]?.function.name ?? 'missing-tool';
const script: ScriptedReply[] = [];
const model = new ScriptedModel(script);
/** Everything the scripted model received in this file (for the key check). */
const receivedTexts: string[] = [];

/** The tool's answer as the agent sent it back to the model (the `tool` message of the second request). */
function toolResult(): {
	message: ChatRequest['messages'][number];
	parsed: Array<Record<string, unknown>>;
} {
	const second = model.received[1]?.body;
	const message = second?.messages.find((entry) => entry.role === 'tool');
	if (!message) throw new Error(`no tool message in the second request: ${JSON.stringify(second)}`);
	return { message, parsed: JSON.parse(String(message.content)) as Array<Record<string, unknown>> };
}

const starts = (requests: RequestLogEntry[]) =>
	requests.filter((entry) => entry.method === 'POST' && entry.path === '/workflows/runs');

beforeAll(async () => {
	await ctx.start({ runTimeScale: 0.2, sseHeartbeatMs: 200 });
	const modelUrl = await model.start();
	const [full] = await ctx.importCredentials('full');
	await ctx.n8n.importForeignCredentials([
		{
			id: 'dwE2EScriptedOpenAi',
			name: 'Scripted model',
			type: 'openAiApi',
			data: { apiKey: SCRIPTED_KEY, url: modelUrl },
		},
	]);
	const agent = useCredential(loadWorkflow('agent-drafting-tool'), full);
	// The bounded wait: the same agent, the tool waiting at most 3 s (the review workflow pauses for a person).
	const bounded: WorkflowJson = renamed(agent, 'dwE2EAgentDraftingToolBounded');
	const tool = bounded.nodes.find((node) => node.name === 'Drafting Workspace')!;
	// On Pause set to Keep Waiting (a tool's default answers a review pause at once): only the limit ends the wait.
	tool.parameters = {
		...tool.parameters,
		toolWaitLimit: 3,
		waitOptions: { checkInterval: 1, onPause: 'keepWaiting' },
	};
	await ctx.n8n.importWorkflows([agent, bounded]);
});

afterAll(async () => {
	await model.stop();
	await ctx.stop();
});

/** Runs an agent workflow with a fresh script: the tool call, then the final message. */
async function runAgent(workflowId: string, toolArguments: Record<string, unknown>) {
	model.reset();
	script.length = 0;
	script.push(
		{ toolCall: { name: toolName, arguments: toolArguments, id: 'call_dw_1' } },
		{ text: FINAL },
	);
	const result = await ctx.requestsDuring(() => ctx.execute(workflowId));
	receivedTexts.push(
		...model.received.map((entry) => entry.rawBody + JSON.stringify(entry.headers)),
	);
	return result;
}

describe('n8n execute: an AI Agent uses the Drafting Workspace tool', () => {
	it('starts the run exactly once, waits, and the agent gets the compact answer; the final message is the model’s', async () => {
		const { value: run, requests } = await runAgent('dwE2EAgentDraftingTool', {
			workflowId: wf.agentSummary,
			inputText: 'Supply agreement between Acme and Initech…',
		});
		const [item] = run.expectSuccess().items('AI Agent');
		expect(item.json.output).toBe(FINAL);
		expect(model.received.map((entry) => entry.path)).toEqual([
			'/v1/chat/completions',
			'/v1/chat/completions',
		]);

		// What the model saw of the tool: its name, n8n's automatic description, and the $fromAI parameters.
		const [tool] = model.received[0].body!.tools!;
		expect(tool.function.name).toBe('Drafting_Workspace');
		expect(tool.function.description).toBe('Start a run in Drafting Workspace');
		expect(tool.function.description).toBe(TOOL_DESCRIPTIONS['run.start']);
		expect(tool.function.parameters).toMatchObject({
			type: 'object',
			properties: {
				workflowId: {
					type: 'string',
					description:
						'The ID of the Drafting Workspace workflow to start, e.g. wf_contract_summary',
				},
				inputText: {
					type: 'string',
					description: 'The text the workflow starts from: the instructions or the document text',
				},
			},
			required: expect.arrayContaining(['workflowId', 'inputText']),
		});

		// The service saw one start, with the arguments the model gave.
		expect(starts(requests)).toHaveLength(1);
		expect(starts(requests)[0].requestBody).toEqual({
			workflowId: wf.agentSummary,
			input: 'Supply agreement between Acme and Initech…',
		});

		// The second request carries the tool result: the compact run, finished, with its PDF's name and link.
		const { message, parsed } = toolResult();
		expect(message.tool_call_id).toBe('call_dw_1');
		expect(parsed).toHaveLength(1);
		const [answer] = parsed;
		expect(answer).toEqual(compactContractSummary(ctx.url, String(answer.runId)));
		// The run the answer names is the one the service started, and it really completed.
		const record = (await (
			await ctx.api(`/workflows/runs/${String(answer.runId)}`)
		).json()) as Record<string, unknown>;
		expect(record.status).toBe('Completed');
	});

	it('a run that outlasts the tool’s wait limit: the compact “still going” answer, started once, no failure', async () => {
		const { value: run, requests } = await runAgent('dwE2EAgentDraftingToolBounded', {
			workflowId: wf.review,
			inputText: 'Board memo on the quarterly results',
		});
		const [item] = run.expectSuccess().items('AI Agent');
		expect(item.json.output).toBe(FINAL);
		expect(starts(requests)).toHaveLength(1);
		const [answer] = toolResult().parsed;
		expect(answer).toMatchObject({
			runId: expect.any(String),
			workflowId: wf.review,
			finished: false,
			pausedForReview: true,
			files: [],
		});
		expect(answer.note).toContain("It has not finished after 3 s (this tool's wait limit)");
		expect(answer.note).toContain(
			`call Wait For Run (or Get) later with run ID ${String(answer.runId)}`,
		);
	});

	it('every operation’s automatic tool description, as this n8n makes it, reads as what the tool does', () => {
		// n8n's own makeDescription (the n8n-workflow of the n8n under test) over the built node the tarball packs.
		const { NodeHelpers } = require(
			join(HOST_DIR, 'node_modules', 'n8n-workflow', 'dist', 'cjs', 'index.js'),
		) as {
			NodeHelpers: {
				makeDescription(parameters: INodeParameters, description: INodeTypeDescription): string;
			};
		};
		const { DraftingWorkspace } = require(
			join(REPO_DIR, 'dist', 'nodes', 'DraftingWorkspace', 'DraftingWorkspace.node.js'),
		) as {
			DraftingWorkspace: new () => { description: INodeTypeDescription };
		};
		const { description } = new DraftingWorkspace();
		const described = Object.fromEntries(
			operationPairs(description.properties).map(({ resource, operation }) => [
				`${resource}.${operation}`,
				NodeHelpers.makeDescription({ resource, operation }, description),
			]),
		);
		expect(described).toEqual(TOOL_DESCRIPTIONS);
	});

	it('no Drafting Workspace API key in n8n’s output or in anything the scripted model received', () => {
		expect(ctx.transcripts.length).toBeGreaterThan(0);
		expect(E2EContext.leaks(ctx.transcripts)).toEqual([]);
		expect(receivedTexts.length).toBe(4);
		expect(E2EContext.leaks(receivedTexts)).toEqual([]);
		for (const key of Object.values(FIXTURE_KEYS))
			expect(receivedTexts.join('\n')).not.toContain(key);
	});
});
