import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { followAtMostOption } from '../descriptions';
import type { UploadEncoding, UploadSettings } from '../../inputDocuments/check';
import { DEFAULT_MAX_UPLOAD_MB, maxUploadBytes } from '../../inputDocuments/rules';

/** Ingestion of a document takes seconds to a few minutes; five minutes covers large PDFs. */
const DEFAULT_READY_TIMEOUT_S = 300;

/** The upload settings both Upload and Start Run offer, as options of a collection. */
export const uploadOptionFields: INodeProperties[] = [
	followAtMostOption(
		'Max Uploads Checked at Once',
		"How many of this node's uploaded documents are checked at the same time until they are ready; the others wait their turn. Each check reads a document's status, a request of the API key's rate limit. Uploads are sent in item order whatever this says (see Batch Size).",
	),
	{
		displayName: 'Max File Size (MB)',
		name: 'maxSizeMb',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_MAX_UPLOAD_MB,
		description:
			"Larger files are refused before anything is sent. The service's limit is 50 MB; raise it only if your deployment accepts more.",
	},
	{
		displayName: 'Ready Timeout (Seconds)',
		name: 'readyTimeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_READY_TIMEOUT_S,
		description:
			'How long to wait for the service to finish processing a document before failing the item',
	},
	{
		displayName: 'Send As',
		name: 'uploadEncoding',
		type: 'options',
		default: 'multipart',
		description:
			'How the file is sent: as a multipart upload (recommended), or base64-encoded in a JSON body',
		options: [
			{
				name: 'Multipart (Recommended)',
				value: 'multipart',
				description: 'The file as it is: the smallest request and the least memory',
			},
			{
				name: 'JSON (Base64)',
				value: 'json',
				description:
					'The file base64-encoded in a JSON body, for proxies that refuse multipart uploads',
			},
		],
	},
];

export interface ReadUploadSettings extends UploadSettings {
	readyTimeoutMs: number;
}

export function readUploadSettings(
	this: IExecuteFunctions,
	optionsName: string,
	itemIndex: number,
): ReadUploadSettings {
	const options = this.getNodeParameter(optionsName, itemIndex, {}) as IDataObject;
	const timeout = Number(options.readyTimeout ?? DEFAULT_READY_TIMEOUT_S);
	return {
		encoding: (options.uploadEncoding === 'json' ? 'json' : 'multipart') as UploadEncoding,
		maxBytes: maxUploadBytes(Number(options.maxSizeMb ?? DEFAULT_MAX_UPLOAD_MB)),
		fileName: typeof options.fileName === 'string' ? options.fileName : undefined,
		mimeType: typeof options.mimeType === 'string' ? options.mimeType : undefined,
		readyTimeoutMs:
			(Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_READY_TIMEOUT_S) * 1000,
	};
}
