import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { ensureNodeError, settle } from '../../../shared/common/errors';
import { getUploadStatus } from '../../../shared/client';
import { jsonItems } from '../items';
import type { Work } from '../types';

export const description: INodeProperties[] = [
	{
		displayName: 'Document ID',
		name: 'documentId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.documentId }}',
		description:
			'The documentId an Upload returned (only the API key that uploaded a document can read its status)',
		displayOptions: { show: { resource: ['inputDocument'], operation: ['get'] } },
	},
];

/** Reads one thing and changes nothing: items run side by side. */
export const work: Work = 'read';

/** GET /workflow-inputs/documents/{documentId}: status, `processingError` when failed, `usedByRunId`. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const documentId = String(this.getNodeParameter('documentId', itemIndex, '')).trim();
	if (!documentId)
		throw new NodeOperationError(this.getNode(), 'Document ID is empty', {
			description: 'Enter the documentId from an Upload step, e.g. {{ $json.documentId }}.',
			itemIndex,
		});
	const read = await settle(getUploadStatus.call(this, { documentId }, { itemIndex }));
	if (read.ok) return jsonItems(read.value);
	const error = ensureNodeError(this.getNode(), read.error, itemIndex);
	if (String((error as { httpCode?: unknown }).httpCode ?? '') === '404')
		error.description = `No upload "${documentId}" is visible to this API key. A document's status can be read only with the key that uploaded it; check the ID and the credential.\n${error.description ?? ''}`;
	throw error;
}
