import type {
	IAuthenticateGeneric,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

/** A refusal code of the service (shape 1) turned into the credential dialog's message. */
function refusedWith(code: string, message: string): IAuthenticateRuleResponseSuccessBody {
	return { type: 'responseSuccessBody', properties: { key: 'error', value: code, message } };
}

/**
 * n8n's credential tester reads each rule by its `type`, so both kinds may be mixed; the declared type
 * (a union of two array types) is narrower than that, hence the single cast below.
 */
const testRules: Array<IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody> = [
	refusedWith(
		'invalid_api_key',
		'invalid_api_key: the service refused this API key (wrong, revoked or expired). Create a new key in the workspace and paste it here in full.',
	),
	refusedWith(
		'no_tenant',
		'no_tenant: the user who issued this key no longer belongs to a workspace. Ask a workspace admin for a key issued by an active member.',
	),
	refusedWith(
		'tenant_locked',
		'tenant_locked: the workspace is momentarily locked (its encryption key is unavailable). This is transient: test again in a minute.',
	),
	refusedWith(
		'feature_disabled',
		'feature_disabled: API keys are disabled on this deployment. Ask the service administrator to enable API access (Automation plan).',
	),
	{
		type: 'responseCode',
		properties: {
			value: 404,
			message:
				"The Base URL does not point at the Drafting Workspace API (404 for GET /v1/models): enter the root of the service's API as shown next to your API keys, e.g. https://workspace.example.com (with or without /v1).",
		},
	},
];

/**
 * API key + base URL. The key goes out only as `Authorization: Bearer …` through n8n's `authenticate`
 * mechanism, so the HTTP Request node can use this credential as a predefined type too.
 * The test must pass for a valid key whatever its scopes: a 403 (missing_scope, chat_disabled) still proves
 * the key valid, so status errors are read as bodies and only the refusal codes fail the test.
 * It probes GET /v1/models because that answer is always one JSON object (a list endpoint answering []
 * would give n8n's tester no item to read).
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
			// n8n's credential tester shows a request's network failure as its bare code (a declarative test cannot
			// word it), so the words for the two a user meets are next to the field, before the test.
			hint: 'If the test says ERR_INVALID_URL, add the scheme; ECONNREFUSED means nothing answers at this address (check the port).',
			description:
				'The address of the service API, starting with https:// or http://, as shown in the workspace next to your API keys, with or without /v1: https://workspace.example.com and https://workspace.example.com/v1 reach the same API. A trailing slash is fine.',
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

	test: ICredentialTestRequest = {
		request: {
			// The Base URL as the nodes read it (transport/baseUrl.ts, parseBaseUrl): trailing slashes and /v1
			// segments dropped, so an OpenAI-style https://host/v1 tests the same API as https://host.
			baseURL: '={{ String($credentials.baseUrl).trim().replace(/(?:\\/+v1)*\\/*$/i, "") }}',
			url: '/v1/models',
			method: 'GET',
			headers: { Accept: 'application/json' },
			disableFollowRedirect: true,
			ignoreHttpStatusErrors: { ignore: true, except: [404, 500, 502, 504] },
		},
		rules: testRules as IAuthenticateRuleResponseSuccessBody[],
	};

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};
}
