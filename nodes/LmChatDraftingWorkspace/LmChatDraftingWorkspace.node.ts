import { NodeConnectionTypes } from 'n8n-workflow';
import type { IDataObject, INodeType, INodeTypeDescription, ISupplyDataFunctions, SupplyData } from 'n8n-workflow';

import { searchChatModels } from '../shared/chat/models.api';
import { readChatOptions } from '../shared/chat/options';
import { jsonObjectParameter } from '../shared/common/jsonObject';
import { getLocatorId } from '../shared/common/parameters';
import { credentialTest } from '../shared/transport/credentialTest.api';
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
		icon: { light: 'file:../../icons/drafting-workspace.svg', dark: 'file:../../icons/drafting-workspace.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["model"].value }}',
		description: "Use a Drafting Workspace model in n8n's chains and agents (without tools)",
		defaults: { name: 'Drafting Workspace Chat Model' },
		inputs: [],
		outputs: [NodeConnectionTypes.AiLanguageModel],
		outputNames: ['Model'],
		credentials: [{ name: 'draftingWorkspaceApi', required: true, testedBy: 'draftingWorkspaceApiTest' }],
		properties,
	};

	methods = { listSearch: { searchChatModels }, credentialTest };

	async supplyData(this: ISupplyDataFunctions, itemIndex: number): Promise<SupplyData> {
		const model = getLocatorId.call(this, 'model', itemIndex, 'Model');
		const { jsonSchemaText, ...options } = readChatOptions(this.getNodeParameter('options', itemIndex, {}) as IDataObject);
		const jsonSchema =
			options.responseFormat === 'jsonSchema'
				? jsonObjectParameter(this.getNode(), jsonSchemaText, itemIndex, {
						field: 'The JSON Schema option',
						syntaxHint: (detail) => detail,
						objectHint: 'It must be a JSON Schema object, for example {"type": "object", "properties": {"title": {"type": "string"}}}.',
					})
				: undefined;
		const { supplyWorkspaceModel } = await loadModelSupplier(this);
		return supplyWorkspaceModel(this, model, { ...options, jsonSchema });
	}
}
