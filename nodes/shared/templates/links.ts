import type { IDataObject } from 'n8n-workflow';

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
	const candidates = [record.links, record._links, record.content, (record.links as IDataObject | undefined)?.content, record];
	for (const block of candidates) {
		if (!block || typeof block !== 'object' || Array.isArray(block)) continue;
		const entry = (block as IDataObject)[format];
		if (typeof entry === 'string' && entry) return entry;
		if (entry && typeof entry === 'object' && typeof (entry as IDataObject).href === 'string') return (entry as IDataObject).href as string;
	}
	return undefined;
}
