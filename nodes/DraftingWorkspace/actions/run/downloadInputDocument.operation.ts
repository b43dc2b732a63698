import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { binaryPropertyField, locatorModes, runLocator } from '../../../shared/common/descriptions';
import { runsAsTool } from '../../../shared/common/tool';
import { fileFacts } from '../../../shared/runs/compact';
import { describeFile } from '../../../shared/runs/files';
import { downloadedFacts } from '../../../shared/runs/files.api';
import { serviceUrlResolver } from '../../../shared/transport/credentials.api';
import { downloadToBinary } from '../../../shared/transport/download.api';
import { getLocatorId, locatorValue } from '../../../shared/common/parameters';
import { runPath } from '../../../shared/runs/record.api';
import { FROM_VERSION_2, isVersion2, VERSION_1 } from '../versions';

const show = { resource: ['run'], operation: ['downloadInputDocument'] };
const DESCRIPTION = "A document version on the run's input or knowledge-base coverage lists (see Run → Get)";

export const description: INodeProperties[] = [
	runLocator({ displayOptions: { show } }),
	{
		displayName: 'Document Version ID',
		name: 'documentVersionId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.documentVersionId }}',
		description: DESCRIPTION,
		displayOptions: { show: { ...show, ...VERSION_1 } },
	},
	// Version 2: the run's documents to pick from (its record lists them), or the ID as before.
	{
		displayName: 'Input Document',
		name: 'documentVersionId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: `${DESCRIPTION}. From List shows the documents of the run chosen above.`,
		...locatorModes(
			{ method: 'searchRunInputDocuments', placeholder: 'Select a document of the run...' },
			{ placeholder: 'e.g. {{ $json.documentVersionId }}', noun: 'document version' },
		),
		displayOptions: { show: { ...show, ...FROM_VERSION_2 } },
	},
	binaryPropertyField(show, 'document'),
];

/**
 * GET …/input-documents/{documentVersionId}/download: the original bytes with their stored content type. From
 * version 2 the output tells the file in the one file shape (`file`); version 1 keeps n8n's binary facts.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const runId = getLocatorId.call(this, 'runId', itemIndex, 'Run');
	const version2 = isVersion2.call(this);
	const documentVersionId = locatorValue(this.getNodeParameter('documentVersionId', itemIndex, '', { extractValue: true }));
	if (!documentVersionId)
		throw new NodeOperationError(this.getNode(), `${version2 ? 'Input Document' : 'Document Version ID'} is empty`, {
			description: version2
				? "Pick one of the run's documents from the list, or enter its version ID (Run → Get lists them)."
				: "Enter the version ID of one of the run's input documents (Run → Get lists them).",
			itemIndex,
		});
	const binaryPropertyName = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
	const path = `${runPath(runId)}/input-documents/${encodeURIComponent(documentVersionId)}/download`;
	const data = await downloadToBinary.call(this, path, { itemIndex, fallbackFileName: documentVersionId, qs: {} });
	const binary = { [binaryPropertyName]: data };
	if (version2) {
		const downloaded = await downloadedFacts.call(this, data, binaryPropertyName);
		const file = describeFile({ downloaded, path, fallbackName: documentVersionId }, await serviceUrlResolver.call(this, itemIndex));
		return [{ json: { runId, documentVersionId, file: file as unknown as IDataObject }, binary }];
	}
	const json: IDataObject = { runId, documentVersionId, fileName: data.fileName, mimeType: data.mimeType, fileSize: data.fileSize };
	// As an AI agent's tool the binary data is dropped from the answer: the file is told in JSON with its link.
	if (runsAsTool.call(this)) json.file = fileFacts(data, (await serviceUrlResolver.call(this, itemIndex))(path));
	return [{ json, binary }];
}
