import { LoadOptionsContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	INode,
	INodeCredentials,
	INodeListSearchResult,
	INodeParameters,
	INodeType,
	ResourceMapperFields,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, buildAdditionalDataForTest, credentialFor, loadPackage } from './index';
import { HarnessCredentialsHelper } from './credentialsHelper';

export interface EditorRequest {
	/** The node type as n8n names it (NODE_TYPE, CHAT_MODEL_TYPE…). */
	nodeType: string;
	/** The node version; every node of the package has one (1). */
	typeVersion?: number;
	/** The node's parameters as the editor sends them (currentNodeParameters). */
	parameters?: INodeParameters;
	/** The credential the editor attached; undefined for a node the editor has not attached one to yet. */
	credential?: { baseUrl: string; apiKey: string };
}

/**
 * What n8n's editor gets when it asks for a field's options: the CLI's DynamicNodeParametersService builds a
 * one-node workflow ("Temp-Node", the node's credentials only if the request carried them) and calls the node's
 * method on a LoadOptionsContext. Mirrored here step by step (packages/cli/src/services/dynamic-node-parameters).
 */
function contextFor(
	request: EditorRequest,
	nodeTypes: Awaited<ReturnType<typeof loadPackage>>['nodeTypes'],
	credentialTypes: Awaited<ReturnType<typeof loadPackage>>['credentialTypes'],
): LoadOptionsContext {
	const node: INode = {
		parameters: request.parameters ?? {},
		id: 'uuid-1234',
		name: 'Temp-Node',
		type: request.nodeType,
		typeVersion: request.typeVersion ?? 1,
		position: [0, 0],
	};
	const store = new Map();
	if (request.credential) {
		const fixture = credentialFor(request.credential.baseUrl, request.credential.apiKey);
		store.set(fixture.id, { type: CREDENTIAL_TYPE, data: fixture.data });
		node.credentials = {
			[CREDENTIAL_TYPE]: { id: fixture.id!, name: 'Drafting Workspace account' },
		} satisfies INodeCredentials;
	}
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = buildAdditionalDataForTest(
		new HarnessCredentialsHelper(credentialTypes, store),
	);
	additionalData.currentNodeParameters = node.parameters;
	return new LoadOptionsContext(
		workflow,
		workflow.nodes['Temp-Node'],
		additionalData,
		'parameters.model',
	);
}

async function nodeTypeOf(
	request: EditorRequest,
): Promise<{ type: INodeType; context: LoadOptionsContext }> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	return {
		type: nodeTypes.getByNameAndVersion(request.nodeType, request.typeVersion ?? 1),
		context: contextFor(request, nodeTypes, credentialTypes),
	};
}

/** A resource locator's "From list" search (`listSearch` method), as the editor calls it. */
export async function listSearch(
	request: EditorRequest,
	method: string,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { type, context } = await nodeTypeOf(request);
	const search = type.methods?.listSearch?.[method];
	if (!search) throw new Error(`${request.nodeType} has no listSearch method ${method}`);
	return await search.call(context, filter);
}

/** A field mapper's columns (`resourceMapping` method, e.g. Run → Start's Input Fields), as the editor asks for them. */
export async function resourceMapping(
	request: EditorRequest,
	method: string,
): Promise<ResourceMapperFields> {
	const { type, context } = await nodeTypeOf(request);
	const map = type.methods?.resourceMapping?.[method];
	if (!map) throw new Error(`${request.nodeType} has no resourceMapping method ${method}`);
	return await map.call(context);
}
