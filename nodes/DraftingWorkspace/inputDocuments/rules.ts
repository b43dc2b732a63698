/**
 * The contract's upload rules the node can check before sending anything (Limits: accepted upload
 * types, upload size). Pure: no I/O. The page limit is left to the service: counting a PDF's pages
 * would mean parsing it here, and the service's `too_many_pages` answer is explained plainly anyway.
 */

export const DEFAULT_MAX_UPLOAD_MB = 50;
const MB = 1024 * 1024;

export interface UploadType {
	label: string;
	mimeType: string;
}

const PDF: UploadType = { label: 'PDF', mimeType: 'application/pdf' };
const DOCX: UploadType = {
	label: 'DOCX',
	mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const MARKDOWN: UploadType = { label: 'Markdown', mimeType: 'text/markdown' };
const TEXT: UploadType = { label: 'plain text', mimeType: 'text/plain' };

const BY_MIME_TYPE: Record<string, UploadType> = {
	'application/pdf': PDF,
	'application/x-pdf': PDF,
	[DOCX.mimeType]: DOCX,
	'text/markdown': MARKDOWN,
	'text/x-markdown': MARKDOWN,
	'text/plain': TEXT,
};

const BY_EXTENSION: Record<string, UploadType> = {
	pdf: PDF,
	docx: DOCX,
	md: MARKDOWN,
	markdown: MARKDOWN,
	txt: TEXT,
	text: TEXT,
};

/** Types that say nothing about the content; the file name's extension decides then. */
const UNTYPED = new Set([
	'',
	'application/octet-stream',
	'binary/octet-stream',
	'application/unknown',
]);

export const ACCEPTED_TYPES_TEXT = 'PDF (.pdf), DOCX (.docx), Markdown (.md) and plain text (.txt)';

function extensionOf(fileName: string): string {
	const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
	return match ? match[1].toLowerCase() : '';
}

/** The MIME type without parameters, lower case (`Text/Plain; charset=utf-8` → `text/plain`). */
function bareMimeType(mimeType: string | undefined): string {
	return (mimeType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The accepted type a file is, from its MIME type, or from its name when the MIME type is generic
 * (n8n labels files it could not recognise `application/octet-stream`, and `.md` often so). Undefined
 * when neither says an accepted type. The MIME type sent keeps the given parameters (charset).
 */
export function resolveUploadType(
	mimeType: string | undefined,
	fileName: string,
): { type: UploadType; sendAs: string } | undefined {
	const bare = bareMimeType(mimeType);
	const known = BY_MIME_TYPE[bare];
	if (known) {
		// Parameters (a charset) are kept for the type itself, dropped for an alias such as application/x-pdf.
		const separator = (mimeType ?? '').indexOf(';');
		const parameters =
			bare === known.mimeType && separator >= 0 ? (mimeType ?? '').slice(separator) : '';
		return { type: known, sendAs: `${known.mimeType}${parameters}` };
	}
	if (!UNTYPED.has(bare)) return undefined;
	const byName = BY_EXTENSION[extensionOf(fileName)];
	return byName ? { type: byName, sendAs: byName.mimeType } : undefined;
}

export function maxUploadBytes(maxSizeMb: number | undefined): number {
	const mb =
		typeof maxSizeMb === 'number' && Number.isFinite(maxSizeMb) && maxSizeMb > 0
			? maxSizeMb
			: DEFAULT_MAX_UPLOAD_MB;
	return Math.floor(mb * MB);
}

/** "12.3 MB", "845 kB", "17 bytes": sizes in messages. */
export function formatBytes(bytes: number): string {
	if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
	if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
	return `${bytes} bytes`;
}
