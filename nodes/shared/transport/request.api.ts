import { NodeApiError, sleep } from 'n8n-workflow';
import type { IHttpRequestOptions, IN8nHttpFullResponse, INode, JsonObject } from 'n8n-workflow';

import { cancellationError, cancelSignalOf, isCancellation } from './cancel';
import { withFailure } from './failure';
import { getBaseUrl } from './credentials.api';
import { readErrorBody } from './errorBody.api';
import { parseServiceError, serviceErrorToNodeApiError } from './errors';
import { networkError, networkFailureOf } from './networkFailure';
import { keyPauses, reportPushback } from './pause';
import { describeRequest, resolveOrRefuse } from './origin';
import { redirectError } from './redirect';
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
	type TransportContext,
} from './types';

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The one function that talks HTTP to the service: the attempt loop. JSON by default; `response: 'stream'` for
 * SSE and large downloads. Every error answer becomes a NodeApiError with the service's code and a remedy
 * (errors.ts), and is retried as `retry.ts` decides, sleeping with the execution's cancel signal so a cancelled
 * execution stops at once.
 */
export async function apiRequestFull<T = unknown>(
	this: TransportContext,
	options: ApiRequestOptions,
): Promise<ApiResponse<T>> {
	const node = nodeOf(this);
	const baseUrl = await getBaseUrl.call(this, options.itemIndex);
	const url = resolveOrRefuse(node, baseUrl, options.path, options.itemIndex);
	const startedAt = Date.now();
	const policy = withDeadline({ ...DEFAULT_RETRY_POLICY, ...options.retry }, startedAt);
	const responseKind = options.response ?? 'json';
	const signal = cancelSignalOf(this);
	const label = describeRequest(options.method, url);

	const requestOptions: IHttpRequestOptions = {
		method: options.method,
		url,
		qs: options.qs,
		headers: { Accept: responseKind === 'json' ? 'application/json' : '*/*', ...options.headers },
		body: options.body,
		json: responseKind === 'json',
		encoding:
			responseKind === 'buffer' ? 'arraybuffer' : responseKind === 'stream' ? 'stream' : undefined,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Redirects are never followed: a redirect could carry the key to another origin.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
	};
	if (options.body === undefined) delete requestOptions.body;

	const key = pauseKey(node, baseUrl);

	for (let attempt = 1; ; attempt++) {
		// The key's rest, if a 429 or 423 of any request with this key asked for one (pause.ts): once, not in a
		// loop, so a request is never held longer than the rest that was asked for.
		const rest = keyPauses.remainingMs(key, Date.now());
		if (rest > 0 && policy.deadlineAt !== undefined && Date.now() + rest >= policy.deadlineAt)
			throw restBeyondDeadline(node, rest, label, options.itemIndex);
		if (rest > 0) await sleep(rest, signal);
		if (policy.deadlineAt !== undefined)
			requestOptions.timeout = attemptTimeout(
				options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
				policy.deadlineAt,
			);
		if (options.bodyFactory)
			requestOptions.body = (await options.bodyFactory()) as IHttpRequestOptions['body'];
		const outcome = await sendOnce.call(
			options.hearAnswerOnCancel ? notCancelled(this) : this,
			requestOptions,
		);
		// A streamed body the server answered before reading to its end still holds a file open.
		if (options.bodyFactory && isByteStream(requestOptions.body)) requestOptions.body.destroy();
		if ('failure' in outcome) {
			if (isCancellation(outcome.failure, signal)) throw cancellationError(node, options.itemIndex);
			const failure = networkFailureOf(outcome.failure);
			const decision = decideRetryForNetworkError(
				classifyNetworkError(failure.code, failure.message),
				{
					method: options.method,
					attempt,
					elapsedMs: Date.now() - startedAt,
					policy,
				},
			);
			if (await waitIfRetry.call(this, decision, label, attempt, signal)) continue;
			throw networkError(node, failure, {
				label,
				decision,
				ifUnsure: options.ifUnsure,
				itemIndex: options.itemIndex,
				timeoutMs: requestOptions.timeout,
			});
		}
		const response = outcome.response;

		if (response.statusCode >= 200 && response.statusCode < 300) {
			return {
				statusCode: response.statusCode,
				headers: response.headers,
				body: response.body as T,
			};
		}
		if (response.statusCode >= 300 && response.statusCode < 400) {
			if (isByteStream(response.body)) response.body.destroy();
			throw redirectError(node, response.statusCode, label, options.itemIndex);
		}
		const info = parseServiceError(
			response.statusCode,
			response.headers,
			await readErrorBody(response.body),
		);
		const decision = decideRetryForResponse(info, {
			method: options.method,
			attempt,
			elapsedMs: Date.now() - startedAt,
			policy,
		});
		// A rate limit or a tenant lock holds for the key: every request with it rests, this one included.
		if (decision.retry && (info.status === 429 || info.status === 423)) {
			keyPauses.pause(key, Date.now() + decision.delayMs);
			// In a batch under Auto, the refused request waits for a place in the narrowed window before it goes again.
			await reportPushback(this, options.itemIndex, Date.now() + decision.delayMs);
			this.logger.debug(
				`Drafting Workspace: ${label} ${decision.reason}; retrying in ${decision.delayMs} ms (attempt ${attempt + 1}), every request with this key resting until then`,
			);
			continue;
		}
		if (await waitIfRetry.call(this, decision, label, attempt, signal)) continue;
		throw serviceErrorToNodeApiError(node, info, {
			request: label,
			itemIndex: options.itemIndex,
			retries: { attempts: attempt, reason: decision.reason },
			keyRestMs: keyPauses.remainingMs(key, Date.now()),
		});
	}
}

/**
 * The node, read once per context: n8n's `getNode()` deep-copies the node and its parameters on every call, and
 * the node does not change while it runs. A batch item's own context (router.ts) gets its own copy.
 */
const nodes = new WeakMap<TransportContext, INode>();
function nodeOf(context: TransportContext): INode {
	let node = nodes.get(context);
	if (!node) nodes.set(context, (node = context.getNode()));
	return node;
}

/** A deadline bounds the retries too: no wait starts that would end after it. */
function withDeadline(policy: RetryPolicy, startedAt: number): RetryPolicy {
	if (policy.deadlineAt === undefined) return policy;
	return {
		...policy,
		totalBudgetMs: Math.max(0, Math.min(policy.totalBudgetMs, policy.deadlineAt - startedAt)),
	};
}

/** An attempt's idle timeout, ended at the deadline (at least 1 ms: axios reads 0 as "no timeout"). */
function attemptTimeout(timeoutMs: number, deadlineAt: number): number {
	const left = Math.max(1, deadlineAt - Date.now());
	return timeoutMs === 0 ? left : Math.min(timeoutMs, left);
}

/** The key rests (a 429 or 423 of another request) past the caller's deadline: nothing is sent, and it says so. */
function restBeyondDeadline(
	node: INode,
	restMs: number,
	label: string,
	itemIndex?: number,
): NodeApiError {
	const message = `The API key rests for ${Math.ceil(restMs / 1000)} s after a rate limit or a tenant lock, longer than this request may take`;
	const error = new NodeApiError(node, { code: 'rate_limited' } as JsonObject, {
		message,
		description: `Another request with this key was refused (429 or 423) and every request with the key waits until the service allows it again. Nothing was sent. Request: ${label}.`,
		httpCode: '429',
		itemIndex,
	});
	// NodeApiError may rewrite the message from its status-code table: keep ours.
	error.message = message;
	Object.assign(error.context, { serviceCode: 'rate_limited' });
	return withFailure(error, { cause: 'rate-limited', retryAfterMs: Math.ceil(restMs) });
}

/**
 * The key's identity for its shared rest: the service limits per key, and a credential holds one key. From the
 * node already read for this request (n8n's `getNode` copies the whole node: once a request is enough).
 */
function pauseKey(node: INode, baseUrl: string): string {
	const credential = node.credentials?.[CREDENTIAL_TYPE];
	return `${baseUrl} ${credential?.id ?? credential?.name ?? ''}`;
}

/**
 * The context a request that must be heard to its answer is sent with: n8n's request helper aborts a request with
 * the context's cancel signal, which this one does not have.
 */
function notCancelled(context: TransportContext): TransportContext {
	return Object.create(context, {
		getExecutionCancelSignal: { value: () => undefined },
	}) as TransportContext;
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

async function waitIfRetry(
	this: TransportContext,
	decision: RetryDecision,
	label: string,
	attempt: number,
	signal: AbortSignal | undefined,
): Promise<boolean> {
	if (!decision.retry) return false;
	this.logger.debug(
		`Drafting Workspace: ${label} ${decision.reason}; retrying in ${decision.delayMs} ms (attempt ${attempt + 1})`,
	);
	await sleep(decision.delayMs, signal);
	return true;
}
