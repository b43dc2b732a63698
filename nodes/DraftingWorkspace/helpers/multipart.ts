import { randomBytes } from 'crypto';

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

export interface MultipartBody {
	body: Buffer;
	/** The value of the Content-Type header, with the boundary. */
	contentType: string;
	/** Where the file's bytes go: `body.subarray(contentOffset, contentOffset + size)`. */
	contentOffset: number;
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

export function multipartTail(boundary: string): Buffer {
	return Buffer.from(`${CRLF}--${boundary}--${CRLF}`, 'utf8');
}

/** The body with head and tail written and `size` bytes left for the file at `contentOffset`. */
export function allocateMultipart(part: MultipartFilePart, size: number, boundary = newBoundary()): MultipartBody {
	const head = multipartHead(boundary, part);
	const tail = multipartTail(boundary);
	const body = Buffer.allocUnsafe(head.length + size + tail.length);
	head.copy(body, 0);
	tail.copy(body, head.length + size);
	return { body, contentType: `multipart/form-data; boundary=${boundary}`, contentOffset: head.length };
}
