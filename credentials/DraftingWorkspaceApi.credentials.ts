import type { IAuthenticateGeneric, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

/**
 * API key + base URL. The key goes out only as `Authorization: Bearer …` through n8n's `authenticate`
 * mechanism, so the HTTP Request node can use this credential as a predefined type too.
 * The test is not declared here: each node that lists this credential names its programmatic test
 * (`testedBy: 'draftingWorkspaceApiTest'`, nodes/shared/transport/credentialTest.api.ts), which can say what is wrong
 * with a Base URL that does not answer (a dead port, a missing https://) as well as with one that does. n8n's CLI
 * runs a declarative `test` on the credential in preference to the nodes' one, so there must be none.
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
			description:
				'The address of the service API, as shown in the workspace next to your API keys, e.g. https://workspace.example.com. It may be typed with or without /v1 and a trailing slash: the node adds the paths (/workflows, /v1/models) itself.',
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
