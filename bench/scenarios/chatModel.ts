/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { join } from 'node:path';

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { HOST_DIR } from '../../e2e/lib/host';
import { credentialFor, registerNodeTypes, type WorkflowJson } from '../../test/harness';
import { FIXTURE_KEYS } from '../../test/simulator';
import { runTimed } from '../lib/engine';
import type { SimulatorProcess } from '../lib/simulatorProcess';
import { summarize, type Summary } from '../lib/stats';
import { CREDENTIALS } from '../lib/workflow';

/**
 * Scenario 6, chat model streaming: the same conversation streamed through this package's Drafting Workspace
 * Chat Model and through n8n's own OpenAI Chat Model (lmChatOpenAi 1.3, Responses API off, its OpenAI
 * credential's base URL the simulator's /v1), each handed by n8n-core's engine to the same consumer node
 * (as a chain or agent gets it) which calls LangChain's `stream()` and times the first text chunk and the end.
 */
export interface ChatModelResult {
	chunkDelayMs: number;
	answerWords: number;
	firstToken: { ours: Summary; openAi: Summary };
	total: { ours: Summary; openAi: Summary };
	answersEqual: boolean;
	errors: string[];
}

const PROMPT =
	'Summarise the termination clause of the supply agreement in plain words for a new colleague.';
const MODEL = 'dw-standard';

/** The consumer: a root node with one language model input, which streams one answer and reports its timing. */
class ModelProbe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Model Probe',
		name: 'modelProbe',
		group: ['transform'],
		version: 1,
		description: 'Streams one answer from the connected chat model',
		defaults: { name: 'Model Probe' },
		inputs: [
			'main',
			{ type: 'ai_languageModel', displayName: 'Model', required: true, maxConnections: 1 },
		],
		outputs: ['main'],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const model = (await this.getInputConnectionData('ai_languageModel', 0)) as {
			stream(input: Array<[string, string]>): Promise<AsyncIterable<{ content: unknown }>>;
		};
		const started = performance.now();
		let first: number | undefined;
		let text = '';
		for await (const chunk of await model.stream([
			['system', 'You are a careful legal assistant.'],
			['human', PROMPT],
		])) {
			const piece =
				typeof chunk.content === 'string'
					? chunk.content
					: (chunk.content as Array<{ text?: string }>).map((part) => part.text ?? '').join('');
			if (piece && first === undefined) first = performance.now();
			text += piece;
		}
		const json: IDataObject = {
			firstTokenMs: (first ?? Number.NaN) - started,
			totalMs: performance.now() - started,
			text,
		};
		return [[{ json }]];
	}
}

let registered = false;
function register(): void {
	if (registered) return;
	registered = true;
	const file = join(
		HOST_DIR,
		'node_modules',
		'@n8n',
		'n8n-nodes-langchain',
		'dist',
		'nodes',
		'llms',
		'LMChatOpenAi',
		'LmChatOpenAi.node.js',
	);
	const { LmChatOpenAi } = require(file) as { LmChatOpenAi: new () => INodeType };
	registerNodeTypes({
		'bench.modelProbe': { type: new ModelProbe(), sourcePath: '' },
		'@n8n/n8n-nodes-langchain.lmChatOpenAi': { type: new LmChatOpenAi(), sourcePath: '' },
	});
}

function workflow(model: WorkflowJson['nodes'][number]): WorkflowJson {
	return {
		nodes: [
			{ name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', parameters: {} },
			{ name: 'Probe', type: 'bench.modelProbe', parameters: {} },
			model,
		],
		connections: {
			'Manual Trigger': { main: [[{ node: 'Probe', type: 'main', index: 0 }]] },
			Model: { ai_languageModel: [[{ node: 'Probe', type: 'ai_languageModel', index: 0 }]] },
		},
	};
}

const oursModel = {
	name: 'Model',
	type: 'n8n-nodes-drafting-workspace.lmChatDraftingWorkspace',
	parameters: { model: { __rl: true, mode: 'id', value: MODEL }, options: {} },
	credentials: CREDENTIALS,
};
const openAiModel = {
	name: 'Model',
	type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
	typeVersion: 1.3,
	parameters: {
		model: { __rl: true, mode: 'id', value: MODEL },
		responsesApiEnabled: false,
		options: {},
	},
	credentials: { openAiApi: { id: 'openai', name: 'OpenAI (simulator)' } },
};

/** `sim` must answer chat with a per-chunk delay (chatChunkDelayMs) so first token and total differ. */
export async function chatModelStreaming(
	sim: SimulatorProcess,
	chunkDelayMs: number,
	rounds = 10,
): Promise<ChatModelResult> {
	register();
	const credentials = [
		credentialFor(sim.url, FIXTURE_KEYS.full),
		{ id: 'openai', type: 'openAiApi', data: { apiKey: FIXTURE_KEYS.full, url: `${sim.url}/v1` } },
	];
	const samples = {
		ours: { first: [] as number[], total: [] as number[] },
		openAi: { first: [] as number[], total: [] as number[] },
	};
	const answers = { ours: '', openAi: '' };
	const errors: string[] = [];
	// Alternate the sides; round 0 warms up (module loading, JIT, connection set-up) and is discarded.
	for (let round = 0; round <= rounds; round++) {
		for (const [side, model] of [
			['ours', oursModel],
			['openAi', openAiModel],
		] as const) {
			const run = await runTimed(workflow(model), { credentials });
			const [item] = run.result.status === 'success' ? run.result.output('Probe') : [];
			if (!item) {
				errors.push(`${side}: ${String(run.result.error?.message ?? run.result.status)}`);
				continue;
			}
			answers[side] = String(item.json.text);
			if (round === 0) continue;
			samples[side].first.push(Number(item.json.firstTokenMs));
			samples[side].total.push(Number(item.json.totalMs));
		}
	}
	return {
		chunkDelayMs,
		answerWords: answers.ours.split(/\s+/).filter(Boolean).length,
		firstToken: { ours: summarize(samples.ours.first), openAi: summarize(samples.openAi.first) },
		total: { ours: summarize(samples.ours.total), openAi: summarize(samples.openAi.total) },
		answersEqual: answers.ours !== '' && answers.ours === answers.openAi,
		errors: [...new Set(errors)],
	};
}
