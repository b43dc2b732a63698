import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { properties } from './actions/properties';
import { router } from './actions/router';
import { subtitleFromOptions } from '../shared/common/descriptions';
import { credentialTest } from '../shared/transport/credentialTest.api';
import { listSearch, loadOptions, resourceMapping } from './methods';

export class DraftingWorkspace implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Drafting Workspace',
		name: 'draftingWorkspace',
		icon: { light: 'file:../../icons/drafting-workspace.svg', dark: 'file:../../icons/drafting-workspace.dark.svg' },
		group: ['transform'],
		// Version 2: Batch Size defaults to 10 items at once (version 1 keeps 1, one item after the other), and the editor
		// and output changes of issue 26 (see the README's "Node versions").
		version: [1, 2],
		defaultVersion: 2,
		subtitle: subtitleFromOptions(properties),
		description: 'Run workflows, produce documents from templates and chat in Drafting Workspace',
		defaults: { name: 'Drafting Workspace' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'draftingWorkspaceApi', required: true, testedBy: 'draftingWorkspaceApiTest' }],
		properties,
	};

	methods = { listSearch, loadOptions, resourceMapping, credentialTest };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
