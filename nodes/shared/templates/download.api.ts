import { NodeOperationError } from 'n8n-workflow';
import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import { downloadToBinary } from '../transport/download.api';
import { extensionOf, findDocumentLink, type DocumentFormat } from './links';
import { ensureNodeError, settle } from '../common/errors';
import { serviceCodeOf } from '../transport';

/** Downloads one format of a produced document from the link the service gave (resolved against the base URL). */
export async function downloadDocument(this: IExecuteFunctions, links: unknown, format: DocumentFormat, itemIndex: number): Promise<IBinaryData> {
	const link = findDocumentLink(links, format);
	if (!link)
		throw new NodeOperationError(this.getNode(), `No ${format} link in the document's links`, {
			description:
				'Map the output of Produce From Template (its links) into Document Links, e.g. {{ $json.links }}, or paste the content link itself.',
			itemIndex,
		});
	const downloaded = await settle(downloadToBinary.call(this, link, { itemIndex, fallbackFileName: `document.${extensionOf(format)}` }));
	if (downloaded.ok) return downloaded.value;
	const error = ensureNodeError(this.getNode(), downloaded.error, itemIndex);
	if (serviceCodeOf(error) === 'review_required')
		error.description = `A person must review the document in the workspace first; then download it again (for example with Document → Download and this document's links).\n${error.description ?? ''}`;
	throw error;
}
