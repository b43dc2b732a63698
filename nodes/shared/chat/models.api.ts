import { NodeOperationError } from 'n8n-workflow';
import type { ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { apiList } from '../transport';
import { CREDENTIAL_TYPE } from '../transport/types';

/**
 * The chat models of the workspace, for both nodes' pickers: GET /v1/models (the models the workspace allows for
 * API access, or the one it fixes), ids sorted, filtered by `filter` (case-insensitive, anywhere in the id).
 */
async function chatModelIds(this: ILoadOptionsFunctions, filter?: string): Promise<string[]> {
	const needle = filter?.trim().toLowerCase() ?? '';
	return (await apiList.call(this, { method: 'GET', path: '/v1/models' }, { what: 'a list of models', key: 'data' }))
		.map((model) => (typeof model.id === 'string' ? model.id : ''))
		.filter((id) => id !== '' && id.toLowerCase().includes(needle))
		.sort();
}

/** "From list" of the Model locator (the Chat Model's; Chat Completion's from node version 2). */
export async function searchChatModels(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return { results: (await chatModelIds.call(this, filter)).map((id) => ({ name: id, value: id })) };
}

/**
 * Chat Completion's Model dropdown in node version 1. n8n's editor asks for a dropdown's options as soon as the
 * field appears, before it attaches the credential it picks for a new node, and drops the second request it
 * would make once the credential is there (the first is still loading). Without a credential n8n's own error
 * reads "Node does not have any credentials set"; this one says what to do. (From version 2 the field is a
 * resource locator, whose list loads when it is opened, by then with the credential.)
 */
export async function getChatModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if (!this.getNode().credentials?.[CREDENTIAL_TYPE])
		// The editor shows only the message (in the field's issue tooltip), so the message carries the remedy.
		throw new NodeOperationError(
			this.getNode(),
			"Select a credential, then choose Refresh List in this field's menu (hover the field) or reopen the node: the models load once the credential is attached",
		);
	return (await chatModelIds.call(this)).map((id) => ({ name: id, value: id }));
}
