import { safeFileName } from '../transport/fileName';

/**
 * The one way a file is told in JSON: a run's rendered file (Simplify on or off, Download File), a run's input
 * document, a produced document's download, so the same PDF reads the same everywhere. Every key is always there, `null` when not known, so an expression never meets a missing key. Pure.
 */
export interface FileShape {
	/** A bare file name (never a path: `safeFileName`). */
	name: string;
	/** `pdf`, `docx`, `markdown`, `json`, `text`…: the service's word when it gives one, else from the type or name. */
	format: string | null;
	mimeType: string | null;
	/** Bytes. */
	size: number | null;
	/** Absolute, on the credential's Base URL (it needs the API key); null for a link to another origin. */
	url: string | null;
	/** The item's binary field holding the file, when the node downloaded it. */
	binaryProperty?: string;
	/** The run step that rendered it. */
	stepId?: string;
}

export interface FileFacts {
	/** What the service said about the file (a run record's `renderedArtifact`). */
	declared?: { filename?: string; contentType?: string; format?: string; sizeBytes?: number };
	/** The binary data the node made of it, and the item's field it sits in. */
	downloaded?: { fileName?: string; mimeType?: string; bytes?: number; binaryProperty: string };
	/** The service's path (or link) of the file, made absolute by `urlOf`. */
	path?: string;
	stepId?: string;
	/** The name when neither the download nor the service gives one. */
	fallbackName: string;
}

/** MIME types the service serves (rendered files, input documents), by the word the contract uses for them. */
const FORMAT_OF_MIME_TYPE = new Map([
	['application/pdf', 'pdf'],
	['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
	['text/markdown', 'markdown'],
	['text/x-markdown', 'markdown'],
	['application/json', 'json'],
	['text/plain', 'text'],
]);

const FORMAT_OF_EXTENSION = new Map([
	['md', 'markdown'],
	['txt', 'text'],
]);

/** A format word: letters and digits, as the contract's `pdf`, `docx`, `json`, `markdown`. */
const FORMAT_WORD = /^[a-z0-9]{1,16}$/;
/** `type/subtype`, the characters RFC 6838 allows; parameters (`; charset=…`) are cut off before. */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

function mimeTypeOf(...candidates: unknown[]): string | null {
	for (const candidate of candidates) {
		if (typeof candidate !== 'string') continue;
		const type = candidate.split(';')[0].trim().toLowerCase();
		if (MIME_TYPE.test(type)) return type;
	}
	return null;
}

function formatOf(declared: unknown, mimeType: string | null, name: string): string | null {
	const word = typeof declared === 'string' ? declared.trim().toLowerCase() : '';
	if (FORMAT_WORD.test(word)) return word;
	const byType = mimeType ? FORMAT_OF_MIME_TYPE.get(mimeType) : undefined;
	if (byType) return byType;
	const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1].toLowerCase();
	if (!extension) return null;
	return FORMAT_OF_EXTENSION.get(extension) ?? extension;
}

function byteCount(value: unknown): number | null {
	return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The file in the one shape: the download's facts first (they are what the item holds), then the service's. */
export function describeFile(
	facts: FileFacts,
	urlOf: (path: string) => string | undefined,
): FileShape {
	const { declared = {}, downloaded } = facts;
	const name = safeFileName(downloaded?.fileName, declared.filename, facts.fallbackName);
	const mimeType = mimeTypeOf(downloaded?.mimeType, declared.contentType);
	const file: FileShape = {
		name,
		format: formatOf(declared.format, mimeType, name),
		mimeType,
		size: byteCount(downloaded?.bytes) ?? byteCount(declared.sizeBytes),
		url: (typeof facts.path === 'string' && facts.path ? urlOf(facts.path) : undefined) ?? null,
	};
	if (downloaded) file.binaryProperty = downloaded.binaryProperty;
	if (facts.stepId !== undefined) file.stepId = facts.stepId;
	return file;
}

/**
 * The size of n8n binary data in bytes, where it can be known without reading the store: n8n 2.16 and later set
 * `bytes`; before, data held in memory (no `id`) is base64, whose length gives the size.
 */
export function binaryBytes(binary: {
	bytes?: number;
	id?: string;
	data?: string;
}): number | undefined {
	if (typeof binary.bytes === 'number') return binary.bytes;
	if (binary.id || typeof binary.data !== 'string') return undefined;
	const data = binary.data.replace(/\s/g, '');
	const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
	return Math.floor((data.length * 3) / 4) - padding;
}
