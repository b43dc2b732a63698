import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	ISupplyDataFunctions,
} from 'n8n-workflow';

import type { RetryPolicy } from './retry';

export const CREDENTIAL_TYPE = 'draftingWorkspaceApi';

export interface DraftingWorkspaceCredentials {
	baseUrl: string;
	apiKey: string;
}

/** Every n8n context the transport is called from: node execution, dropdowns, the trigger's poll, the chat model (supplyData). */
export type TransportContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| ISupplyDataFunctions;

type ResponseKind = 'json' | 'buffer' | 'stream';

export interface ApiRequestOptions {
	method: IHttpRequestMethods;
	/** An API path (`/workflows`) or a path or link the service handed back. Other origins are refused. */
	path: string;
	qs?: IDataObject;
	/** JSON object, a Buffer, or a multipart body built by the multipart helper. */
	body?: IDataObject | IDataObject[] | Buffer | string;
	/**
	 * A body that can be read only once (a stream): called before every attempt, so a retried request
	 * (429, 423, connection refused) sends a fresh copy. Takes precedence over `body`.
	 */
	bodyFactory?: () => Promise<ByteStream | Buffer>;
	headers?: IDataObject;
	/** `json` (default) parses the answer; `buffer` returns bytes; `stream` returns a readable body. */
	response?: ResponseKind;
	/** Idle socket timeout in ms (axios semantics: also applies between chunks of a stream). 0 disables it. */
	timeoutMs?: number;
	/** Item the request is made for, so errors name it. */
	itemIndex?: number;
	retry?: Partial<RetryPolicy>;
	/**
	 * For a request that changes something: what to check before running the item again when the connection broke
	 * after the request was sent, so it may or may not have taken effect (it is never sent twice by the node).
	 */
	ifUnsure?: string;
	/**
	 * A request that creates something (a run, an upload, a document): once sent, it is heard to its answer even if
	 * the execution is cancelled meanwhile, so what it created is known (the service goes on with it either way).
	 * A rest or a retry not yet sent still stops at the cancel.
	 */
	hearAnswerOnCancel?: boolean;
}

export interface ApiResponse<T> {
	statusCode: number;
	headers: IDataObject;
	body: T;
}

/** The structural view of a Node readable stream the transport needs (node code may not import `stream`). */
export interface ByteStream extends AsyncIterable<Buffer | string> {
	destroy(error?: Error): unknown;
}

export function isByteStream(value: unknown): value is ByteStream {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { destroy?: unknown }).destroy === 'function' &&
		typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
	);
}
