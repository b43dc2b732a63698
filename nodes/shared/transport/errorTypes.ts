import type { IDataObject } from 'n8n-workflow';

/** The service's error answer as the transport reads it, and its explanation: types only, for every error module. */

/** An error answer of the service, reduced to what the node needs. Pure data: no headers beyond these. */
export interface ServiceErrorInfo {
	status: number;
	/** The service's stable code (`error` in shapes 1 and 2, `error.type` in shape 3), or `http_<status>`. */
	code: string;
	shape: 1 | 2 | 3 | 0;
	/** The service's own message, when it sent one. */
	serviceMessage?: string;
	/** The whole error body as sent (shape 3: the inner `error` object). Never carries the key. */
	body: IDataObject;
	retryAfterSeconds?: number;
}

/** An error explained for the user. */
export interface ErrorExplanation {
	/** What happened, in one sentence. */
	message: string;
	/** What the user can do about it. */
	fix: string;
}
