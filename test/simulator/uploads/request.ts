/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Reads an upload request into one file (contract, Workflow input upload): multipart/form-data
 * with exactly one file field `file`, or JSON `{ filename, contentType, data }` with base64 data.
 * Checks made while reading, in the contract's order: the type (declared, resolved from the
 * extension only when generic), then the size (decoded bytes). The bytes are kept once: multipart
 * chunks are concatenated once, and the JSON body (with its base64 string) is dropped on return.
 */
import type { Readable } from 'node:stream';
import { BodyTooLargeError } from '../body-errors';
import type { RouteContext } from '../route-context';
import { checkBase64, decodeBase64 } from './base64';
import { mediaTypeEssence, resolveUploadType, type UploadKind } from './media-types';
import { FILE_FIELD, invalidRequest, sizeExceeded, unsupportedMediaType } from './refusals';

export interface UploadedFile {
	filename: string;
	kind: UploadKind;
	/** The accepted type, resolved from the extension when the declared one was generic. */
	contentType: string;
	bytes: Buffer;
}

/** Base64 takes 4 characters per 3 bytes; 64 KiB more leaves room for the rest of the JSON and line breaks. */
export function jsonBodyLimit(uploadMaxBytes: number): number {
	return Math.ceil(uploadMaxBytes / 3) * 4 + 64 * 1024;
}

function requireType(
	declared: string,
	filename: string,
): { kind: UploadKind; contentType: string } {
	const resolution = resolveUploadType(declared, filename);
	if (!resolution.ok) throw unsupportedMediaType(resolution.message);
	return resolution;
}

/** One Buffer.concat at the end: the only copy of the bytes the simulator keeps. */
function collect(stream: Readable): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		stream.on('data', (chunk: Buffer) => {
			chunks.push(chunk);
			size += chunk.length;
		});
		stream.on('end', () => resolve(Buffer.concat(chunks, size)));
		stream.on('error', reject);
	});
}

async function readMultipartUpload(ctx: RouteContext, maxBytes: number): Promise<UploadedFile> {
	let upload: UploadedFile | null = null;
	let fileParts = 0;
	// The part's own refusal: it wins over whatever the aborted read reports next (the bytes already
	// in flight can still push the size over the limit before the rejection is seen).
	let refusal: Error | null = null;
	let fields: Record<string, string>;
	try {
		({ fields } = await ctx.readMultipart({
			limitBytes: maxBytes,
			// Throwing here refuses on the part's headers, before its bytes are read; body.ts drains the rest.
			onFile: async (info, stream) => {
				fileParts++;
				let type: { kind: UploadKind; contentType: string };
				try {
					if (fileParts > 1)
						throw invalidRequest(
							`The body has more than one file part: send exactly one, named "${FILE_FIELD}".`,
						);
					if (info.name !== FILE_FIELD)
						throw invalidRequest(`The file part is named "${info.name}": name it "${FILE_FIELD}".`);
					if (info.filename.trim() === '') {
						throw invalidRequest(
							`The "${FILE_FIELD}" part has no filename: send it as Content-Disposition: form-data; name="${FILE_FIELD}"; filename="contract.pdf".`,
						);
					}
					type = requireType(info.contentType, info.filename);
				} catch (error) {
					refusal ??= error as Error;
					throw error;
				}
				upload = { filename: info.filename, ...type, bytes: await collect(stream) };
			},
		}));
	} catch (error) {
		if (refusal) throw refusal;
		if (error instanceof BodyTooLargeError) throw sizeExceeded(maxBytes);
		throw error;
	}
	if (upload) return upload;
	if (fields[FILE_FIELD] !== undefined) {
		throw invalidRequest(
			`The "${FILE_FIELD}" field was sent as a text field; send it as a file part with a filename.`,
		);
	}
	throw invalidRequest(
		`The multipart body has no "${FILE_FIELD}" field: send the document as one file field named "${FILE_FIELD}".`,
	);
}

const JSON_FIELDS = ['filename', 'contentType', 'data'] as const;

async function readJsonUpload(ctx: RouteContext, maxBytes: number): Promise<UploadedFile> {
	let body: unknown;
	try {
		body = await ctx.readJson(jsonBodyLimit(maxBytes));
	} catch (error) {
		// Limits: over the size limit is 400 size_exceeded, not the core's 413.
		if (error instanceof BodyTooLargeError) throw sizeExceeded(maxBytes);
		throw error;
	}
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw invalidRequest(
			'The JSON body must be an object { filename, contentType, data } (data: the file, base64).',
		);
	}
	const fields = body as Record<string, unknown>;
	const missing = JSON_FIELDS.filter((name) => typeof fields[name] !== 'string');
	if (missing.length > 0) {
		throw invalidRequest(
			`The JSON upload needs the string field${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: { filename, contentType, data } (data: the file, base64).`,
		);
	}
	const { filename, contentType, data } = fields as Record<(typeof JSON_FIELDS)[number], string>;
	if (filename.trim() === '')
		throw invalidRequest(
			'filename must not be empty: give the document\'s file name, e.g. "contract.pdf".',
		);
	const type = requireType(contentType, filename);
	const encoded = checkBase64(data);
	if (!encoded.ok)
		throw invalidRequest(
			`data must be the file's bytes in base64 (standard or URL-safe alphabet, padding optional); it ${encoded.problem}.`,
		);
	if (encoded.decodedBytes > maxBytes) throw sizeExceeded(maxBytes);
	return { filename, ...type, bytes: decodeBase64(data) };
}

export async function readUpload(ctx: RouteContext, maxBytes: number): Promise<UploadedFile> {
	const declared = ctx.req.headers['content-type'] ?? '';
	const essence = mediaTypeEssence(declared);
	if (essence === 'multipart/form-data') return readMultipartUpload(ctx, maxBytes);
	if (essence === 'application/json') return readJsonUpload(ctx, maxBytes);
	throw invalidRequest(
		`Send multipart/form-data with a "${FILE_FIELD}" field, or JSON { filename, contentType, data } (data in base64); the request's Content-Type is ${essence === '' ? 'missing' : essence}.`,
	);
}
