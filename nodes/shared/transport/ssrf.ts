/**
 * n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED=true) refuses a request whose host resolves to a private,
 * loopback or link-local address, or whose host name is on its deny-list. The refusal is n8n's, not the
 * service's: no wait helps, and the Base URL is right. What helps is the n8n administrator allowing the service,
 * so the message says how. Pure: the text of n8n's errors (its `@n8n/backend-network` package) is all it reads.
 */

/** n8n's own messages for the two refusals (SsrfBlockedIpError, SsrfBlockedHostnameError). */
const BLOCKED_ADDRESS = /blocked because it resolves to a restricted IP address/i;
const BLOCKED_HOST_NAME = /blocked because the destination hostname is restricted/i;

export type SsrfRefusal = 'address' | 'hostName';

/** Which refusal of n8n's SSRF protection a failure's messages carry, if any. */
export function ssrfRefusalOf(message: string): SsrfRefusal | undefined {
	if (BLOCKED_ADDRESS.test(message)) return 'address';
	if (BLOCKED_HOST_NAME.test(message)) return 'hostName';
	return undefined;
}

/** The message and the remedy of a request n8n's SSRF protection refused. */
export function ssrfWording(
	refusal: SsrfRefusal,
	blockedIp: string | undefined,
): { message: string; remedy: string } {
	if (refusal === 'hostName')
		return {
			message:
				"n8n's SSRF protection blocked the request: the service's host name is on its deny-list",
			remedy:
				"Ask your n8n administrator to remove the service's host name from N8N_SSRF_BLOCKED_HOSTNAMES, or to add it to N8N_SSRF_ALLOWED_HOSTNAMES, then restart n8n.",
		};
	const address = blockedIp ? ` (${blockedIp})` : '';
	return {
		message: `n8n's SSRF protection blocked the request: the service's address${address} is private or local`,
		remedy:
			"n8n runs with N8N_SSRF_PROTECTION_ENABLED=true, which blocks private, loopback and link-local addresses. To allow the Drafting Workspace service, ask your n8n administrator to add the host name of the credential's Base URL to N8N_SSRF_ALLOWED_HOSTNAMES (e.g. workspace.internal), or its address range to N8N_SSRF_ALLOWED_IP_RANGES (e.g. 10.0.0.0/8), then restart n8n.",
	};
}
