import type { IBinaryData, IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import { apiRequestFull, headerValue } from './index';
import { filenameFromContentDisposition } from './contentDisposition';
import { safeFileName } from './fileName';
import type { RetryPolicy } from './retry';
import type { ApiResponse } from './types';

export interface DownloadOptions {
	itemIndex?: number;
	/** Used when the service sends no Content-Disposition filename. */
	fallbackFileName?: string;
	/** Query string; rendered-file downloads default to `encoding=binary` (the raw bytes, not the base64 envelope). */
	qs?: IDataObject;
	/** A tighter retry policy (the trigger's poll has a budget). */
	retry?: Partial<RetryPolicy>;
}

/**
 * Streams a file from the service into n8n binary data. The body is handed to `prepareBinaryData` as a
 * stream (n8n writes it to its binary store without another in-memory copy in filesystem mode); name
 * and MIME type come from the response headers because n8n cannot infer them from a wrapped stream.
 */
export async function downloadToBinary(
	this: IExecuteFunctions | IPollFunctions,
	path: string,
	options: DownloadOptions = {},
): Promise<IBinaryData> {
	const response = await apiRequestFull.call(this, {
		method: 'GET',
		path,
		qs: options.qs ?? { encoding: 'binary' },
		response: 'stream',
		itemIndex: options.itemIndex,
		retry: options.retry,
	});
	return await binaryFromResponse.call(this, response, options.fallbackFileName);
}

/** The MIME type an answer declares (without its parameters), or undefined. */
export function mimeTypeOf(response: ApiResponse<unknown>): string | undefined {
	return headerValue(response.headers, 'content-type')?.split(';')[0].trim() || undefined;
}

/** A streamed answer into n8n binary data, named by its Content-Disposition (or `fallbackFileName`). */
export async function binaryFromResponse(
	this: IExecuteFunctions | IPollFunctions,
	response: ApiResponse<unknown>,
	fallbackFileName?: string,
): Promise<IBinaryData> {
	// A bare name, never a path: n8n would make the part before a `/` the binary's `directory` (fileName.ts).
	const fileName = safeFileName(
		filenameFromContentDisposition(headerValue(response.headers, 'content-disposition')),
		fallbackFileName,
	);
	const mimeType = mimeTypeOf(response) ?? 'application/octet-stream';
	return await this.helpers.prepareBinaryData(
		response.body as Parameters<typeof this.helpers.prepareBinaryData>[0],
		fileName,
		mimeType,
	);
}
