import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { binaryPropertyField } from '../descriptions';
import { documentFile } from '../../templates/documentFile';
import { documentSource } from '../../templates/documentSource';
import { DOCUMENT_FORMAT_OPTIONS, type DocumentFormat } from '../../templates/links';
import { serviceUrlResolver } from '../../../shared/transport/credentials.api';
import { downloadDocumentLink } from '../../templates/download.api';
import type { Work } from '../types';

const show = { resource: ['document'], operation: ['download'] };

export const description: INodeProperties[] = [
	{
		// A text field a user can fill by hand too. The API has no download by document ID.
		displayName: 'Document Link',
		name: 'documentLink',
		type: 'string',
		default: '={{ $json.links }}',
		required: true,
		placeholder: 'e.g. https://workspace.example.com/documents/tdoc_123',
		description:
			"The produced document's links: by default those of the Produce From Template item before this node. Or paste one of them: the document's own (links.document) or a content link. The API downloads documents only by these links, not by ID.",
		displayOptions: { show },
	},
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		default: 'pdf',
		options: DOCUMENT_FORMAT_OPTIONS,
		description: 'The file format to download the document in: PDF, DOCX or Markdown',
		displayOptions: { show },
	},
	binaryPropertyField(show, 'document'),
];

/** Changes nothing; the whole item is one turn in the pace's window. */
export const work: Work = 'item';

/**
 * The produced document's content from a link the service returned (403 review_required explained): Document Link
 * read (links, or one link that may be the record's), the file told in the one file shape.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const format = this.getNodeParameter('format', itemIndex, 'pdf') as DocumentFormat;
	const property = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
	const source = documentSource(this.getNodeParameter('documentLink', itemIndex, ''), format);
	if (!source.ok)
		throw new NodeOperationError(
			this.getNode(),
			`Document Link of item ${itemIndex} ${source.problem}`,
			{
				description:
					"Map the links of a Produce From Template item ({{ $json.links }}, the default, when that node comes right before this one), or paste one of its links: the document's own (links.document) or its content link.",
				itemIndex,
			},
		);
	const urlOf = await serviceUrlResolver.call(this, itemIndex);
	const { data, link } = await downloadDocumentLink.call(
		this,
		source.link,
		format,
		itemIndex,
		source.mayBeRecord,
	);
	return [
		{ json: documentFile(data, format, urlOf(link), property), binary: { [property]: data } },
	];
}
