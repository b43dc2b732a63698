import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';

import {
	ERROR_CATALOGUE,
	catalogueEntry,
	explainFeatureDisabled,
	explainRunInputRefusal,
} from './errorCatalogue';
import type { ErrorExplanation, ServiceErrorInfo } from './errorTypes';
import { serviceFailure, withFailure } from './failure';
import { explainNotFound } from './notFound';

function parseJson(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value);
	} catch {
		return value;
	}
}

/** A response header by case-insensitive name (n8n hands headers over as a plain object). */
export function headerValue(headers: IDataObject | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const found = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
	const value = found === undefined ? undefined : headers[found];
	return Array.isArray(value)
		? String(value[0])
		: value === undefined || value === null
			? undefined
			: String(value);
}

/** `Retry-After` is seconds or an HTTP date; shape 3 also carries `retry_after_seconds`. */
export function parseRetryAfterSeconds(
	headers: IDataObject | undefined,
	body?: IDataObject,
	now = Date.now(),
): number | undefined {
	const raw = headerValue(headers, 'retry-after');
	if (raw !== undefined) {
		const seconds = Number(raw);
		if (Number.isFinite(seconds) && seconds >= 0) return seconds;
		const date = Date.parse(raw);
		if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
	}
	const fromBody = body?.retry_after_seconds;
	if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
	return undefined;
}

function codeFromChallenge(headers: IDataObject | undefined): string | undefined {
	const challenge = headerValue(headers, 'www-authenticate');
	const match = challenge ? /error="?([a-z_]+)"?/i.exec(challenge) : null;
	return match?.[1];
}

/** Classifies an error response into one of the contract's three shapes (or none, e.g. a proxy's HTML page). */
export function parseServiceError(
	status: number,
	headers: IDataObject | undefined,
	rawBody: unknown,
): ServiceErrorInfo {
	const parsed = parseJson(rawBody);
	const body =
		parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as IDataObject) : {};
	const inner = body.error;
	if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
		const nested = inner as IDataObject;
		const code =
			typeof nested.type === 'string'
				? nested.type
				: typeof nested.code === 'string'
					? nested.code
					: `http_${status}`;
		return {
			status,
			code,
			shape: 3,
			serviceMessage: typeof nested.message === 'string' ? nested.message : undefined,
			body: nested,
			retryAfterSeconds: parseRetryAfterSeconds(headers, nested),
		};
	}
	if (typeof inner === 'string') {
		const shape = typeof body.message === 'string' || ![401, 423, 503].includes(status) ? 2 : 1;
		return {
			status,
			code: inner,
			shape,
			serviceMessage: typeof body.message === 'string' ? body.message : undefined,
			body,
			retryAfterSeconds: parseRetryAfterSeconds(headers, body),
		};
	}
	const challenged = codeFromChallenge(headers);
	const fallbackCode =
		challenged ??
		(status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : `http_${status}`);
	return {
		status,
		code: fallbackCode,
		shape: challenged ? 1 : 0,
		serviceMessage: typeof body.message === 'string' ? body.message : undefined,
		body,
		retryAfterSeconds: parseRetryAfterSeconds(headers, body),
	};
}

/**
 * The plain-words message and remedy for an error, with the service's own words kept when they add detail. A 404 is
 * worded by what the request asked for (`request`, e.g. "GET /workflows/runs/run_1": notFound.ts), whatever its code.
 */
export function explainServiceError(info: ServiceErrorInfo, request?: string): ErrorExplanation {
	const known = catalogueEntry(info.code);
	if (known && info.code !== 'not_found') return known.explain(info.body);
	if (/_disabled$/.test(info.code)) return explainFeatureDisabled(info.code);
	if (info.status === 400 && Array.isArray(info.body.details))
		return explainRunInputRefusal(info.body, info.code);
	if (info.status === 404 || info.code === 'not_found') return explainNotFound(request, info);
	if (info.status === 413) return ERROR_CATALOGUE.payload_too_large.explain(info.body);
	const detail = info.serviceMessage ? `: ${info.serviceMessage}` : '';
	return {
		message: `The service answered ${info.status} (${info.code})${detail}`,
		fix:
			info.status >= 500
				? 'The service had a problem; try again later.'
				: 'Check the parameters of this node against the message above.',
	};
}

export interface ErrorContext {
	/** e.g. "GET /workflows/runs/run_1": never a full URL with credentials, never the key. */
	request: string;
	itemIndex?: number;
	/** What the retry loop did, for refusals it may retry (429, 423, 5xx): said as it happened, never assumed. */
	retries?: { attempts: number; reason: string };
	/** How long the key must still rest on the shared board (pause.ts) when this error is thrown. */
	keyRestMs?: number;
}

/** Builds the NodeApiError n8n shows: message = what happened, description = what to do, failure = why (failure.ts). */
export function serviceErrorToNodeApiError(
	node: INode,
	info: ServiceErrorInfo,
	context: ErrorContext,
): NodeApiError {
	const { message, fix } = explainServiceError(info, context.request);
	const detailLines: string[] = [fix];
	if (info.serviceMessage && !message.includes(info.serviceMessage))
		detailLines.push(`Service message: ${info.serviceMessage}`);
	if (typeof info.body.request_id === 'string')
		detailLines.push(`Request id (quote it to support): ${info.body.request_id}`);
	if (context.retries && (info.status === 429 || info.status === 423 || info.status >= 500)) {
		const { attempts, reason } = context.retries;
		detailLines.push(
			`${attempts > 1 ? `The node tried ${attempts} times, then stopped` : 'The node did not retry'}: ${reason}.`,
		);
	}
	detailLines.push(`Request: ${context.request} → ${info.status}`);
	const error = new NodeApiError(
		node,
		{ code: info.code, status: info.status, ...info.body } as JsonObject,
		{
			message,
			description: detailLines.join('\n'),
			httpCode: String(info.status),
			itemIndex: context.itemIndex,
		},
	);
	// NodeApiError may rewrite the message from its status-code table; ours names the service's code: keep it.
	error.message = message;
	error.description = detailLines.join('\n');
	Object.assign(error.context, { serviceCode: info.code, serviceBody: info.body });
	return withFailure(error, serviceFailure(info, context.keyRestMs));
}

/** The service code carried by an error the transport threw (or undefined for other errors). */
export function serviceCodeOf(error: unknown): string | undefined {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		const code = (error.context as IDataObject | undefined)?.serviceCode;
		return typeof code === 'string' ? code : undefined;
	}
	return undefined;
}
