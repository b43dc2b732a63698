import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { binaryPropertyField, runLocator } from '../../../shared/common/descriptions';
import { runsAsTool } from '../../../shared/common/tool';
import { fileFacts } from '../../../shared/runs/compact';
import { serviceUrlResolver } from '../../../shared/transport/credentials.api';
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
	const path = `${runPath(runId)}/input-documents/${encodeURIComponent(documentVersionId)}/download`;
	const data = await downloadToBinary.call(this, path, { itemIndex, fallbackFileName: documentVersionId, qs: {} });
	const json: IDataObject = { runId, documentVersionId, fileName: data.fileName, mimeType: data.mimeType, fileSize: data.fileSize };
	// As an AI agent's tool the binary data is dropped from the answer: the file is told in JSON with its link.
	if (runsAsTool.call(this)) json.file = fileFacts(data, (await serviceUrlResolver.call(this, itemIndex))(path));
	return [{ json, binary: { [binaryPropertyName]: data } }];
}
