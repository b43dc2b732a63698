import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestFull, headerValue } from '../../shared/transport';
import { objectAnswer } from '../../shared/transport/answer';
import { carriesUserinfo } from '../../shared/transport/baseUrl';
import { unusableAnswerError } from '../../shared/transport/json.api';
import type { ApiRequestOptions } from '../../shared/transport/types';
import { uploadBody } from './body.api';
import type { CheckedUpload, UploadEncoding } from './check';
import { INPUT_DOCUMENTS_PATH } from './status.api';

const WHAT = 'the upload answer (documentId, documentVersionId, status)';

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
	const options: ApiRequestOptions = {
		method: 'POST',
		path: INPUT_DOCUMENTS_PATH,
		body,
		bodyFactory,
		headers: { 'Content-Type': contentType, 'Content-Length': String(contentLength) },
		itemIndex,
		timeoutMs: 300_000,
		ifUnsure: 'Running the item again uploads the file again: a second copy of the document, never a second run.',
		hearAnswerOnCancel: true,
	};
	const response = await apiRequestFull.call(this, options);
	// The API names `documentId`; an `id` or the Location header are accepted if a deployment differs (a Location
	// with user information never: it would not be followed).
	const header = headerValue(response.headers, 'location');
	const location = header && !carriesUserinfo(header) ? header : undefined;
	const checked = objectAnswer(response.body);
	if (!checked.ok && !location) throw unusableAnswerError(this.getNode(), options, response.statusCode, checked.problem, WHAT);
	const record: IDataObject = checked.ok ? { ...checked.value } : {};
	if (typeof record.documentId !== 'string' && typeof record.id === 'string') record.documentId = record.id;
	if (typeof record.documentId !== 'string' && location) record.statusLocation = location;
	if (typeof record.documentId !== 'string' && !location) {
		const problem = objectAnswer(record, ['documentId']);
		throw unusableAnswerError(this.getNode(), options, response.statusCode, problem.ok ? 'an answer without documentId' : problem.problem, WHAT);
	}
	return record;
}
