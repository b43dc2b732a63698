/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The extension API's types: what a module registers (RouteDefinition) and what its handler gets
 * (RouteContext). See README.md, "Extension API".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthContext } from './auth';
import type { MultipartOptions, MultipartResult } from './multipart-body';
import type { RequestLogEntry } from './request-log';
import type { HttpMethod } from './router';
import type { Simulator } from './simulator';
import type { SimulatorState } from './state';
import type { Scope, WorkspaceFeature } from './types';

export interface RouteContext {
	req: IncomingMessage;
	res: ServerResponse;
	/** Decoded path parameters, e.g. { runId } for '/workflows/runs/:runId'. */
	params: Record<string, string>;
	query: URLSearchParams;
	/** The authenticated key, its user and the user's workspace (the tenant). */
	auth: AuthContext;
	state: SimulatorState;
	sim: Simulator;
	/** The value of the x-request-id header (also shape-3 `request_id`). */
	requestId: string;
	/** Parsed JSON body; throws HttpError 400 `invalid_json` or 413 `payload_too_large` (BodyTooLargeError). */
	readJson(limitBytes: number): Promise<unknown>;
	/** Raw body bytes; throws BodyTooLargeError beyond the limit. */
	readRaw(limitBytes: number): Promise<Buffer>;
	/** multipart/form-data; files buffered or streamed to `onFile`. Logged as `{ multipart: [...] }`. */
	readMultipart(options: MultipartOptions): Promise<MultipartResult>;
	/** This request's log entry: set `note` to annotate it. */
	log: RequestLogEntry;
}

/**
 * A handler answers through `ctx.res` (sendJson / sendError / its own SSE writes) or throws an
 * HttpError. The pipeline waits for the returned promise; a streaming handler may resolve once the
 * stream is set up or when it ends.
 */
export type RouteHandler = (ctx: RouteContext) => Promise<void> | void;

export interface RouteDefinition {
	method: HttpMethod;
	/** '/workflows/runs/:runId/cancel' style. */
	path: string;
	/** The scope the key must carry (403 missing_scope otherwise). */
	scope: Scope;
	/** The workspace switch the route belongs to (403 <feature>_disabled when off). */
	feature?: WorkspaceFeature;
	/** The OpenAPI operation it implements, when it implements one (checked by the contract tests). */
	operationId?: string;
	handler: RouteHandler;
}
