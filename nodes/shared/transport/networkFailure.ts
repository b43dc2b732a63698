import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import type { FailureCause } from './errorCatalogue';
import { withFailure } from './failure';
import { classifyNetworkError, type NetworkFailureKind, type RetryDecision } from './retry';
import { ssrfRefusalOf, ssrfWording, type SsrfRefusal } from './ssrf';

export interface NetworkFailure {
	code?: string;
	message: string;
	/** The address n8n's SSRF protection refused (its error's `ip`), when it did. */
	blockedIp?: string;
}

/** Digs the low-level cause (ECONNRESET …) out of the error n8n's request helper throws. */
export function networkFailureOf(error: unknown): NetworkFailure {
	const seen = new Set<unknown>();
	let current: unknown = error;
	let code: string | undefined;
	let blockedIp: string | undefined;
	const messages: string[] = [];
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		const record = current as { code?: unknown; message?: unknown; cause?: unknown; ip?: unknown };
		if (typeof record.code === 'string' && /^E[A-Z_]+$/.test(record.code)) code ??= record.code;
		if (typeof record.ip === 'string' && record.ip.length <= 64) blockedIp ??= record.ip;
		if (typeof record.message === 'string') messages.push(record.message);
		current = record.cause;
	}
	return { code, message: messages.join(' / '), ...(blockedIp ? { blockedIp } : {}) };
}

/** Network codes of a service that cannot be reached for now (a route or a link down), besides the retried ones. */
const UNREACHABLE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN']);

/**
 * Why a request without an HTTP answer failed. A refused, dropped or timed-out connection is a service that is
 * down or slow for now: waiting helps. A host name that does not resolve (ENOTFOUND: EAI_AGAIN is the transient
 * one) or a certificate n8n does not trust needs someone to fix the Base URL or the certificate. Anything else
 * (no code, a local error) says nothing true about the service, so nothing is declared and n8n judges.
 */
function networkCause(kind: NetworkFailureKind, failure: NetworkFailure): FailureCause | undefined {
	if (
		failure.code === 'ENOTFOUND' ||
		/certificate|self[- ]signed|ERR_TLS|CERT_/i.test(`${failure.code ?? ''} ${failure.message}`)
	)
		return 'configuration-invalid';
	if (kind !== 'other' || (failure.code !== undefined && UNREACHABLE.has(failure.code)))
		return 'temporarily-unavailable';
	return undefined;
}

/** What to do after a change that may or may not have happened, when the caller gave no advice of its own. */
const DEFAULT_IF_UNSURE = 'Check whether it took effect before running the item again.';

export interface NetworkErrorContext {
	/** e.g. "POST /workflows/runs" (see describeRequest). */
	label: string;
	decision: RetryDecision;
	/** The request's own advice for an ambiguous failure (ApiRequestOptions.ifUnsure). */
	ifUnsure?: string;
	itemIndex?: number;
	timeoutMs?: number;
}

/**
 * A request n8n's SSRF protection refused before anything was sent: the service was not asked, and only the n8n
 * administrator can allow it, so the cause is the configuration's (no wait helps, as with a wrong Base URL).
 */
function ssrfError(
	node: INode,
	failure: NetworkFailure,
	context: NetworkErrorContext,
	refusal: SsrfRefusal,
): NodeApiError {
	const { message, remedy } = ssrfWording(refusal, failure.blockedIp);
	const error = new NodeApiError(
		node,
		{ code: 'ssrf_blocked', message: failure.message } as JsonObject,
		{
			message,
			description: `${remedy}\nRequest: ${context.label}. Detail: ${failure.message}`,
			itemIndex: context.itemIndex,
		},
	);
	error.message = message;
	return withFailure(error, { cause: 'configuration-invalid' });
}

/** A failure without an HTTP answer as the NodeApiError n8n shows: what happened, then what to do. */
export function networkError(
	node: INode,
	failure: NetworkFailure,
	context: NetworkErrorContext,
): NodeApiError {
	const { label, decision, itemIndex, timeoutMs } = context;
	const refusal = ssrfRefusalOf(failure.message);
	if (refusal) return ssrfError(node, failure, context, refusal);
	const kind = classifyNetworkError(failure.code, failure.message);
	const code = failure.code ?? 'network_error';
	// A request the node gave up on is a slow service, not a broken connection: say which.
	const timedOut =
		kind === 'ambiguous' && timeoutMs !== undefined && /timeout|timed out/i.test(failure.message);
	const message =
		kind === 'not-sent'
			? `Could not reach the service (${code})`
			: timedOut
				? `The service did not answer within ${Math.round(timeoutMs / 1000)} s (${code})`
				: kind === 'ambiguous'
					? `The connection to the service broke before it answered (${code})`
					: `The request to the service failed (${code})`;
	const fix =
		kind === 'ambiguous' && !decision.retry && /may have been processed/.test(decision.reason)
			? `The request may have reached the service, so it was not sent again. ${context.ifUnsure ?? DEFAULT_IF_UNSURE}`
			: "Check the credential's Base URL and that the service is reachable from n8n, then try again.";
	const error = new NodeApiError(node, { code, message: failure.message } as JsonObject, {
		message,
		description: `${fix}\nRequest: ${label}. Detail: ${failure.message} (${decision.reason})`,
		itemIndex,
	});
	error.message = message;
	Object.assign(error.context, { serviceCode: code });
	const cause = networkCause(kind, failure);
	return withFailure(error, cause && { cause });
}
