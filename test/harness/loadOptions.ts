import { LoadOptionsContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type { INode, INodeParameters, INodeType } from 'n8n-workflow';

import { HarnessCredentialsHelper } from './credentialsHelper';
import { CREDENTIAL_TYPE, buildAdditionalDataForTest, loadPackage, type CredentialFixture } from './index';

export interface EditorCall {
	/** The node type as a workflow names it (NODE_TYPE, TRIGGER_TYPE, …). */
	nodeType: string;
	typeVersion?: number;
	/** The node's parameters as the editor holds them while the list is asked for. */
	parameters?: INodeParameters;
	credential: CredentialFixture;
	kind: 'listSearch' | 'loadOptions' | 'resourceMapping';
	method: string;
	/** The parameter the list belongs to (n8n passes its path). */
	path?: string;
	filter?: string;
}

/**
 * Calls a node's editor method (a picker's list, a dropdown's options, a mapper's fields) the way n8n's editor
 * does: n8n-core's LoadOptionsContext on a one-node workflow, the credential applied by the harness's helper.
 */
export async function callEditorMethod<T = unknown>(call: EditorCall): Promise<T> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const node: INode = {
		id: 'editor-node',
		name: 'Editor Node',
		type: call.nodeType,
		typeVersion: call.typeVersion ?? 1,
		position: [0, 0],
		parameters: call.parameters ?? {},
		credentials: { [CREDENTIAL_TYPE]: { id: call.credential.id ?? 'cred-1', name: 'Drafting Workspace account' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const store = new Map([[call.credential.id ?? 'cred-1', { type: CREDENTIAL_TYPE, data: call.credential.data }]]);
	const additionalData = buildAdditionalDataForTest(new HarnessCredentialsHelper(credentialTypes, store));
	const context = new LoadOptionsContext(workflow, node, additionalData, call.path ?? 'parameters');
	const type = nodeTypes.getByNameAndVersion(call.nodeType, node.typeVersion) as INodeType;
	const method = (type.methods?.[call.kind] as Record<string, (this: LoadOptionsContext, filter?: string) => Promise<T>> | undefined)?.[call.method];
	if (!method) throw new Error(`${call.nodeType} has no ${call.kind} method ${call.method}`);
	return await method.call(context, call.filter);
}
