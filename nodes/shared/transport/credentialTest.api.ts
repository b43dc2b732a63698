import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { parseBaseUrl, resolveServiceUrl } from './baseUrl';
import {
	CREDENTIAL_TEST_PATH,
	CREDENTIAL_TEST_TIMEOUT_MS,
	apiKeyProblem,
	judgeAnswer,
	judgeNetworkFailure,
	type CredentialTestOutcome,
} from './credentialTest';
import { networkFailureOf } from './networkFailure';


/**
 * The credential dialog's test (a node's `methods.credentialTest`, linked by `testedBy`): n8n's declarative test
 * can only turn a status code into a message, so a dead port read "ECONNREFUSED" and a URL without its scheme
 * "ERR_INVALID_URL". This one checks the Base URL and the key before sending anything, then probes GET /v1/models
 * under the Base URL as the nodes resolve it (so a Base URL typed with /v1 passes here exactly when it works there),
 * and `credentialTest.ts` words the outcome. The same in n8n 1.123 to 2.41: the CLI looks a credential's test up on
 * the nodes that list it (the credential itself has no declarative `test`, which would be found first).
 */
async function draftingWorkspaceApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted<ICredentialDataDecryptedObject>,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const parsed = parseBaseUrl(typeof data.baseUrl === 'string' ? data.baseUrl : '');
	if (!parsed.ok) return { status: 'Error', message: `${parsed.problem}.` };
	const apiKey = typeof data.apiKey === 'string' ? data.apiKey : '';
	const keyProblem = apiKeyProblem(apiKey);
	if (keyProblem) return { status: 'Error', message: keyProblem };
	const probe = resolveServiceUrl(parsed.url, CREDENTIAL_TEST_PATH);
	if (!probe.ok) return { status: 'Error', message: `The Base URL "${parsed.url}" cannot carry the API's paths: enter the service's address.` };
	const outcome = await send.call(this, probe.url, apiKey);
	return 'failure' in outcome ? judgeNetworkFailure(parsed.url, outcome.failure) : judgeAnswer(parsed.url, outcome.answer);
}

/**
 * One GET with the key, every answer returned as data (`simple: false`), redirects not followed (the key would go
 * along). The test context offers n8n's request-style helper only (no httpRequest, no credential `authenticate`),
 * so the Bearer header is set here as the credential's `authenticate` sets it for the nodes.
 */
async function send(this: ICredentialTestFunctions, url: string, apiKey: string): Promise<CredentialTestOutcome> {
	const { request } = this.helpers;
	try {
		const response = (await request({
			uri: url,
			method: 'GET',
			headers: { Accept: 'application/json', Authorization: `Bearer ${apiKey}` },
			simple: false,
			resolveWithFullResponse: true,
			followRedirect: false,
			timeout: CREDENTIAL_TEST_TIMEOUT_MS,
		})) as { statusCode: number; headers?: IDataObject; body: unknown };
		return { answer: { statusCode: response.statusCode, headers: response.headers, body: response.body } };
	} catch (failure) {
		const { code, message } = networkFailureOf(failure);
		// Network errors do not quote headers, but a message is shown as is: the key must never be in it.
		return { failure: { code, message: message.split(apiKey).join('***') } };
	}
}

/** Each node's `methods.credentialTest`: the name is the one its `credentials[].testedBy` gives. */
export const credentialTest = { draftingWorkspaceApiTest };
