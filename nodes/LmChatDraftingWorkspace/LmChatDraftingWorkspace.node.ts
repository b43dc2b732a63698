import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	INodeType,
	INodeTypeDescription,
	ISupplyDataFunctions,
	SupplyData,
} from 'n8n-workflow';

import { searchChatModels } from '../shared/chat/models.api';
import { RESPONSE_SCHEMA_FIELD } from '../shared/chat/optionFields';
import { chatOptionsOf } from '../shared/chat/options';
import { jsonObjectParameter } from '../shared/common/jsonObject';
import { NODE_TYPES } from '../shared/common/nodeTypes';
import { getLocatorId } from '../shared/common/parameters';
import { properties } from './properties';
import { loadModelSupplier } from './sdk';

/**
 * A chat model sub-node for n8n's chains and agents, answered by the workspace's chat endpoint. This file imports
 * nothing of `@n8n/ai-node-sdk`: the SDK is loaded on first use (`sdk.ts`), so hosts without it still load the package.
 */
export class LmChatDraftingWorkspace implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Drafting Workspace Chat Model',
		name: 'lmChatDraftingWorkspace',
		icon: {
			light: 'file:../../icons/drafting-workspace.svg',
			dark: 'file:../../icons/drafting-workspace.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["model"].value }}',
		description: "Use a Drafting Workspace model in n8n's chains and agents (without tools)",
		defaults: { name: 'Drafting Workspace Chat Model' },
		inputs: [],
		outputs: [NodeConnectionTypes.AiLanguageModel],
		outputNames: ['Model'],
		credentials: [{ name: 'draftingWorkspaceApi', required: true }],
		properties,
		// Read by n8n's AI Workflow Builder (2.41+); older n8n ignores it.
		builderHint: {
			searchHint:
				"A chat model answered by a Drafting Workspace's models (those its API key may use), for n8n's AI chains: Basic LLM Chain, Information Extractor, Summarization, Sentiment Analysis, or an AI Agent with no tools. It cannot call tools: the workspace refuses them, so it fails before sending anything when the agent has tools or Require Specific Output Format. For structured answers set Response Format (a parameter of its own, not under Options) to JSON Schema and give the Response Schema shown below it. Needs n8n 2.16 or later.",
			relatedNodes: [
				{
					nodeType: NODE_TYPES.basicLlmChain,
					relationHint: "The simplest use: a prompt in, the workspace model's answer out",
				},
				{
					nodeType: NODE_TYPES.aiAgent,
					relationHint: 'Use it as the chat model of an agent only when the agent has no tools',
				},
				{
					nodeType: NODE_TYPES.action,
					relationHint:
						'Chat → Chat Completion reaches the same models as an ordinary step, without a chain',
				},
			],
		},
	};

	methods = { listSearch: { searchChatModels } };

	async supplyData(this: ISupplyDataFunctions, itemIndex: number): Promise<SupplyData> {
		const model = getLocatorId.call(this, 'model', itemIndex, 'Model');
		const { jsonSchemaText, ...options } = chatOptionsOf((name, fallback) =>
			this.getNodeParameter(name, itemIndex, fallback),
		);
		const jsonSchema =
			options.responseFormat === 'jsonSchema'
				? jsonObjectParameter(this.getNode(), jsonSchemaText, itemIndex, {
						field: `The ${RESPONSE_SCHEMA_FIELD}`,
						syntaxHint: (detail) => detail,
						objectHint:
							'It must be a JSON Schema object, for example {"type": "object", "properties": {"title": {"type": "string"}}}.',
					})
				: undefined;
		const { supplyWorkspaceModel } = await loadModelSupplier(this);
		return supplyWorkspaceModel(this, model, { ...options, jsonSchema });
	}
}
