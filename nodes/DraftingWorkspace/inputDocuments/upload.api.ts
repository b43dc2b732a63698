import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { uploadInputDocument } from '../../shared/client';
import { uploadBody } from './body.api';
import type { CheckedUpload, UploadEncoding } from './check';

/** Uploads a checked file, its body built from the item's binary data (multipart or JSON, as `encoding` says). */
export async function sendUpload(
	this: IExecuteFunctions,
	itemIndex: number,
	upload: CheckedUpload,
	encoding: UploadEncoding,
): Promise<IDataObject> {
	return await uploadInputDocument.call(
		this,
		await uploadBody.call(this, itemIndex, upload, encoding),
		{ itemIndex },
	);
}
