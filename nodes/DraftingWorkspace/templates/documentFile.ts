import type { IBinaryData, IDataObject } from 'n8n-workflow';

import type { DocumentFormat } from './links';

/**
 * A downloaded document told in JSON, in the one file shape (a run's files, an input document and a produced
 * document alike), `{ name, format, mimeType, size, url, binaryProperty }`. Pure: no I/O.
 */
export function documentFile(
	data: IBinaryData,
	format: DocumentFormat,
	url: string | undefined,
	binaryProperty: string,
): IDataObject {
	return {
		// A bare name already: the transport passes every name through safeFileName before n8n sees it.
		name: data.fileName ?? null,
		format,
		mimeType: data.mimeType,
		size: bytesOf(data),
		url: url ?? null,
		binaryProperty,
	};
}

/** The byte count n8n recorded (2.x), else the inline data's decoded length (older n8n), else null. */
function bytesOf(data: IBinaryData): number | null {
	if (typeof data.bytes === 'number') return data.bytes;
	if (data.id || typeof data.data !== 'string') return null;
	return Buffer.byteLength(data.data, 'base64');
}
