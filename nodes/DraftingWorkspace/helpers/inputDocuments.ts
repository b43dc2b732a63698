import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, apiRequestFull, headerValue } from '../transport';
import { binaryAsBase64, copyBinaryInto, type BinaryFile } from './binaryInput';
import { allocateMultipart } from './multipart';
import { pollUntil } from './pollUntil';
import { ACCEPTED_TYPES_TEXT, formatBytes, resolveUploadType } from './uploadRules';

/**
 * Workflow input uploads (contract: POST /workflow-inputs/documents, GET …/{documentId}): the local
 * checks, the two body encodings, and the wait for ingestion. Shared by Input Document → Upload and by
 * Start Run, which uploads the binary files mapped to document fields.
 */

export const INPUT_DOCUMENTS_PATH = '/workflow-inputs/documents';

export function inputDocumentPath(documentId: string): string {
	return `${INPUT_DOCUMENTS_PATH}/${encodeURIComponent(documentId)}`;
}

export type UploadEncoding = 'multipart' | 'json';

export interface UploadSettings {
	encoding: UploadEncoding;
	maxBytes: number;
	/** Overrides of the binary's own file name and MIME type; empty means "keep". */
	fileName?: string;
	mimeType?: string;
}

export interface CheckedUpload {
	file: BinaryFile;
	fileName: string;
	contentType: string;
}

/** The contract's type and size rules, checked before a byte is sent. `what` names the file in messages. */
export function checkUpload(
	this: IExecuteFunctions,
	itemIndex: number,
	file: BinaryFile,
	settings: UploadSettings,
	what: string,
): CheckedUpload {
	const fileName = settings.fileName?.trim() || file.fileName;
	const declared = settings.mimeType?.trim() || file.mimeType;
	const resolved = resolveUploadType(declared, fileName);
	if (!resolved)
		throw new NodeOperationError(this.getNode(), `${what} ("${fileName}", ${declared || 'no MIME type'}) is not a type the service accepts`, {
			description: `The service accepts ${ACCEPTED_TYPES_TEXT}. Convert the file first, or set File Name / MIME Type in the options if n8n labelled it wrongly.`,
			itemIndex,
		});
	if (file.size === 0)
		throw new NodeOperationError(this.getNode(), `${what} ("${fileName}") is empty`, {
			description: 'The binary property holds 0 bytes. Check the node that produced the file.',
			itemIndex,
		});
	if (file.size > settings.maxBytes)
		throw new NodeOperationError(this.getNode(), `${what} ("${fileName}") is ${formatBytes(file.size)}, over the upload limit of ${formatBytes(settings.maxBytes)}`, {
			description:
				'The service refuses larger files (size_exceeded). Split or compress the document. If your deployment allows larger uploads, raise Max File Size (MB) in the options.',
			itemIndex,
		});
	return { file, fileName, contentType: resolved.sendAs };
}

/** The request body, built once at its final size (see multipart.ts); JSON carries the file as base64. */
async function uploadBody(
	this: IExecuteFunctions,
	itemIndex: number,
	upload: CheckedUpload,
	encoding: UploadEncoding,
): Promise<{ body: Buffer; contentType: string }> {
	if (encoding === 'json') {
		const base64 = await binaryAsBase64.call(this, upload.file, itemIndex);
		const head = Buffer.from(`{"filename":${JSON.stringify(upload.fileName)},"contentType":${JSON.stringify(upload.contentType)},"data":"`);
		const tail = Buffer.from('"}');
		const body = Buffer.allocUnsafe(head.length + base64.length + tail.length);
		head.copy(body, 0);
		body.write(base64, head.length, 'latin1');
		tail.copy(body, head.length + base64.length);
		return { body, contentType: 'application/json' };
	}
	const multipart = allocateMultipart(
		{ fieldName: 'file', fileName: upload.fileName, contentType: upload.contentType },
		upload.file.size,
	);
	await copyBinaryInto.call(this, upload.file, multipart.body, multipart.contentOffset);
	return { body: multipart.body, contentType: multipart.contentType };
}

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
	const { body, contentType } = await uploadBody.call(this, itemIndex, upload, encoding);
	const response = await apiRequestFull.call<IExecuteFunctions, Parameters<typeof apiRequestFull>, Promise<{ body: unknown; headers: IDataObject }>>(
		this,
		{ method: 'POST', path: INPUT_DOCUMENTS_PATH, body, headers: { 'Content-Type': contentType }, itemIndex, timeoutMs: 300_000 },
	);
	const record: IDataObject = response.body && typeof response.body === 'object' ? { ...(response.body as IDataObject) } : {};
	// The contract names `documentId`; an `id` or the Location header are accepted if a deployment differs.
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

function statusPathOf(record: IDataObject): string {
	return typeof record.documentId === 'string' ? inputDocumentPath(record.documentId) : String(record.statusLocation);
}

export async function getUploadStatus(this: IExecuteFunctions, itemIndex: number, path: string): Promise<IDataObject> {
	const body = await apiRequest.call<IExecuteFunctions, Parameters<typeof apiRequest>, Promise<unknown>>(this, { method: 'GET', path, itemIndex });
	return body && typeof body === 'object' ? (body as IDataObject) : {};
}

function ingestionFailed(this: IExecuteFunctions, itemIndex: number, record: IDataObject, what: string): NodeOperationError {
	const code = typeof record.processingError === 'string' && record.processingError ? record.processingError : 'no code given';
	const error = new NodeOperationError(this.getNode(), `The service could not process ${what} ("${String(record.filename ?? '')}"): ${code}`, {
		description: `Ingestion failed, which is final for this upload (document ${String(record.documentId ?? '')}). Check that the file opens and has text, then upload it again as a new document.`,
		itemIndex,
	});
	error.context.serviceCode = code;
	return error;
}

/**
 * Reads the upload's status until it is `ready` (returned) or `failed` (thrown with its code); still
 * `processing` after `timeoutMs` is thrown too. Statuses the contract does not list are waited on.
 */
export async function waitUntilReady(
	this: IExecuteFunctions,
	itemIndex: number,
	uploaded: IDataObject,
	timeoutMs: number,
	what: string,
): Promise<IDataObject> {
	if (uploaded.status === 'ready') return uploaded;
	const path = statusPathOf(uploaded);
	const outcome = await pollUntil(this, `${what} to be processed`, timeoutMs, async () => {
		const record = { ...uploaded, ...(await getUploadStatus.call(this, itemIndex, path)) };
		return { done: record.status === 'ready' || record.status === 'failed', value: record };
	});
	if (!outcome.done)
		throw new NodeOperationError(this.getNode(), `${what} was still being processed after ${Math.round(outcome.waitedMs / 1000)} s`, {
			description: `Document ${String(uploaded.documentId ?? '')} is not ready yet. Raise Ready Timeout, or turn Wait Until Ready off and check later with Input Document → Get.`,
			itemIndex,
		});
	if (outcome.value.status === 'failed') throw ingestionFailed.call(this, itemIndex, outcome.value, what);
	return outcome.value;
}
