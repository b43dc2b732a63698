import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { resolveServiceUrl } from './baseUrl';
import { withFailure } from './failure';

/** Resolves a path or server-given link, refusing other origins before anything is sent. */
export function resolveOrRefuse(node: INode, baseUrl: string, path: string, itemIndex?: number): string {
	const resolved = resolveServiceUrl(baseUrl, path);
	if (resolved.ok) return resolved.url;
	const error = new NodeOperationError(node, 'Refused to follow a link that points outside the service', {
		description: `The service returned the link "${resolved.target}", which is not on ${resolved.expectedOrigin}. Nothing was sent there, so the API key did not leave its origin. Check the credential's Base URL; if it is right, report the link to the service's support.`,
		itemIndex,
	});
	// Waiting never changes the link: the Base URL (or the service's link) must be fixed.
	throw withFailure(error, { cause: 'configuration-invalid' });
}

/** "GET /api/workflows": how errors and logs name a request (never a full URL, never the key). */
export function describeRequest(method: string, url: string): string {
	const parsed = new URL(url);
	return `${method} ${parsed.pathname}`;
}
