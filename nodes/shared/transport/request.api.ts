import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse, INode, JsonObject } from 'n8n-workflow';

import { normaliseBaseUrl, resolveServiceUrl } from './baseUrl';
import { parseServiceError, serviceErrorToNodeApiError } from './errors';
import {
	DEFAULT_RETRY_POLICY,
	classifyNetworkError,
	decideRetryForNetworkError,
	decideRetryForResponse,
	type RetryDecision,
	type RetryPolicy,
} from './retry';
import {
	CREDENTIAL_TYPE,
	isByteStream,
	type ApiRequestOptions,
	type ApiResponse,
	type DraftingWorkspaceCredentials,
	type TransportContext,
} from './types';

const DEFAULT_TIMEOUT_MS = 60_000;
/** Error bodies are small JSON documents; more than this is not read (a proxy's page, say). */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Reads and checks the credential's base URL once per call; the key itself is applied by n8n. */
export async function getBaseUrl(this: TransportContext, itemIndex?: number): Promise<string> {
	const credentials = await this.getCredentials<DraftingWorkspaceCredentials>(CREDENTIAL_TYPE, itemIndex);
	const baseUrl = normaliseBaseUrl(credentials.baseUrl);
	if (baseUrl === undefined)
		throw new NodeOperationError(this.getNode(), "The credential's Base URL is not a valid http(s) address", {
			description:
				'Open the Drafting Workspace API credential and enter the service address, e.g. https://workspace.example.com/api',
			itemIndex,
		});
	return baseUrl;
}

/** Resolves a path or server-given link, refusing other origins before anything is sent. */
export function resolveOrRefuse(node: INode, baseUrl: string, path: string, itemIndex?: number): string {
	const resolved = resolveServiceUrl(baseUrl, path);
	if (resolved.ok) return resolved.url;
	throw new NodeOperationError(node, 'Refused to follow a link that points outside the service', {
		description: `The service returned the link "${resolved.target}", which is not on ${resolved.expectedOrigin}. Nothing was sent there, so the API key did not leave its origin. Check the credential's Base URL; if it is right, report the link to the service's support.`,
		itemIndex,
	});
}

/** The execution's cancel signal, where the context has one (executions do; dropdowns and polls do not). */
export function cancelSignalOf(context: TransportContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in context && typeof context.getExecutionCancelSignal === 'function'
		? context.getExecutionCancelSignal()
		: undefined;
}

async function readSmallBody(body: unknown): Promise<unknown> {
	if (!isByteStream(body)) return Buffer.isBuffer(body) ? body.toString('utf8') : body;
	const chunks: Buffer[] = [];
	let size = 0;
	try {
		for await (const chunk of body) {
			const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			chunks.push(buffer);
			size += buffer.length;
			if (size >= MAX_ERROR_BODY_BYTES) break;
		}
	} catch {
		// A body that breaks off is still classified by its status code.
	} finally {
		body.destroy();
	}
	return Buffer.concat(chunks).toString('utf8');
}

interface NetworkFailure {
	code?: string;
	message: string;
}

/** Digs the low-level cause (ECONNRESET …) out of the error n8n's request helper throws. */
function networkFailureOf(error: unknown): NetworkFailure {
	const seen = new Set<unknown>();
	let current: unknown = error;
	let code: string | undefined;
	const messages: string[] = [];
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		const record = current as { code?: unknown; message?: unknown; cause?: unknown };
		if (typeof record.code === 'string' && /^E[A-Z_]+$/.test(record.code)) code ??= record.code;
		if (typeof record.message === 'string') messages.push(record.message);
		current = record.cause;
	}
	return { code, message: messages.join(' / ') };
}

function isCancellation(error: unknown, signal: AbortSignal | undefined): boolean {
	if (signal?.aborted) return true;
	const failure = networkFailureOf(error);
	return failure.code === 'ERR_CANCELED' || /CanceledError|canceled/i.test(failure.message);
}

function describeRequest(method: string, url: string): string {
	const parsed = new URL(url);
	return `${method} ${parsed.pathname}`;
}

/**
 * The one function that talks HTTP to the service. JSON by default; `response: 'stream'` for SSE and large
 * downloads. Maps every error answer to a NodeApiError with the service's code and a remedy, and retries
 * as `retry.ts` decides, sleeping with the execution's cancel signal so a cancelled execution stops at once.
 */
export async function apiRequestFull<T = unknown>(this: TransportContext, options: ApiRequestOptions): Promise<ApiResponse<T>> {
	const node = this.getNode();
	const baseUrl = await getBaseUrl.call(this, options.itemIndex);
	const url = resolveOrRefuse(node, baseUrl, options.path, options.itemIndex);
	const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
	const responseKind = options.response ?? 'json';
	const signal = cancelSignalOf(this);
	const label = describeRequest(options.method, url);
	const startedAt = Date.now();

	const requestOptions: IHttpRequestOptions = {
		method: options.method,
		url,
		qs: options.qs,
		headers: { Accept: responseKind === 'json' ? 'application/json' : '*/*', ...options.headers },
		body: options.body,
		json: responseKind === 'json',
		encoding: responseKind === 'buffer' ? 'arraybuffer' : responseKind === 'stream' ? 'stream' : undefined,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Redirects are never followed: a redirect could carry the key to another origin.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
	};
	if (options.body === undefined) delete requestOptions.body;

	for (let attempt = 1; ; attempt++) {
		if (options.bodyFactory) requestOptions.body = (await options.bodyFactory()) as IHttpRequestOptions['body'];
		const outcome = await sendOnce.call(this, requestOptions);
		// A streamed body the server answered before reading to its end still holds a file open.
		if (options.bodyFactory && isByteStream(requestOptions.body)) requestOptions.body.destroy();
		if ('failure' in outcome) {
			if (isCancellation(outcome.failure, signal)) throw cancellationError(node, options.itemIndex);
			const failure = networkFailureOf(outcome.failure);
			const decision = decideRetryForNetworkError(classifyNetworkError(failure.code, failure.message), {
				method: options.method,
				attempt,
				elapsedMs: Date.now() - startedAt,
				policy,
			});
			if (await waitIfRetry.call(this, decision, label, attempt, signal)) continue;
			throw networkError(node, failure, label, decision, options.itemIndex, requestOptions.timeout);
		}
		const response = outcome.response;

		if (response.statusCode >= 200 && response.statusCode < 300) {
			return { statusCode: response.statusCode, headers: response.headers, body: response.body as T };
		}
		if (response.statusCode >= 300 && response.statusCode < 400) {
			if (isByteStream(response.body)) response.body.destroy();
			throw new NodeApiError(node, { status: response.statusCode } as JsonObject, {
				message: `The service answered with a redirect (${response.statusCode}), which the node does not follow`,
				description: `Request: ${label}. Set the credential's Base URL to the final address of the service (redirects are not followed so that the API key never leaves its origin).`,
				httpCode: String(response.statusCode),
				itemIndex: options.itemIndex,
			});
		}
		const info = parseServiceError(response.statusCode, response.headers, await readSmallBody(response.body));
		const decision = decideRetryForResponse(info, { method: options.method, attempt, elapsedMs: Date.now() - startedAt, policy });
		if (await waitIfRetry.call(this, decision, label, attempt, signal)) continue;
		throw serviceErrorToNodeApiError(node, info, { request: label, itemIndex: options.itemIndex, retries: { attempts: attempt, reason: decision.reason } });
	}
}

/** One attempt; failures are returned, not thrown, so the retry loop decides what to do with them. */
async function sendOnce(
	this: TransportContext,
	requestOptions: IHttpRequestOptions,
): Promise<{ response: IN8nHttpFullResponse } | { failure: unknown }> {
	try {
		const response = (await this.helpers.httpRequestWithAuthentication.call(
			this,
			CREDENTIAL_TYPE,
			requestOptions,
		)) as IN8nHttpFullResponse;
		return { response };
	} catch (failure) {
		return { failure };
	}
}

function cancellationError(node: INode, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(node, 'The execution was canceled while waiting for the service', { itemIndex });
}

async function waitIfRetry(
	this: TransportContext,
	decision: RetryDecision,
	label: string,
	attempt: number,
	signal: AbortSignal | undefined,
): Promise<boolean> {
	if (!decision.retry) return false;
	this.logger.debug(`Drafting Workspace: ${label} ${decision.reason}; retrying in ${decision.delayMs} ms (attempt ${attempt + 1})`);
	await sleep(decision.delayMs, signal);
	return true;
}

/** What to do after a change that may or may not have happened (label: "POST /base/path"): each kind is checked differently. */
function ambiguousRemedy(label: string): string {
	if (/^POST \S*\/workflows\/runs$/.test(label))
		return 'Check with Run → Get Many whether the run started before running the item again (a second start would be a second run).';
	if (/^POST \S*\/workflow-inputs\/documents$/.test(label))
		return 'Running the item again uploads the file again: a second copy of the document, never a second run.';
	if (/^POST \S*\/v1\/chat\/completions$/.test(label)) return 'Running the item again asks again; the first answer may already count against the quota.';
	if (/^POST \S*\/document-templates\/[^/]+\/documents$/.test(label))
		return 'Running the item again produces the document again; check the workspace for the first one.';
	return 'Check whether it took effect before running the item again.';
}

function networkError(node: INode, failure: NetworkFailure, label: string, decision: RetryDecision, itemIndex?: number, timeoutMs?: number): NodeApiError {
	const kind = classifyNetworkError(failure.code, failure.message);
	const code = failure.code ?? 'network_error';
	// A request the node gave up on is a slow service, not a broken connection: say which.
	const timedOut = kind === 'ambiguous' && timeoutMs !== undefined && /timeout|timed out/i.test(failure.message);
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
			? `The request may have reached the service, so it was not sent again. ${ambiguousRemedy(label)}`
			: "Check the credential's Base URL and that the service is reachable from n8n, then try again.";
	const error = new NodeApiError(node, { code, message: failure.message } as JsonObject, {
		message,
		description: `${fix}\nRequest: ${label}. Detail: ${failure.message} (${decision.reason})`,
		itemIndex,
	});
	error.message = message;
	Object.assign(error.context, { serviceCode: code });
	return error;
}

export async function apiRequest<T = unknown>(this: TransportContext, options: ApiRequestOptions): Promise<T> {
	return (await apiRequestFull.call<TransportContext, [ApiRequestOptions], Promise<ApiResponse<T>>>(this, options)).body;
}

/** JSON answers that are documented as arrays may come wrapped (`{ data: [...] }`): accept both. */
export function asArray(body: unknown, ...keys: string[]): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (body && typeof body === 'object') {
		for (const key of [...keys, 'data', 'items', 'results']) {
			const value = (body as IDataObject)[key];
			if (Array.isArray(value)) return value as IDataObject[];
		}
	}
	return [];
}
