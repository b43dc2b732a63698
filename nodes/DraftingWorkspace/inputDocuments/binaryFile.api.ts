import { NodeOperationError } from 'n8n-workflow';
import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import { isByteStream } from '../../shared/transport/types';

/**
 * An input item's binary file, read without copying it more than once.
 *
 * n8n keeps binary data in one of two places: inline as base64 (`data`, no `id`; the in-process engine
 * and the "default" mode) or in a binary data store (`id`; filesystem, S3 and database modes). Uploads
 * stream a stored file (body.api.ts); when a Buffer is needed, `copyBinaryInto` writes either kind
 * straight into the caller's buffer, so the only copy is the request body itself.
 */
export interface BinaryFile {
	propertyName: string;
	fileName: string;
	mimeType: string;
	size: number;
	binary: IBinaryData;
}

function availableProperties(context: IExecuteFunctions, itemIndex: number): string[] {
	const item = context.getInputData()[itemIndex];
	return Object.keys(item?.binary ?? {});
}

/** The named binary property of an item, or an error that lists the properties the item does have. */
export async function readBinaryFile(
	this: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	field: string,
	alternative = '',
): Promise<BinaryFile> {
	const name = propertyName.trim();
	const present = availableProperties(this, itemIndex);
	if (!name || !present.includes(name)) {
		const has = present.length
			? `The item has: ${present.join(', ')}.`
			: 'The item has no binary data at all.';
		throw new NodeOperationError(
			this.getNode(),
			`${field}: the item has no binary property "${name}"`,
			{
				description: `${has} Enter the name of the binary property that holds the file (often "data"), or add a node that reads the file before this one.${alternative ? ` ${alternative}` : ''}`,
				itemIndex,
			},
		);
	}
	const binary = this.helpers.assertBinaryData(itemIndex, name);
	const fileName =
		binary.fileName ?? `${name}${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
	return {
		propertyName: name,
		fileName,
		mimeType: binary.mimeType ?? '',
		size: await sizeOf(this, binary),
		binary,
	};
}

async function sizeOf(context: IExecuteFunctions, binary: IBinaryData): Promise<number> {
	if (binary.id) {
		if (typeof binary.bytes === 'number') return binary.bytes;
		return (await context.helpers.getBinaryMetadata(binary.id)).fileSize;
	}
	return Buffer.byteLength(binary.data, 'base64');
}

/** Writes the file's bytes into `target` at `offset`; fails unless exactly `file.size` bytes were written. */
export async function copyBinaryInto(
	this: IExecuteFunctions,
	file: BinaryFile,
	target: Buffer,
	offset: number,
): Promise<void> {
	let written = 0;
	if (file.binary.id) {
		const stream: unknown = await this.helpers.getBinaryStream(file.binary.id);
		if (!isByteStream(stream)) throw new Error('the binary data store returned no readable stream');
		for await (const chunk of stream) {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			if (written + bytes.length > file.size) {
				stream.destroy();
				written += bytes.length;
				break;
			}
			bytes.copy(target, offset + written);
			written += bytes.length;
		}
	} else {
		written = target.write(file.binary.data, offset, file.size, 'base64');
	}
	if (written !== file.size)
		throw new Error(
			`the binary property "${file.propertyName}" holds ${written} bytes where ${file.size} were expected`,
		);
}

/** The file as base64 text, for the JSON form of the upload (inline data is already base64). */
export async function binaryAsBase64(
	this: IExecuteFunctions,
	file: BinaryFile,
	itemIndex: number,
): Promise<string> {
	if (!file.binary.id) return file.binary.data;
	return (await this.helpers.getBinaryDataBuffer(itemIndex, file.propertyName)).toString('base64');
}
