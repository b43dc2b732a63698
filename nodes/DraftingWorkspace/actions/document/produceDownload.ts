import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { documentFile } from '../../templates/documentFile';
import { findDocumentLink, type DocumentFormat } from '../../templates/links';
import { settle, withCreated, type CreatedResource } from '../../../shared/common/errors';
import { serviceCodeOf } from '../../../shared/transport';
import { downloadDocument } from '../../templates/download.api';

/**
 * The download half of Produce From Template with Download. The document exists once the POST answered 201,
 * so nothing after it may look like "nothing happened": a review the template requires is an outcome (the
 * document is output with `download.outcome: "awaitingReview"`), and any other failure carries the
 * document's id and links in the error's own fields (`withCreated`). The downloaded file is told in the one file
 * shape, under `download.file`, its url absolute.
 */

const REVIEW_MESSAGE =
	'The document was produced. A person must review it in the workspace before its content can be downloaded: download it then with Document → Download and its links. Running this item again would produce a second document.';

function producedIds(produced: IDataObject): IDataObject {
	const documentId =
		typeof produced.documentId === 'string'
			? produced.documentId
			: typeof produced.id === 'string'
				? produced.id
				: '';
	return {
		documentId,
		...(typeof produced.status === 'string' ? { status: produced.status } : {}),
		links: produced.links ?? null,
	};
}

function documentCreated(produced: IDataObject, format: DocumentFormat): CreatedResource {
	const ids = producedIds(produced);
	const documentId = String(ids.documentId);
	return {
		ids,
		summary: `Document ${documentId} was produced, but downloading its ${format} failed`,
		next: `The document exists: do not produce it again (running the item again would produce a second document). Download it with Document → Download and its links (in this error's created field).`,
		mentions: documentId ? [documentId] : [],
	};
}

/** Downloads the produced document into the item, or outputs it awaiting review; other failures keep its ids. */
export async function downloadProduced(
	this: IExecuteFunctions,
	itemIndex: number,
	produced: IDataObject,
	format: DocumentFormat,
	binaryPropertyName: string,
	/** The service's answer as it came (`produced` is the output, without links that carry user information). */
	answer: IDataObject,
	/** The absolute URL of a link the service gave (undefined when it may not be followed). */
	urlOf: (link: string) => string | undefined,
): Promise<INodeExecutionData> {
	const downloaded = await settle(downloadDocument.call(this, answer, format, itemIndex));
	if (downloaded.ok) {
		const link = findDocumentLink(answer, format);
		const file = documentFile(
			downloaded.value,
			format,
			link === undefined ? undefined : urlOf(link),
			binaryPropertyName,
		);
		return {
			json: { ...produced, download: { outcome: 'downloaded', file } },
			binary: { [binaryPropertyName]: downloaded.value },
		};
	}
	if (serviceCodeOf(downloaded.error) === 'review_required')
		return {
			json: {
				...produced,
				download: {
					outcome: 'awaitingReview',
					code: 'review_required',
					format,
					message: REVIEW_MESSAGE,
				},
			},
		};
	throw withCreated.call(this, downloaded.error, itemIndex, documentCreated(produced, format));
}
