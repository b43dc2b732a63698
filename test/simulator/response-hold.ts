/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * For `after`-phase faults: hold everything a handler writes until it ends the response, then let
 * the pipeline send it late (delay) or never (reset). Handlers keep using `res` as usual.
 * A held SSE stream is sent only when it ends, so after-phase faults are meant for plain responses;
 * streams have their own fault kinds (drop-stream, frame-delay).
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export interface HeldResponse {
	status: number;
	/** The head's headers as the handler wrote them (names lower-cased) and the body it wrote. */
	headers: OutgoingHttpHeaders;
	body: Buffer;
	/** Sends the held head and body for real. */
	release(): void;
	/** Sends another answer instead (`answer` faults): the handler's effects stay. */
	replace(status: number, headers: OutgoingHttpHeaders, body: Buffer): void;
	/** Sends the head now and the body (led by spaces) in pieces, one every 250 ms for `ms`; resolves when sent. */
	trickle(ms: number, sleep: (ms: number) => Promise<void>): Promise<void>;
}

const TRICKLE_STEP_MS = 250;

type WriteCallback = (error?: Error | null) => void;
type HeadHeaders = OutgoingHttpHeaders | (string | string[])[];

/** Responses whose handler started answering while held (headersSent stays false until release). */
const answered = new WeakSet<ServerResponse>();

/** True once the handler started answering, held or not. */
export function isAnswered(res: ServerResponse): boolean {
	return res.headersSent || res.writableEnded || answered.has(res);
}

/** Head headers in either form `writeHead` takes, as one object with lower-case names. */
function headersOf(head: HeadHeaders | undefined): OutgoingHttpHeaders {
	if (!head) return {};
	if (!Array.isArray(head))
		return Object.fromEntries(
			Object.entries(head).map(([name, value]) => [name.toLowerCase(), value]),
		);
	const headers: OutgoingHttpHeaders = {};
	for (let index = 0; index + 1 < head.length; index += 2)
		headers[String(head[index]).toLowerCase()] = head[index + 1];
	return headers;
}

export function holdResponse(res: ServerResponse, onEnd: (held: HeldResponse) => void): void {
	const original = {
		writeHead: res.writeHead,
		write: res.write,
		end: res.end,
		flushHeaders: res.flushHeaders,
	};
	let status: number | null = null;
	let headHeaders: HeadHeaders | undefined;
	const chunks: Buffer[] = [];

	const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
		Buffer.isBuffer(chunk)
			? chunk
			: Buffer.from(
					chunk as string,
					typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
				);

	const writeHead = (
		code: number,
		reasonOrHeaders?: string | HeadHeaders,
		maybeHeaders?: HeadHeaders,
	): ServerResponse => {
		answered.add(res);
		status = code;
		headHeaders = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
		return res;
	};
	const write = (
		chunk: unknown,
		encodingOrCallback?: unknown,
		callback?: WriteCallback,
	): boolean => {
		answered.add(res);
		chunks.push(toBuffer(chunk, encodingOrCallback));
		const done =
			typeof encodingOrCallback === 'function' ? (encodingOrCallback as WriteCallback) : callback;
		if (done) setImmediate(done);
		return true;
	};
	const end = (
		chunk?: unknown,
		encodingOrCallback?: unknown,
		callback?: WriteCallback,
	): ServerResponse => {
		if (typeof chunk === 'function') callback = chunk as WriteCallback;
		else if (chunk !== undefined && chunk !== null)
			chunks.push(toBuffer(chunk, encodingOrCallback));
		if (typeof encodingOrCallback === 'function') callback = encodingOrCallback as WriteCallback;
		Object.assign(res, original);
		answered.add(res);
		const finalStatus = status ?? res.statusCode;
		const body = Buffer.concat(chunks);
		onEnd({
			status: finalStatus,
			headers: headersOf(headHeaders),
			body,
			release: () => {
				if (res.destroyed) return;
				if (headHeaders) res.writeHead(finalStatus, headHeaders);
				else res.writeHead(finalStatus);
				res.end(body, callback);
			},
			replace: (newStatus, newHeaders, newBody) => {
				if (res.destroyed) return;
				res.removeHeader('content-length');
				res.writeHead(newStatus, { ...newHeaders, 'content-length': newBody.length });
				res.end(newBody, callback);
			},
			trickle: async (ms, sleep) => {
				if (res.destroyed) return;
				// One piece now, then one after every step: the last one `ms` after the first.
				const pieces = Math.max(1, Math.floor(ms / TRICKLE_STEP_MS)) + 1;
				// Leading spaces keep a JSON body valid while they give every piece a byte to send.
				const padded = Buffer.concat([Buffer.from(' '.repeat(pieces)), body]);
				const headers = {
					...Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, v as string])),
					...headersOf(headHeaders),
				};
				res.writeHead(finalStatus, { ...headers, 'content-length': String(padded.length) });
				const piece = Math.ceil(padded.length / pieces);
				for (let offset = 0; offset < padded.length; offset += piece) {
					if (res.destroyed) return;
					res.write(padded.subarray(offset, offset + piece));
					if (offset + piece < padded.length) await sleep(TRICKLE_STEP_MS);
				}
				res.end(callback);
			},
		});
		return res;
	};

	Object.assign(res, {
		writeHead: writeHead as unknown as ServerResponse['writeHead'],
		write: write as unknown as ServerResponse['write'],
		end: end as unknown as ServerResponse['end'],
		flushHeaders: () => undefined,
	});
}
