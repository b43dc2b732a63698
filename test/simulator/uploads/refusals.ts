/**
 * The upload refusals (contract, Errors, shape 2 `{ error, message }`): each message says what was
 * wrong and how to fix it. Codes: unsupported_media_type, size_exceeded, too_many_pages,
 * storage_limit_reached (with `usage` and `limit` in bytes), and invalid_request for a body that is
 * not an upload at all (no `file` field, a missing JSON field, bad base64, an empty file).
 */
import { HttpError } from '../responses';

export const FILE_FIELD = 'file';

const MB = 1024 * 1024;

/** 52428800 -> '50 MB'; a small test limit keeps three significant digits ('0.000977 MB'). */
function formatMegabytes(bytes: number): string {
	return `${Number((bytes / MB).toPrecision(3))} MB`;
}

const formatBytes = (bytes: number): string => bytes.toLocaleString('en-US');

export function invalidRequest(message: string): HttpError {
	return new HttpError(400, 'invalid_request', message);
}

export function unsupportedMediaType(message: string): HttpError {
	return new HttpError(400, 'unsupported_media_type', message);
}

export function sizeExceeded(limitBytes: number): HttpError {
	return new HttpError(
		400,
		'size_exceeded',
		`The file is over the upload size limit of ${formatMegabytes(limitBytes)} (${formatBytes(limitBytes)} bytes, decoded). Upload a smaller file, for example split or compressed.`,
	);
}

export function emptyFile(): HttpError {
	return invalidRequest(`The ${FILE_FIELD} is empty (0 bytes). Upload the document's content.`);
}

export function tooManyPages(pages: number, limit: number): HttpError {
	return new HttpError(
		400,
		'too_many_pages',
		`The PDF has ${pages} pages; the limit is ${limit} pages. Split it into smaller PDFs and upload each.`,
	);
}

export function storageLimitReached(usage: number, limit: number, sizeBytes: number): HttpError {
	return new HttpError(
		400,
		'storage_limit_reached',
		`The workspace storage limit is reached: ${formatBytes(usage)} of ${formatBytes(limit)} bytes are used and this upload needs ${formatBytes(sizeBytes)} more. Free space in the workspace or ask a workspace admin to raise the limit.`,
		{ usage, limit },
	);
}

export function notFound(documentId: string): HttpError {
	return new HttpError(404, 'not_found', `Upload ${documentId} was not found.`);
}
