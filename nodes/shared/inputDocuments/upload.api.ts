import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, apiRequestFull, headerValue } from '../transport';
import { binaryAsBase64, copyBinaryInto, type BinaryFile } from './binaryFile.api';
import { allocateFramed, base64Chunks, framedStream, multipartFraming, type BodyFraming } from './multipart';
import type { ByteStream } from '../transport/types';
import { pollUntil } from '../common/pollUntil.api';
import { ACCEPTED_TYPES_TEXT, formatBytes, resolveUploadType } from './rules';

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

function framingOf(upload: CheckedUpload, encoding: UploadEncoding): BodyFraming {
	if (encoding === 'json') {
		const head = Buffer.from(`{"filename":${JSON.stringify(upload.fileName)},"contentType":${JSON.stringify(upload.contentType)},"data":"`);
		return { head, tail: Buffer.from('"}'), contentBytes: 4 * Math.ceil(upload.file.size / 3), contentType: 'application/json' };
	}
	return multipartFraming({ fieldName: 'file', fileName: upload.fileName, contentType: upload.contentType }, upload.file.size);
}

/** The whole body in one Buffer allocated at its final size, the file decoded or copied straight into it. */
async function bufferedBody(this: IExecuteFunctions, itemIndex: number, upload: CheckedUpload, framing: BodyFraming, encoding: UploadEncoding): Promise<Buffer> {
	const body = allocateFramed(framing);
	const offset = framing.head.length;
	if (encoding === 'json') body.write(await binaryAsBase64.call(this, upload.file, itemIndex), offset, framing.contentBytes, 'latin1');
	else await copyBinaryInto.call(this, upload.file, body, offset);
	return body;
}

interface UploadBody {
	contentType: string;
	body?: Buffer;
	/** For files in n8n's binary data store: a fresh stream per attempt (head, the file, tail). */
	bodyFactory?: () => Promise<ByteStream | Buffer>;
	contentLength: number;
}

/**
 * The request body. A file in n8n's binary data store (the default filesystem mode, S3, database) is
 * streamed from the store, framed by the multipart (or JSON) head and tail, so it is never held in memory.
 * Inline binary data (base64 in the item) is decoded once into a Buffer of the body's final size: it has
 * to be decoded anyway, and a Buffer goes through n8n's request helper unchanged.
 */
async function uploadBody(this: IExecuteFunctions, itemIndex: number, upload: CheckedUpload, encoding: UploadEncoding): Promise<UploadBody> {
	const framing = framingOf(upload, encoding);
	const contentLength = framing.head.length + framing.contentBytes + framing.tail.length;
	const id = upload.file.binary.id;
	if (!id) return { contentType: framing.contentType, body: await bufferedBody.call(this, itemIndex, upload, framing, encoding), contentLength };
	const bodyFactory = async (): Promise<ByteStream | Buffer> => {
		const source = await this.helpers.getBinaryStream(id);
		const transform = encoding === 'json' ? base64Chunks() : undefined;
		const stream = framedStream(source, framing.head, framing.tail, upload.file.size, transform);
		if (stream) return stream as unknown as ByteStream;
		(source as unknown as ByteStream).destroy();
		return await bufferedBody.call(this, itemIndex, upload, framing, encoding);
	};
	return { contentType: framing.contentType, bodyFactory, contentLength };
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
		},
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
	const error = new NodeOperationError(this.getNode(), `The service could not process ${what}: ${code}`, {
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
