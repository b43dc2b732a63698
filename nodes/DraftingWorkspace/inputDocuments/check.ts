import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { BinaryFile } from './binaryFile.api';
import { ACCEPTED_TYPES_TEXT, formatBytes, resolveUploadType } from './rules';

/** An upload checked before a byte is sent: the service's type and size rules (rules.ts). Pure: no I/O. */

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

/** The service's type and size rules, checked before a byte is sent. `what` names the file in messages. */
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
		throw new NodeOperationError(
			this.getNode(),
			`${what} ("${fileName}", ${declared || 'no MIME type'}) is not a type the service accepts`,
			{
				description: `The service accepts ${ACCEPTED_TYPES_TEXT}. Convert the file first, or set File Name / MIME Type in the options if n8n labelled it wrongly.`,
				itemIndex,
			},
		);
	if (file.size === 0)
		throw new NodeOperationError(this.getNode(), `${what} ("${fileName}") is empty`, {
			description: 'The binary property holds 0 bytes. Check the node that produced the file.',
			itemIndex,
		});
	if (file.size > settings.maxBytes)
		throw new NodeOperationError(
			this.getNode(),
			`${what} ("${fileName}") is ${formatBytes(file.size)}, over the upload limit of ${formatBytes(settings.maxBytes)}`,
			{
				description:
					'The service refuses larger files (size_exceeded). Split or compress the document. If your deployment allows larger uploads, raise Max File Size (MB) in the options.',
				itemIndex,
			},
		);
	return { file, fileName, contentType: resolved.sendAs };
}
