import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

/** A 3xx answer: never followed, since a redirect could carry the key to another origin. */
export function redirectError(node: INode, status: number, label: string, itemIndex?: number): NodeApiError {
	return new NodeApiError(node, { status } as JsonObject, {
		message: `The service answered with a redirect (${status}), which the node does not follow`,
		description: `Request: ${label}. Set the credential's Base URL to the final address of the service (redirects are not followed so that the API key never leaves its origin).`,
		httpCode: String(status),
		itemIndex,
	});
}
