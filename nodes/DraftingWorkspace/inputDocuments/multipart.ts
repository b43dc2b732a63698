import { randomBytes } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * A one-file `multipart/form-data` body (RFC 7578), built without a runtime dependency.
 *
 * The body is allocated once at its final size and the file's bytes are written straight into it
 * (decoded from base64, or copied chunk by chunk from a stream), so a 50 MB upload costs one 50 MB
 * buffer and nothing more. A Buffer body also goes through n8n's request helper unchanged, survives
 * its re-send after a 401, and gets an exact Content-Length. The layout is the one the `form-data`
 * package writes, which a test checks byte for byte.
 */

export interface MultipartFilePart {
	/** Form field name (`file` for the upload endpoint). */
	fieldName: string;
	fileName: string;
	contentType: string;
}

/** A body in three parts: `head`, `contentBytes` of content, `tail` (multipart, or the JSON form of an upload). */
export interface BodyFraming {
	head: Buffer;
	tail: Buffer;
	contentBytes: number;
	/** The value of the Content-Type header (with the boundary for multipart). */
	contentType: string;
}

const CRLF = '\r\n';

/** 24 random hex digits after dashes, as `form-data` does; a collision with file content is not a practical concern. */
export function newBoundary(): string {
	return `--------------------------${randomBytes(12).toString('hex')}`;
}

/**
 * A quoted-string parameter value. Browsers (WHATWG) percent-encode `"`, CR and LF; other characters,
 * UTF-8 included, go as they are, which is what servers built on busboy/multer expect.
 */
function quoted(value: string): string {
	return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function multipartHead(boundary: string, part: MultipartFilePart): Buffer {
	return Buffer.from(
		`--${boundary}${CRLF}` +
			`Content-Disposition: form-data; name="${quoted(part.fieldName)}"; filename="${quoted(part.fileName)}"${CRLF}` +
			`Content-Type: ${part.contentType.replace(/[\r\n]/g, '')}${CRLF}${CRLF}`,
		'utf8',
	);
}

function multipartTail(boundary: string): Buffer {
	return Buffer.from(`${CRLF}--${boundary}--${CRLF}`, 'utf8');
}

/** The framing of a one-file multipart body around `size` bytes of file. */
export function multipartFraming(
	part: MultipartFilePart,
	size: number,
	boundary = newBoundary(),
): BodyFraming {
	return {
		head: multipartHead(boundary, part),
		tail: multipartTail(boundary),
		contentBytes: size,
		contentType: `multipart/form-data; boundary=${boundary}`,
	};
}

/** A Buffer of the body's final size with head and tail written; the content goes at `framing.head.length`. */
export function allocateFramed(framing: BodyFraming): Buffer {
	const { head, tail, contentBytes } = framing;
	const body = Buffer.allocUnsafe(head.length + contentBytes + tail.length);
	head.copy(body, 0);
	tail.copy(body, head.length + contentBytes);
	return body;
}

/** The byte stream n8n's binary data store hands out (typed without importing `stream`, which nodes may not). */
export type BinaryStream = Awaited<ReturnType<IExecuteFunctions['helpers']['getBinaryStream']>>;

/**
 * `head`, the source's bytes (each chunk passed through `transform`), then `tail`, as a new readable stream,
 * so a file in n8n's binary data store (filesystem, S3, database modes) is sent without ever being held in
 * memory. The stream class is the source's own (`Readable.from`, inherited by every Node stream class):
 * node code may not import `stream`. Undefined when the source offers no `from` (then the caller buffers).
 * The byte count is checked: a store that yields more or fewer bytes than announced fails the request
 * rather than sending a body that disagrees with its Content-Length.
 */
export function framedStream(
	source: BinaryStream,
	head: Buffer,
	tail: Buffer,
	expectedBytes: number,
	transform: (chunk: Buffer, last: boolean) => Buffer = (chunk) => chunk,
): BinaryStream | undefined {
	const factory = (
		source.constructor as unknown as {
			from?: (iterable: AsyncIterable<Buffer>, options: { objectMode: boolean }) => BinaryStream;
		}
	).from;
	if (typeof factory !== 'function') return undefined;
	async function* frames(): AsyncGenerator<Buffer> {
		yield head;
		let seen = 0;
		for await (const chunk of source as AsyncIterable<Buffer | string>) {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			seen += bytes.length;
			if (seen > expectedBytes)
				throw new Error(
					`the binary data store returned more than the ${expectedBytes} bytes announced`,
				);
			const out = transform(bytes, false);
			if (out.length) yield out;
		}
		if (seen !== expectedBytes)
			throw new Error(
				`the binary data store returned ${seen} bytes where ${expectedBytes} were announced`,
			);
		const rest = transform(Buffer.alloc(0), true);
		if (rest.length) yield rest;
		yield tail;
	}
	const framed = factory.call(source.constructor, frames(), { objectMode: false });
	// A framed stream closed before it was read (the service answered early, a retry, a stopped batch) never
	// starts `frames`, so nothing would close its source: the file would stay open until garbage collection.
	framed.once('close', () => source.destroy());
	return framed;
}

/** A base64 encoder for a chunked source: carries the 0-2 bytes that do not fill a 3-byte group. */
export function base64Chunks(): (chunk: Buffer, last: boolean) => Buffer {
	let carry: Buffer = Buffer.alloc(0);
	return (chunk, last) => {
		const joined = carry.length ? Buffer.concat([carry, chunk]) : chunk;
		const whole = last ? joined.length : joined.length - (joined.length % 3);
		carry = joined.subarray(whole);
		return Buffer.from(joined.subarray(0, whole).toString('base64'), 'latin1');
	};
}
