import { NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { locatorModes } from '../../../shared/common/descriptions';
import { binaryPropertyField, runLocator } from '../descriptions';
import { describeFile } from '../../../shared/runs/files';
import { downloadedFacts } from '../../../shared/runs/files.api';
import { serviceUrlResolver } from '../../../shared/transport/credentials.api';
import { getLocatorId, locatorValue } from '../../../shared/common/parameters';
import { downloadRunInputDocument } from '../../../shared/client';
import type { Work } from '../types';

const show = { resource: ['run'], operation: ['downloadInputDocument'] };
const DESCRIPTION =
	"A document version on the run's input or knowledge-base coverage lists (see Run → Get)";

export const description: INodeProperties[] = [
	runLocator({ displayOptions: { show } }),
	// The run's documents to pick from (its record lists them), or the ID.
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
		displayOptions: { show },
	},
	binaryPropertyField(show, 'document'),
];

/** Changes nothing; the whole item is one turn in the pace's window. */
export const work: Work = 'item';

/**
 * GET …/input-documents/{documentVersionId}/download: the original bytes with their stored content type, told in
 * the one file shape (`file`).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const runId = getLocatorId.call(this, 'runId', itemIndex, 'Run');
	const documentVersionId = locatorValue(
		this.getNodeParameter('documentVersionId', itemIndex, '', { extractValue: true }),
	);
	if (!documentVersionId)
		throw new NodeOperationError(this.getNode(), 'Input Document is empty', {
			description:
				"Pick one of the run's documents from the list, or enter its version ID (Run → Get lists them).",
			itemIndex,
		});
	const binaryPropertyName = this.getNodeParameter(
		'binaryPropertyName',
		itemIndex,
		'data',
	) as string;
	const { data, path } = await downloadRunInputDocument.call(this, runId, documentVersionId, {
		itemIndex,
	});
	const downloaded = await downloadedFacts.call(this, data, binaryPropertyName);
	const file = describeFile(
		{ downloaded, path, fallbackName: documentVersionId },
		await serviceUrlResolver.call(this, itemIndex),
	);
	return [
		{
			json: { runId, documentVersionId, file: file as unknown as IDataObject },
			binary: { [binaryPropertyName]: data },
		},
	];
}
