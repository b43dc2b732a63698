import type { IDataObject } from 'n8n-workflow';

import { parseJsonText } from '../../shared/common/jsonObject';
import { isJsonObject } from '../../shared/transport/answer';
import { findDocumentLink, looksLikeLink, type DocumentFormat } from './links';

/**
 * What Document → Download's Document Link was given, read into the one link to follow. Pure: no
 * I/O. The contract has no endpoint by document id: a produced document is read back only through the links its
 * production returned. So the field takes those links (Produce From Template's `links`, the whole output item, or
 * their JSON), or one link from them: a content link, or the document record's link (the record then names the
 * content link: `mayBeRecord`).
 */
export type DocumentSource =
	| { ok: true; link: string; mayBeRecord: boolean }
	| { ok: false; problem: string };

function sourceOfLinks(links: IDataObject, format: DocumentFormat): DocumentSource {
	const link = findDocumentLink(links, format);
	if (link) return { ok: true, link, mayBeRecord: false };
	const block = isJsonObject(links.links) ? links.links : links;
	// Produce From Template outputs a link it would not follow (another origin) as null.
	if (block[format] === null)
		return {
			ok: false,
			problem: `has no ${format} link: it is null, as a link outside the service is output`,
		};
	const keys = Object.keys(block);
	return {
		ok: false,
		problem: `has no ${format} link (it has ${keys.length ? keys.slice(0, 8).join(', ') : 'no keys'})`,
	};
}

export function documentSource(value: unknown, format: DocumentFormat): DocumentSource {
	const parsed = parseJsonText(value);
	if (parsed === undefined || parsed === null || (typeof parsed === 'string' && !parsed.trim()))
		return { ok: false, problem: 'is empty' };
	if (isJsonObject(parsed)) return sourceOfLinks(parsed, format);
	if (typeof parsed !== 'string')
		return {
			ok: false,
			problem: `is ${Array.isArray(parsed) ? 'a list' : `the ${typeof parsed} ${String(parsed)}`}, not a document's links`,
		};
	const text = parsed.trim();
	if (looksLikeLink(text)) return { ok: true, link: text, mayBeRecord: true };
	return {
		ok: false,
		problem: `is "${text.slice(0, 60)}", which is not a link (the API downloads a document by its links, not by its ID)`,
	};
}
