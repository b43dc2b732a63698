import type { IExecuteFunctions } from 'n8n-workflow';

import type { UploadRequestBody } from '../../shared/client';
import type { ByteStream } from '../../shared/transport/types';
import { binaryAsBase64, copyBinaryInto } from './binaryFile.api';
import type { CheckedUpload, UploadEncoding } from './check';
import {
	allocateFramed,
	base64Chunks,
	framedStream,
	multipartFraming,
	type BodyFraming,
} from './multipart';

/** The body of an upload, multipart or JSON, read from the item's binary data (inline or in n8n's store). */

function framingOf(upload: CheckedUpload, encoding: UploadEncoding): BodyFraming {
	if (encoding === 'json') {
		const head = Buffer.from(
			`{"filename":${JSON.stringify(upload.fileName)},"contentType":${JSON.stringify(upload.contentType)},"data":"`,
		);
		return {
			head,
			tail: Buffer.from('"}'),
			contentBytes: 4 * Math.ceil(upload.file.size / 3),
			contentType: 'application/json',
		};
	}
	return multipartFraming(
		{ fieldName: 'file', fileName: upload.fileName, contentType: upload.contentType },
		upload.file.size,
	);
}

/** The whole body in one Buffer allocated at its final size, the file decoded or copied straight into it. */
async function bufferedBody(
	this: IExecuteFunctions,
	itemIndex: number,
	upload: CheckedUpload,
	framing: BodyFraming,
	encoding: UploadEncoding,
): Promise<Buffer> {
	const body = allocateFramed(framing);
	const offset = framing.head.length;
	if (encoding === 'json')
		body.write(
			await binaryAsBase64.call(this, upload.file, itemIndex),
			offset,
			framing.contentBytes,
			'latin1',
		);
	else await copyBinaryInto.call(this, upload.file, body, offset);
	return body;
}

/**
 * The request body. A file in n8n's binary data store (the default filesystem mode, S3, database) is
 * streamed from the store, framed by the multipart (or JSON) head and tail, so it is never held in memory.
 * Inline binary data (base64 in the item) is decoded once into a Buffer of the body's final size: it has
 * to be decoded anyway, and a Buffer goes through n8n's request helper unchanged.
 */
export async function uploadBody(
	this: IExecuteFunctions,
	itemIndex: number,
	upload: CheckedUpload,
	encoding: UploadEncoding,
): Promise<UploadRequestBody> {
	const framing = framingOf(upload, encoding);
	const contentLength = framing.head.length + framing.contentBytes + framing.tail.length;
	const id = upload.file.binary.id;
	if (!id)
		return {
			contentType: framing.contentType,
			body: await bufferedBody.call(this, itemIndex, upload, framing, encoding),
			contentLength,
		};
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
