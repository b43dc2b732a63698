import { LoadOptionsContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INode,
	INodeListSearchResult,
	INodeType,
	ResourceMapperFields,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, NODE_TYPE, buildAdditionalDataForTest, loadPackage } from './index';
import { HarnessCredentialsHelper } from './credentialsHelper';

/**
 * What the editor asks the action node before anything runs: a field mapper's columns (`resourceMapping`) or a
 * picker's entries (`listSearch`), called the way n8n's editor backend calls them: the package loaded from dist/,
 * n8n-core's LoadOptionsContext over a node with the given parameters and version, the credential applied.
 */
export interface EditorCall {
	parameters: IDataObject;
	/** The node version; the action node has one (1). */
	typeVersion?: number;
	credential: IDataObject;
	/** The parameter the method serves, as n8n's editor names it (`parameters.answers`). */
	path?: string;
}

async function contextFor(
	call: EditorCall,
): Promise<{ context: ILoadOptionsFunctions; nodeType: INodeType }> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const node: INode = {
		id: 'editor-node',
		name: 'Drafting Workspace',
		type: NODE_TYPE,
		typeVersion: call.typeVersion ?? 1,
		position: [0, 0],
		parameters: call.parameters as INode['parameters'],
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Drafting Workspace account' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const store = new Map([['cred-1', { type: CREDENTIAL_TYPE, data: call.credential as never }]]);
	const additionalData = buildAdditionalDataForTest(
		new HarnessCredentialsHelper(credentialTypes, store),
	);
	const context = new LoadOptionsContext(workflow, node, additionalData, call.path ?? '');
	return { context, nodeType: nodeTypes.getByNameAndVersion(NODE_TYPE, call.typeVersion ?? 1) };
}

export async function resourceMapperFields(
	method: string,
	call: EditorCall,
): Promise<ResourceMapperFields> {
	const { context, nodeType } = await contextFor(call);
	const methods = nodeType.methods?.resourceMapping ?? {};
	return await methods[method].call(context);
}

export async function listSearch(
	method: string,
	call: EditorCall,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const { context, nodeType } = await contextFor(call);
	const methods = nodeType.methods?.listSearch ?? {};
	return await methods[method].call(context, filter, paginationToken);
}
