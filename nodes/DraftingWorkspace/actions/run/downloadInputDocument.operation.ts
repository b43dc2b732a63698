import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { binaryPropertyField, runLocator } from '../../../shared/common/descriptions';
import { downloadToBinary } from '../../../shared/transport/download.api';
import { getLocatorId } from '../../../shared/common/parameters';
import { runPath } from '../../../shared/runs/record.api';

const show = { resource: ['run'], operation: ['downloadInputDocument'] };

export const description: INodeProperties[] = [
	runLocator({ displayOptions: { show } }),
	{
		displayName: 'Document Version ID',
		name: 'documentVersionId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.documentVersionId }}',
		description: "A document version on the run's input or knowledge-base coverage lists (see Run → Get)",
		displayOptions: { show },
	},
	binaryPropertyField(show, 'document'),
];

/** GET …/input-documents/{documentVersionId}/download: the original bytes with their stored content type. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const runId = getLocatorId.call(this, 'runId', itemIndex, 'Run');
	const documentVersionId = String(this.getNodeParameter('documentVersionId', itemIndex, '')).trim();
	if (!documentVersionId)
		throw new NodeOperationError(this.getNode(), 'Document Version ID is empty', {
			description: "Enter the version ID of one of the run's input documents (Run → Get lists them).",
			itemIndex,
		});
	const binaryPropertyName = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
	const data = await downloadToBinary.call(
		this,
		`${runPath(runId)}/input-documents/${encodeURIComponent(documentVersionId)}/download`,
		{ itemIndex, fallbackFileName: documentVersionId, qs: {} },
	);
	return [
		{
			json: { runId, documentVersionId, fileName: data.fileName, mimeType: data.mimeType, fileSize: data.fileSize },
			binary: { [binaryPropertyName]: data },
		},
	];
}
