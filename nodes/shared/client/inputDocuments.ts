import type { IDataObject } from 'n8n-workflow';

import { apiObject, apiRequestFull, headerValue, type TransportContext } from '../transport';
import { objectAnswer } from '../transport/answer';
import { carriesUserinfo } from '../transport/baseUrl';
import { unusableAnswerError } from '../transport/json.api';
import type { ApiRequestOptions } from '../transport/types';
import type { CallOptions, UploadStatus } from './types';

const INPUT_DOCUMENTS_PATH = '/workflow-inputs/documents';
const UPLOAD_ANSWER = 'the upload answer (documentId, documentVersionId, status)';

/** An upload's body, built by the caller: bytes, or a fresh stream per attempt, with its type and length. */
export interface UploadRequestBody {
	body?: ApiRequestOptions['body'];
	bodyFactory?: ApiRequestOptions['bodyFactory'];
	contentType: string;
	contentLength: number;
}

/**
 * POST /workflow-inputs/documents. A dropped connection after the body was sent is not retried by the transport
 * (the upload may have been stored), so an upload is never duplicated silently. The answer names the document by
 * `documentId`; an `id`, or the Location header (`statusLocation`), is taken if a deployment differs, a Location
 * with user information never (it would not be followed).
 */
export async function uploadInputDocument(
	this: TransportContext,
	upload: UploadRequestBody,
	call: CallOptions = {},
): Promise<UploadStatus> {
	const options: ApiRequestOptions = {
		method: 'POST',
		path: INPUT_DOCUMENTS_PATH,
		body: upload.body,
		bodyFactory: upload.bodyFactory,
		headers: { 'Content-Type': upload.contentType, 'Content-Length': String(upload.contentLength) },
		timeoutMs: 300_000,
		ifUnsure:
			'Running the item again uploads the file again: a second copy of the document, never a second run.',
		hearAnswerOnCancel: true,
		...call,
	};
	const response = await apiRequestFull.call(this, options);
	const header = headerValue(response.headers, 'location');
	const location = header && !carriesUserinfo(header) ? header : undefined;
	const checked = objectAnswer(response.body);
	if (!checked.ok && !location)
		throw unusableAnswerError(
			this.getNode(),
			options,
			response.statusCode,
			checked.problem,
			UPLOAD_ANSWER,
		);
	const record: IDataObject = checked.ok ? { ...checked.value } : {};
	if (typeof record.documentId !== 'string' && typeof record.id === 'string')
		record.documentId = record.id;
	if (typeof record.documentId !== 'string' && location) record.statusLocation = location;
	if (typeof record.documentId !== 'string' && !location) {
		const problem = objectAnswer(record, ['documentId']);
		throw unusableAnswerError(
			this.getNode(),
			options,
			response.statusCode,
			problem.ok ? 'an answer without documentId' : problem.problem,
			UPLOAD_ANSWER,
		);
	}
	return record;
}

/** Where an upload is read back: by its `documentId`, else the Location the upload answered with. */
export type UploadRef = { documentId?: unknown; statusLocation?: unknown };

/** GET /workflow-inputs/documents/{documentId}: `status`, `processingError`, `usedByRunId`. */
export async function getUploadStatus(
	this: TransportContext,
	upload: UploadRef,
	call: CallOptions = {},
): Promise<UploadStatus> {
	const path =
		typeof upload.documentId === 'string'
			? `${INPUT_DOCUMENTS_PATH}/${encodeURIComponent(upload.documentId)}`
			: String(upload.statusLocation);
	return await apiObject.call(
		this,
		{ method: 'GET', path, ...call },
		{ what: "the upload's status" },
	);
}
