/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Response helpers for the contract's three error shapes (contract, Errors) and plain JSON.
 * Every body goes out with an exact Content-Length, so clients can tell a complete answer from a reset.
 */
import type { ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const REALM = 'drafting-workspace';

/** Contract, Authentication 6: a Bearer challenge naming the refusal code. */
export function bearerChallenge(code: string): string {
	return `Bearer realm="${REALM}", error="${code}"`;
}

function requestIdOf(res: ServerResponse): string {
	const value = res.getHeader(REQUEST_ID_HEADER);
	return typeof value === 'string' ? value : '';
}

export function sendJson(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string | number> = {},
): void {
	const payload = Buffer.from(JSON.stringify(body));
	res.writeHead(status, {
		...headers,
		'content-type': 'application/json; charset=utf-8',
		'content-length': payload.length,
	});
	res.end(payload);
}

// ---- Shape 1: authentication (401, 423, 503) -------------------------------------------------

export type Shape1Code = 'invalid_api_key' | 'no_tenant' | 'tenant_locked' | 'feature_disabled';

const SHAPE1_STATUS: Record<Shape1Code, number> = {
	invalid_api_key: 401,
	no_tenant: 401,
	tenant_locked: 423,
	feature_disabled: 503,
};

/** `{ error: code }`, with WWW-Authenticate on 401 and 503 as the contract requires. */
export function sendShape1(res: ServerResponse, code: Shape1Code): void {
	const status = SHAPE1_STATUS[code];
	const headers: Record<string, string> =
		status === 423 ? {} : { 'www-authenticate': bearerChallenge(code) };
	sendJson(res, status, { error: code }, headers);
}

// ---- Shape 2: permission and request refusals --------------------------------------------------

/** `{ error: code, message, ...extra }`. */
export function sendError(
	res: ServerResponse,
	status: number,
	code: string,
	message: string,
	extra: Record<string, unknown> = {},
	headers: Record<string, string> = {},
): void {
	sendJson(res, status, { ...extra, error: code, message }, headers);
}

/**
 * Throw from a handler (or a body reader) to answer a shape-2 refusal; the pipeline sends it.
 * Keeps handlers linear: validate, throw, never "return sendError(...)" from deep helpers.
 */
export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly extra: Record<string, unknown> = {},
		readonly headers: Record<string, string> = {},
	) {
		super(message);
		this.name = 'HttpError';
	}
}

export function sendHttpError(res: ServerResponse, error: HttpError): void {
	sendError(res, error.status, error.code, error.message, error.extra, error.headers);
}

// ---- Shape 3: inference errors (429 and upstream failures) -----------------------------------

export const SHAPE3_TYPES = [
	'rate_limited',
	'quota_exceeded',
	'no_healthy_instance',
	'upstream_error',
	'model_access_denied',
] as const;

export type Shape3Type = (typeof SHAPE3_TYPES)[number];

/**
 * The nested OpenAI-shaped error. Fields that do not apply to an error type (for example `limit`
 * of an upstream failure) are null rather than absent, so every shape-3 body has the same keys.
 */
export interface Shape3Error {
	type: Shape3Type;
	message: string;
	scope: string | null;
	metric: string | null;
	limit: number | null;
	window: string | null;
	reset_at: string | null;
	retry_after_seconds: number | null;
	request_id: string;
}

export function sendShape3(
	res: ServerResponse,
	status: number,
	error: Omit<Shape3Error, 'request_id'>,
): void {
	const headers: Record<string, string> = {};
	// Contract, Errors shape 3: a 429 carries Retry-After in seconds.
	if (error.retry_after_seconds !== null)
		headers['retry-after'] = String(error.retry_after_seconds);
	sendJson(res, status, { error: { ...error, request_id: requestIdOf(res) } }, headers);
}

export function upstreamError(type: Shape3Type, message: string): Omit<Shape3Error, 'request_id'> {
	return {
		type,
		message,
		scope: null,
		metric: null,
		limit: null,
		window: null,
		reset_at: null,
		retry_after_seconds: null,
	};
}
