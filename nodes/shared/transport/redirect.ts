import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { withFailure } from './failure';

/** A 3xx answer: never followed, since a redirect could carry the key to another origin; the Base URL must change. */
export function redirectError(
	node: INode,
	status: number,
	label: string,
	itemIndex?: number,
): NodeApiError {
	const error = new NodeApiError(node, { status } as JsonObject, {
		message: `The service answered with a redirect (${status}), which the node does not follow`,
		description: `Request: ${label}. Set the credential's Base URL to the final address of the service (redirects are not followed so that the API key never leaves its origin).`,
		httpCode: String(status),
		itemIndex,
	});
	return withFailure(error, { cause: 'configuration-invalid' });
}
