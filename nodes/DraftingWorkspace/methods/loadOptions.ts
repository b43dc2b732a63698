import { NodeOperationError } from 'n8n-workflow';
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { chatModelIds } from '../../shared/chat/models.api';
import { CREDENTIAL_TYPE } from '../../shared/transport/types';

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
