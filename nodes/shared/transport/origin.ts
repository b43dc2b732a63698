import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { redactUserinfo, resolveServiceUrl } from './baseUrl';
import { withFailure } from './failure';

/** Resolves a path or server-given link, refusing other origins (and links with user information) before anything is sent. */
export function resolveOrRefuse(
	node: INode,
	baseUrl: string,
	path: string,
	itemIndex?: number,
): string {
	const resolved = resolveServiceUrl(baseUrl, path);
	if (resolved.ok) return resolved.url;
	// Waiting never changes the link: the Base URL (or the service's link) must be fixed.
	if (resolved.reason === 'userinfo')
		throw withFailure(
			new NodeOperationError(node, 'Refused to follow a link with user information (user@) in it', {
				description: `The service returned the link "${redactUserinfo(resolved.target)}", which names a user before its host. Nothing was sent: n8n would have sent that user instead of the API key. The credential is not at fault; report the link to the service's support.`,
				itemIndex,
			}),
			{ cause: 'configuration-invalid' },
		);
	if (resolved.reason === 'dotSegment')
		throw withFailure(
			new NodeOperationError(
				node,
				`Refused to request "${resolved.target}": an ID made only of dots names no resource`,
				{
					description: `A "." or ".." in a request's path would send it to another endpoint of the service (the one above it), so nothing was sent. Check the ID: pick it from the list, or map it from the node that created it.`,
					itemIndex,
				},
			),
			{ cause: 'configuration-invalid' },
		);
	const error = new NodeOperationError(
		node,
		'Refused to follow a link that points outside the service',
		{
			description: `The service returned the link "${resolved.target}", which is not on ${resolved.expectedOrigin}. Nothing was sent there, so the API key did not leave its origin. Check the credential's Base URL; if it is right, report the link to the service's support.`,
			itemIndex,
		},
	);
	// Waiting never changes the link: the Base URL (or the service's link) must be fixed.
	throw withFailure(error, { cause: 'configuration-invalid' });
}

/** "GET /api/workflows": how errors and logs name a request (never a full URL, never the key). */
export function describeRequest(method: string, url: string): string {
	const parsed = new URL(url);
	return `${method} ${parsed.pathname}`;
}
