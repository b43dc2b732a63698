import type { IDataObject } from 'n8n-workflow';

import { setOwn } from '../../shared/common/ownKeys';
import { isJsonObject } from '../../shared/transport/answer';
import { carriesUserinfo } from '../../shared/transport/baseUrl';

/** The formats a produced document can be downloaded in: the one list behind every format picker and file name. */
const DOCUMENT_FORMATS = [
	{ name: 'DOCX', value: 'docx', extension: 'docx' },
	{ name: 'Markdown', value: 'markdown', extension: 'md' },
	{ name: 'PDF', value: 'pdf', extension: 'pdf' },
] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number]['value'];

/** The options of a format picker, in the editor's alphabetical order. */
export const DOCUMENT_FORMAT_OPTIONS = DOCUMENT_FORMATS.map(({ name, value }) => ({ name, value }));

export const DOCUMENT_FORMAT_VALUES: DocumentFormat[] = DOCUMENT_FORMATS.map(({ value }) => value);

/** The file extension of a format, for a downloaded document the service sends without a file name. */
export function extensionOf(format: DocumentFormat): string {
	return DOCUMENT_FORMATS.find((entry) => entry.value === format)?.extension ?? format;
}

/**
 * The content link of one format in a production response. The API says the response links to the
 * content in each format and that the pdf link is named `pdf`, not where the links sit: a `links` block,
 * a `content` block, or the top level are all read; a link may be a string or `{ href }`.
 */
export function findDocumentLink(response: unknown, format: DocumentFormat): string | undefined {
	if (typeof response === 'string') return response || undefined;
	if (!response || typeof response !== 'object' || Array.isArray(response)) return undefined;
	const record = response as IDataObject;
	const candidates = [
		record.links,
		record._links,
		record.content,
		(record.links as IDataObject | undefined)?.content,
		record,
	];
	for (const block of candidates) {
		if (!block || typeof block !== 'object' || Array.isArray(block)) continue;
		const entry = (block as IDataObject)[format];
		if (typeof entry === 'string' && entry) return entry;
		if (entry && typeof entry === 'object' && typeof (entry as IDataObject).href === 'string')
			return (entry as IDataObject).href as string;
	}
	return undefined;
}

/** A link entry (a string, or `{ href }`) that names a user before its host. */
function isUserinfoLink(entry: unknown): boolean {
	if (typeof entry === 'string') return carriesUserinfo(entry);
	return isJsonObject(entry) && typeof entry.href === 'string' && carriesUserinfo(entry.href);
}

/** A links block (or list of links) without its entries that carry user information, nested blocks too. */
function scrubbed(entry: unknown, depth: number): unknown {
	if (depth > 3 || !entry || typeof entry !== 'object') return entry;
	if (Array.isArray(entry))
		return entry.filter((item) => !isUserinfoLink(item)).map((item) => scrubbed(item, depth + 1));
	const kept: IDataObject = {};
	for (const [key, value] of Object.entries(entry as IDataObject)) {
		// Own properties only, `__proto__` included: the answer is JSON, whatever its keys.
		if (!isUserinfoLink(value)) setOwn(kept, key, scrubbed(value, depth + 1));
	}
	return kept;
}

/**
 * The production answer for output: every link `findDocumentLink` could read (and the other entries of a links
 * block, such as the record's link) is left out when it carries user information (`user@host`): such a link is
 * refused by the transport, and never handed on. An answer without one comes back equal.
 */
export function withoutUserinfoLinks(response: IDataObject): IDataObject {
	const output: IDataObject = {};
	for (const [key, entry] of Object.entries(response)) {
		const isLinkPlace = ['links', '_links', 'content', ...DOCUMENT_FORMAT_VALUES].includes(key);
		if (!isLinkPlace) setOwn(output, key, entry);
		else if (!isUserinfoLink(entry)) setOwn(output, key, scrubbed(entry, 0));
	}
	return output;
}

/** A path or URL, not words: no spaces, and a slash or a scheme (`/documents/1`, `https://…`). */
export function looksLikeLink(text: string): boolean {
	return (
		!/\s/.test(text.trim()) && (text.includes('/') || /^[a-z][a-z0-9+.-]*:/i.test(text.trim()))
	);
}

/** One entry of a links block with its link made absolute (`urlOf`), or null when it may not be followed. */
function absoluteEntry(
	entry: unknown,
	urlOf: (link: string) => string | undefined,
	depth: number,
): unknown {
	if (typeof entry === 'string') return looksLikeLink(entry) ? (urlOf(entry) ?? null) : entry;
	if (depth > 3 || !entry || typeof entry !== 'object') return entry;
	if (Array.isArray(entry)) return entry.map((item) => absoluteEntry(item, urlOf, depth + 1));
	const record = entry as IDataObject;
	const resolved: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		// A `{ href, title }` link: only its href is an address; beside it, other members are words.
		const isAddress = typeof record.href !== 'string' || key === 'href';
		setOwn(resolved, key, isAddress ? absoluteEntry(value, urlOf, depth + 1) : value);
	}
	return resolved;
}

/**
 * The production answer for output: every link (the record's and each format's, wherever
 * `findDocumentLink` reads them) absolute, resolved by `urlOf` against the credential's Base URL, as Simplify's
 * urls are; a link the node would refuse to follow (another origin, user information) becomes null, so it is
 * never handed on. Other fields, and text that is no link (a title, words), are kept as they came.
 */
export function withAbsoluteLinks(
	response: IDataObject,
	urlOf: (link: string) => string | undefined,
): IDataObject {
	const output: IDataObject = {};
	for (const [key, entry] of Object.entries(response)) {
		const isLinkPlace = ['links', '_links', 'content', ...DOCUMENT_FORMAT_VALUES].includes(key);
		setOwn(output, key, isLinkPlace ? absoluteEntry(entry, urlOf, 0) : entry);
	}
	return output;
}
