import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestFull, headerValue } from '../transport';
import { uploadBody } from './body.api';
import type { CheckedUpload, UploadEncoding } from './check';
import { INPUT_DOCUMENTS_PATH } from './status.api';

/**
 * POST /workflow-inputs/documents. A dropped connection after the body was sent is not retried by the
 * transport (the upload may have been stored), so an upload is never duplicated silently.
 */
export async function sendUpload(
	this: IExecuteFunctions,
	itemIndex: number,
	upload: CheckedUpload,
	encoding: UploadEncoding,
): Promise<IDataObject> {
	const { body, bodyFactory, contentType, contentLength } = await uploadBody.call(this, itemIndex, upload, encoding);
	const response = await apiRequestFull.call<IExecuteFunctions, Parameters<typeof apiRequestFull>, Promise<{ body: unknown; headers: IDataObject }>>(
		this,
		{
			method: 'POST',
			path: INPUT_DOCUMENTS_PATH,
			body,
			bodyFactory,
			headers: { 'Content-Type': contentType, 'Content-Length': String(contentLength) },
			itemIndex,
			timeoutMs: 300_000,
			ifUnsure: 'Running the item again uploads the file again: a second copy of the document, never a second run.',
		},
	);
	const record: IDataObject = response.body && typeof response.body === 'object' ? { ...(response.body as IDataObject) } : {};
	// The API names `documentId`; an `id` or the Location header are accepted if a deployment differs.
	if (typeof record.documentId !== 'string' && typeof record.id === 'string') record.documentId = record.id;
	const location = headerValue(response.headers, 'location');
	if (typeof record.documentId !== 'string' && location) record.statusLocation = location;
	if (typeof record.documentId !== 'string' && !location)
		throw new NodeOperationError(this.getNode(), 'The service accepted the upload but did not say its document id', {
			description: `Answer: ${JSON.stringify(record).slice(0, 300)}. The document cannot be followed or used in a run; report this to the service's support.`,
			itemIndex,
		});
	return record;
}
