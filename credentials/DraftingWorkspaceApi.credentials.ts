import type { IAuthenticateGeneric, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

/**
 * API key + base URL. The key goes out only as `Authorization: Bearer …` through n8n's `authenticate`
 * mechanism, so the HTTP Request node can use this credential as a predefined type too.
 * Its Test is the nodes' own (`testedBy`, nodes/shared/transport/credentialTest.api.ts): a declarative test could
 * word a refusal code but showed a network failure as its bare code.
 */
export class DraftingWorkspaceApi implements ICredentialType {
	name = 'draftingWorkspaceApi';

	displayName = 'Drafting Workspace API';

	icon: Icon = {
		light: 'file:../icons/drafting-workspace.svg',
		dark: 'file:../icons/drafting-workspace.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-drafting-workspace/n8n-nodes-drafting-workspace';

	httpRequestNode = {
		name: 'Drafting Workspace',
		docsUrl: 'https://github.com/n8n-nodes-drafting-workspace/n8n-nodes-drafting-workspace',
		apiBaseUrlPlaceholder: 'https://workspace.example.com',
	};

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://workspace.example.com',
			hint: 'Starts with https:// or http://',
			description:
				'The address of the service API, as shown in the workspace next to your API keys, with or without /v1: https://workspace.example.com and https://workspace.example.com/v1 reach the same API. A trailing slash is fine.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'A key created by a workspace admin (shown once, at creation). Its scopes decide which operations work.',
		},
	];


	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};
}
