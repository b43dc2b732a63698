/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { registerNodeTypes } from './index';

interface LangChainModel {
	invoke(input: Array<[string, string]>): Promise<{ content: unknown }>;
	stream(input: Array<[string, string]>): Promise<AsyncIterable<{ content: unknown }>>;
	bindTools(tools: unknown[]): unknown;
}

const textOf = (content: unknown): string =>
	typeof content === 'string'
		? content
		: (content as Array<{ text?: string }>).map((part) => part.text ?? '').join('');

/** A root node with a language model input (as a chain or agent has): `mode` says which LangChain call it makes. */
class ModelConsumer implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Model Consumer',
		name: 'modelConsumer',
		group: ['transform'],
		version: 1,
		description: 'Calls the connected chat model',
		defaults: { name: 'Consumer' },
		inputs: [
			'main',
			{ type: 'ai_languageModel', displayName: 'Model', required: true, maxConnections: 1 },
		],
		outputs: ['main'],
		properties: [{ displayName: 'Mode', name: 'mode', type: 'string', default: 'invoke' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const model = (await this.getInputConnectionData('ai_languageModel', 0)) as LangChainModel;
		const mode = this.getNodeParameter('mode', 0) as string;
		const messages: Array<[string, string]> = [
			['system', 'You are a careful legal assistant.'],
			['human', 'Summarise the termination clause of the supply agreement.'],
		];
		if (mode === 'tools')
			model.bindTools([
				{ name: 'search', description: 'Searches', schema: { type: 'object', properties: {} } },
			]);
		if (mode === 'stream') {
			const pieces: string[] = [];
			for await (const chunk of await model.stream(messages)) pieces.push(textOf(chunk.content));
			return [[{ json: { text: pieces.join(''), pieces: pieces.filter(Boolean).length } }]];
		}
		return [[{ json: { text: textOf((await model.invoke(messages)).content) } }]];
	}
}

/** Registers the consumer as `test.modelConsumer` (its output: `{ text }`, with `pieces` when it streams). */
export function registerModelConsumer(): void {
	registerNodeTypes({ 'test.modelConsumer': { type: new ModelConsumer(), sourcePath: '' } });
}
