/** The two ways reading a request body fails whatever its kind: too large, or the client went away. */
import { HttpError } from './responses';

/** 413 `payload_too_large`; modules that owe another code (e.g. uploads: 400 size_exceeded) catch it. */
export class BodyTooLargeError extends HttpError {
	constructor(readonly limitBytes: number) {
		super(413, 'payload_too_large', `The request body exceeds the limit of ${limitBytes} bytes.`);
	}
}

/** The client went away mid-body; there is nobody left to answer. */
export class ClientAbortedError extends Error {
	constructor() {
		super('The client aborted the request body.');
	}
}
