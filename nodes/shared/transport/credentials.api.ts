import { NodeOperationError } from 'n8n-workflow';

import { normaliseBaseUrl, parseBaseUrl, resolveServiceUrl } from './baseUrl';
import { withFailure } from './failure';
import { CREDENTIAL_TYPE, type DraftingWorkspaceCredentials, type TransportContext } from './types';

/** Reads and checks the credential's base URL once per call; the key itself is applied by n8n. */
export async function getBaseUrl(this: TransportContext, itemIndex?: number): Promise<string> {
	const credentials = await this.getCredentials<DraftingWorkspaceCredentials>(
		CREDENTIAL_TYPE,
		itemIndex,
	);
	const baseUrl = normaliseBaseUrl(credentials.baseUrl);
	if (baseUrl === undefined) {
		const parsed = parseBaseUrl(credentials.baseUrl);
		const problem = parsed.ok ? '' : `${parsed.problem}. `;
		const error = new NodeOperationError(
			this.getNode(),
			"The credential's Base URL is not a valid http(s) address",
			{
				description: `${problem}Open the Drafting Workspace API credential and enter the service address shown next to your API keys, e.g. https://workspace.example.com (with or without /v1).`,
				itemIndex,
			},
		);
		// The credential cannot be used as it is: the user has to fix it, as after a revoked key.
		throw withFailure(error, { cause: 'credential-invalid' });
	}
	return baseUrl;
}

/**
 * Turns paths and links the service gave (a rendered file's `downloadPath`) into absolute URLs under the base URL,
 * for output only: a link on another origin gives undefined, as the transport would refuse to call it.
 */
export async function serviceUrlResolver(
	this: TransportContext,
	itemIndex?: number,
): Promise<(path: string) => string | undefined> {
	const baseUrl = await getBaseUrl.call(this, itemIndex);
	return (path) => {
		const resolved = resolveServiceUrl(baseUrl, path);
		return resolved.ok ? resolved.url : undefined;
	};
}
