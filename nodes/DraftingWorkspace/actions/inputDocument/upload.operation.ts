import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { Lane } from '../../pace/batch';
import { readBinaryFile } from '../../inputDocuments/binaryFile.api';
import { settle, withCreated } from '../../../shared/common/errors';
import { checkUpload } from '../../inputDocuments/check';
import { waitUntilReady } from '../../inputDocuments/status.api';
import { sendUpload } from '../../inputDocuments/upload.api';
import { jsonItems } from '../items';
import { readFollowAtMost } from '../parameters';
import type { FollowPlan } from '../types';
import { readUploadSettings, uploadOptionFields } from './uploadFields';

const show = { resource: ['inputDocument'], operation: ['upload'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field that holds the file (PDF, DOCX, Markdown or plain text)',
		description:
			'The name of the binary field of the input item that holds the file to upload, e.g. data (PDF, DOCX, Markdown or plain text)',
		displayOptions: { show },
	},
	{
		displayName: 'Wait Until Ready',
		name: 'waitUntilReady',
		type: 'boolean',
		default: true,
		description:
			'Whether to wait until the service has processed the document, so the output can go straight into Run → Start. A failed processing fails the item with its code.',
		displayOptions: { show },
	},
	{
		displayName: 'Options',
		name: 'uploadOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				placeholder: 'e.g. contract.pdf',
				description: "The name to upload the file under, instead of the binary's own",
			},
			{
				displayName: 'MIME Type',
				name: 'mimeType',
				type: 'string',
				default: '',
				placeholder: 'e.g. application/pdf',
				description:
					"The content type to send, instead of the binary's own (useful when n8n could not tell the type)",
			},
			...uploadOptionFields,
		],
	},
];

/**
 * POST /workflow-inputs/documents with the item's binary file, then (by default) read the status until
 * the document is ready. The output is the upload's status record: map it whole into a document field
 * of Start Run, which takes `{documentId, documentVersionId}` and ignores the rest.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	lane: Lane,
): Promise<INodeExecutionData[]> {
	const propertyName = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
	const settings = readUploadSettings.call(this, 'uploadOptions', itemIndex);
	const file = await readBinaryFile.call(this, itemIndex, propertyName, 'Input Binary Field');
	const upload = checkUpload.call(
		this,
		itemIndex,
		file,
		settings,
		`The file in "${file.propertyName}"`,
	);
	const uploaded = await lane.send(
		'upload',
		async () => await sendUpload.call(this, itemIndex, upload, settings.encoding),
	);
	const uploadedAt = Date.now();
	lane.record({ documentId: uploaded.documentId ?? uploaded.statusLocation });
	if (!(this.getNodeParameter('waitUntilReady', itemIndex, true) as boolean))
		return jsonItems(uploaded);
	// The ready timeout counts from the upload, also for an upload that waits for a free slot.
	const ready = await settle(
		lane.follow('uploads', async () => {
			const left = Math.max(0, settings.readyTimeoutMs - (Date.now() - uploadedAt));
			return await waitUntilReady.call(
				this,
				itemIndex,
				uploaded,
				left,
				`"${upload.fileName}"`,
				uploadedAt,
			);
		}),
	);
	if (ready.ok) return jsonItems(ready.value);
	// The upload is stored whatever the wait concluded: its ids go into the error, so a rerun is a choice, not a guess.
	const ids: IDataObject = {};
	for (const key of ['documentId', 'documentVersionId', 'statusLocation'])
		if (typeof uploaded[key] === 'string') ids[key] = uploaded[key];
	const documentId = typeof ids.documentId === 'string' ? ids.documentId : undefined;
	const quoted = `"${upload.fileName}"`;
	throw withCreated.call(this, ready.error, itemIndex, {
		ids,
		summary: `${documentId ? `Document ${documentId} (${quoted})` : quoted} was uploaded, but waiting for it to be ready failed`,
		next: `The upload is stored${documentId ? ` as document ${documentId}` : ''} (its ids are in this error's created field)${documentId ? '; check it with Input Document → Get Status' : ''}. Running the item again uploads the file again, as a new document.`,
		mentions: documentId ? [documentId, quoted] : [quoted],
	});
}

/** Files are uploaded one at a time in item order, then waited on side by side. */
export const work: FollowPlan = {
	stages: ['upload'],
	followLimits() {
		return { uploads: readFollowAtMost.call(this, 'uploadOptions') };
	},
};
