/**
 * Which uploads are accepted (Limits: "Accepted upload types: PDF, DOCX, Markdown, plain text";
 * Errors: 400 unsupported_media_type). The declared type decides; only a declared
 * `application/octet-stream` (or no type at all) falls back on the filename's extension, because
 * that is what clients send when they do not know the type (browsers, `curl -F file=@x.pdf`).
 */

export type UploadKind = 'pdf' | 'docx' | 'markdown' | 'text';

export const DOCX_CONTENT_TYPE =
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Accepted media types (lower case, without parameters) and what they are. */
export const ACCEPTED_UPLOAD_TYPES: Readonly<Record<string, UploadKind>> = {
	'application/pdf': 'pdf',
	[DOCX_CONTENT_TYPE]: 'docx',
	'text/markdown': 'markdown',
	'text/x-markdown': 'markdown',
	'text/plain': 'text',
};

/** Extensions that resolve an undeclared (or octet-stream) type, to the type stored on the record. */
export const UPLOAD_EXTENSIONS: Readonly<Record<string, string>> = {
	'.pdf': 'application/pdf',
	'.docx': DOCX_CONTENT_TYPE,
	'.md': 'text/markdown',
	'.markdown': 'text/markdown',
	'.txt': 'text/plain',
};

const GENERIC_TYPE = 'application/octet-stream';

const ACCEPTED_LIST = `PDF (application/pdf), DOCX (${DOCX_CONTENT_TYPE}), Markdown (text/markdown or text/x-markdown) or plain text (text/plain)`;

export type TypeResolution =
	| { ok: true; kind: UploadKind; contentType: string }
	| { ok: false; message: string };

/** 'Text/Plain; charset=UTF-8' -> 'text/plain' (parameters and case are ignored). */
export function mediaTypeEssence(declared: string): string {
	return declared.split(';')[0].trim().toLowerCase();
}

function extensionOf(filename: string): string {
	const dot = filename.lastIndexOf('.');
	return dot <= 0 ? '' : filename.slice(dot).toLowerCase();
}

export function resolveUploadType(declared: string, filename: string): TypeResolution {
	const essence = mediaTypeEssence(declared);
	if (essence !== '' && essence !== GENERIC_TYPE) {
		const kind = ACCEPTED_UPLOAD_TYPES[essence];
		if (kind) return { ok: true, kind, contentType: essence };
		return {
			ok: false,
			message: `Uploads of type ${essence} are not accepted. Upload ${ACCEPTED_LIST}.`,
		};
	}
	const extension = extensionOf(filename);
	const resolved = UPLOAD_EXTENSIONS[extension];
	if (resolved) return { ok: true, kind: ACCEPTED_UPLOAD_TYPES[resolved], contentType: resolved };
	const what = essence === '' ? 'has no declared type' : `is declared ${GENERIC_TYPE}`;
	const name = extension === '' ? 'has no extension' : `ends in ${extension}`;
	return {
		ok: false,
		message:
			`The upload ${what} and its filename ${name}, so its type cannot be told. Declare its type, or name it ` +
			`${Object.keys(UPLOAD_EXTENSIONS).join(', ')}. Accepted: ${ACCEPTED_LIST}.`,
	};
}
