import { NodeOperationError } from 'n8n-workflow';
import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import { downloadDocumentContent, openDocumentLink } from '../../shared/client';
import { binaryFromResponse, mimeTypeOf } from '../../shared/transport/download.api';
import { readErrorBody } from '../../shared/transport/errorBody.api';
import { extensionOf, findDocumentLink, type DocumentFormat } from './links';
import { ensureNodeError, settle } from '../../shared/common/errors';
import { serviceCodeOf } from '../../shared/transport';
import { isJsonObject } from '../../shared/transport/answer';

/** Downloads one format of a produced document from the link the service gave (resolved against the base URL). */
export async function downloadDocument(
	this: IExecuteFunctions,
	links: unknown,
	format: DocumentFormat,
	itemIndex: number,
): Promise<IBinaryData> {
	const link = findDocumentLink(links, format);
	if (!link)
		throw new NodeOperationError(this.getNode(), `No ${format} link in the document's links`, {
			description:
				'Map the output of Produce From Template (its links) into Document Links, e.g. {{ $json.links }}, or paste the content link itself.',
			itemIndex,
		});
	return (await downloadDocumentLink.call(this, link, format, itemIndex, false)).data;
}

/**
 * Downloads from one link; with `mayBeRecord`, the link may also be the document record's (the contract shows
 * neither its path nor its shape): an answer in JSON is that record, and its link for `format` is followed, once.
 * A content download always answers the file itself (PDF, DOCX or Markdown), never JSON, with `encoding=binary`.
 * Returns the file and the content link it came from. 403 review_required is explained.
 */
export async function downloadDocumentLink(
	this: IExecuteFunctions,
	link: string,
	format: DocumentFormat,
	itemIndex: number,
	mayBeRecord: boolean,
): Promise<{ data: IBinaryData; link: string }> {
	const downloaded = await settle(fetchDocument.call(this, link, format, itemIndex, mayBeRecord));
	if (downloaded.ok) return downloaded.value;
	const error = ensureNodeError(this.getNode(), downloaded.error, itemIndex);
	if (serviceCodeOf(error) === 'review_required')
		error.description = `A person must review the document in the workspace first; then download it again (for example with Document → Download and this document's links).\n${error.description ?? ''}`;
	throw error;
}

async function fetchDocument(
	this: IExecuteFunctions,
	link: string,
	format: DocumentFormat,
	itemIndex: number,
	mayBeRecord: boolean,
) {
	const fallbackFileName = `document.${extensionOf(format)}`;
	if (!mayBeRecord)
		return {
			data: await downloadDocumentContent.call(this, link, { itemIndex, fallbackFileName }),
			link,
		};
	const response = await openDocumentLink.call(this, link, { itemIndex });
	if (mimeTypeOf(response) !== 'application/json')
		return { data: await binaryFromResponse.call(this, response, fallbackFileName), link };
	const record = parsedRecord(await readErrorBody(response.body));
	const contentLink = isJsonObject(record) ? findDocumentLink(record, format) : undefined;
	if (!contentLink || contentLink === link)
		throw new NodeOperationError(
			this.getNode(),
			`The link in Document Link answered with JSON that has no ${format} link`,
			{
				description: `Give the document's links as Produce From Template output them ({{ $json.links }}), its record link (links.document) or its ${format} link.`,
				itemIndex,
			},
		);
	return {
		data: await downloadDocumentContent.call(this, contentLink, { itemIndex, fallbackFileName }),
		link: contentLink,
	};
}

/** The record's JSON text as a value (anything unparsable is no record). */
function parsedRecord(text: unknown): unknown {
	if (typeof text !== 'string') return text;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}
