import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { properties } from './actions/properties';
import { router } from './actions/router';
import { subtitleFromOptions } from './actions/descriptions';
import { NODE_TYPES } from '../shared/common/nodeTypes';
import { listSearch, resourceMapping } from './methods';

export class DraftingWorkspace implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Drafting Workspace',
		name: 'draftingWorkspace',
		icon: {
			light: 'file:../../icons/drafting-workspace.svg',
			dark: 'file:../../icons/drafting-workspace.dark.svg',
		},
		group: ['transform'],
		// One version until a change of a parameter, a default or an output shape needs the next (ARCHITECTURE.md,
		// "Node versions").
		version: 1,
		subtitle: subtitleFromOptions(properties),
		description: 'Run workflows, produce documents from templates and chat in Drafting Workspace',
		defaults: { name: 'Drafting Workspace' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'draftingWorkspaceApi', required: true }],
		properties,
		// Read by n8n's AI Workflow Builder (2.41+: node search results); older n8n ignores it. The tool variant n8n
		// derives (usableAsTool) carries the same hint, which is written to hold for it too.
		builderHint: {
			searchHint:
				"Works with a Drafting Workspace (a document drafting service) through its API key: start a run of one of the workspace's workflows and, with Wait for Completion, get its output and its rendered PDF or DOCX files as binary data; upload input documents; produce a document from a drafting template, its fields mapped from the item, and download it; or answer a conversation with a workspace model (Chat → Chat Completion: text, or JSON matching a schema). Pick it for a step that starts, reads or produces something in the workspace. To start a workflow when a workspace run finishes, use the Drafting Workspace Trigger; for a model inside an AI Agent or a Basic LLM Chain, use the Drafting Workspace Chat Model. An AI Agent can call these operations as a tool.",
			relatedNodes: [
				{
					nodeType: NODE_TYPES.trigger,
					relationHint:
						'Starts a workflow when a run finishes (Completed, Failed or Cancelled): for long runs started here without waiting',
				},
				{
					nodeType: NODE_TYPES.chatModel,
					relationHint:
						'The same workspace models as the chat model of an AI Agent without tools or of a Basic LLM Chain',
				},
				{
					nodeType: NODE_TYPES.aiAgent,
					relationHint:
						"This node's tool variant gives an agent the workspace's operations, e.g. start a workflow run and read its result",
				},
			],
		},
	};

	methods = { listSearch, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
