/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Reading request bodies with size limits, and recording what was sent in the request log.
 * One RequestBody per request; whatever the handler does not read is drained after the response
 * so keep-alive connections stay usable and the log still shows the body.
 */
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, ClientAbortedError } from './body-errors';
import { readMultipart, type MultipartOptions, type MultipartResult } from './multipart-body';
import { HttpError } from './responses';
import { summarizeJsonForLog, type RequestLogEntry } from './request-log';

/** Bodies not read by a handler are parsed for the log only up to this size. */
const MAX_DRAIN_PARSE_BYTES = 1024 * 1024;

function isJsonContentType(req: IncomingMessage): boolean {
	const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	return type === 'application/json' || type.endsWith('+json');
}

/** Where a RequestBody records what was sent: a request-log entry, or a scratch object. */
export type BodyLogTarget = Pick<RequestLogEntry, 'requestBody'>;

export class RequestBody {
	private consumed = false;

	constructor(
		private readonly req: IncomingMessage,
		private readonly entry: BodyLogTarget,
	) {}

	get wasConsumed(): boolean {
		return this.consumed;
	}

	/** The raw bytes, at most `limitBytes` (413 beyond). */
	raw(limitBytes: number): Promise<Buffer> {
		this.claim();
		const declared = Number(this.req.headers['content-length']);
		if (Number.isFinite(declared) && declared > limitBytes) {
			this.discard(declared);
			return Promise.reject(new BodyTooLargeError(limitBytes));
		}
		return new Promise((resolve, reject) => {
			const chunks: Buffer[] = [];
			let size = 0;
			let tooLarge = false;
			this.req.on('data', (chunk: Buffer) => {
				size += chunk.length;
				if (tooLarge) return;
				if (size > limitBytes) {
					// Answer now; the rest of the body keeps flowing into this listener and is dropped.
					tooLarge = true;
					chunks.length = 0;
					reject(new BodyTooLargeError(limitBytes));
					return;
				}
				chunks.push(chunk);
			});
			this.req.on('end', () => {
				this.entry.requestBody = { bytes: size };
				if (!tooLarge) resolve(Buffer.concat(chunks));
			});
			this.req.on('aborted', () => reject(new ClientAbortedError()));
			this.req.on('error', () => reject(new ClientAbortedError()));
		});
	}

	/** A parsed JSON body: 400 `invalid_json` when empty or malformed, 413 beyond `limitBytes`. */
	async json(limitBytes: number): Promise<unknown> {
		const bytes = await this.raw(limitBytes);
		if (bytes.length === 0)
			throw new HttpError(
				400,
				'invalid_json',
				'The request body is empty; a JSON body is expected.',
			);
		let parsed: unknown;
		try {
			parsed = JSON.parse(bytes.toString('utf8'));
		} catch (error) {
			throw new HttpError(
				400,
				'invalid_json',
				`The request body is not valid JSON: ${(error as Error).message}`,
			);
		}
		this.entry.requestBody = summarizeJsonForLog(parsed);
		return parsed;
	}

	/** A multipart/form-data body; files are buffered unless `onFile` streams them (multipart-body.ts). */
	multipart(options: MultipartOptions): Promise<MultipartResult> {
		this.claim();
		return readMultipart(this.req, this.entry, options, () => this.discard(0));
	}

	/**
	 * Reads what nobody read, for the log: small JSON bodies are parsed, anything else is counted.
	 * Resolves when the request has been fully received.
	 */
	drain(): Promise<void> {
		if (this.consumed) return Promise.resolve();
		this.consumed = true;
		const keepJson = isJsonContentType(this.req);
		return new Promise((resolve) => {
			const chunks: Buffer[] = [];
			let size = 0;
			this.req.on('data', (chunk: Buffer) => {
				size += chunk.length;
				if (keepJson && size <= MAX_DRAIN_PARSE_BYTES) chunks.push(chunk);
			});
			this.req.on('end', () => {
				this.entry.requestBody = { bytes: size };
				if (keepJson && size > 0 && size <= MAX_DRAIN_PARSE_BYTES) {
					try {
						this.entry.requestBody = summarizeJsonForLog(
							JSON.parse(Buffer.concat(chunks).toString('utf8')),
						);
					} catch {
						// Not JSON after all: the byte count stays.
					}
				}
				resolve();
			});
			this.req.on('close', () => resolve());
			this.req.resume();
		});
	}

	/** Marks the body as never to be read (socket reset before processing). */
	abandon(): void {
		this.consumed = true;
		const declared = Number(this.req.headers['content-length']);
		this.entry.requestBody = { bytes: Number.isFinite(declared) ? declared : 0 };
	}

	private claim(): void {
		if (this.consumed)
			throw new Error('The request body was already read (read it once per request).');
		this.consumed = true;
	}

	/** Drops a body we refuse without reading, keeping only its size for the log. */
	private discard(declared: number): void {
		this.entry.requestBody = { bytes: declared };
		this.req.resume();
	}
}
