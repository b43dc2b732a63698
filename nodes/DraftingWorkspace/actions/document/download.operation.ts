import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { binaryPropertyField } from '../../../shared/common/descriptions';
import { runsAsTool } from '../../../shared/common/tool';
import { fileFacts } from '../../../shared/runs/compact';
import { documentFile } from '../../../shared/templates/documentFile';
import { documentSource } from '../../../shared/templates/documentSource';
import { DOCUMENT_FORMAT_OPTIONS, findDocumentLink, type DocumentFormat } from '../../../shared/templates/links';
import { serviceUrlResolver } from '../../../shared/transport/credentials.api';
import { downloadDocument, downloadDocumentLink } from '../../../shared/templates/download.api';

const show = { resource: ['document'], operation: ['download'] };
const v1 = { ...show, '@version': [1] };
const v2 = { ...show, '@version': [{ _cnd: { gte: 2 } }] };

export const description: INodeProperties[] = [
	{
		displayName: 'Document Links',
		name: 'links',
		type: 'json',
		default: '={{ $json.links }}',
		required: true,
		description:
			'The links Produce From Template returned (its output, or its links block), or one content link. The API reads back only documents its user produced through the API.',
		displayOptions: { show: v1 },
	},
	{
		// Version 2: a text field a user can fill by hand too. The API has no download by document ID.
		displayName: 'Document Link',
		name: 'documentLink',
		type: 'string',
		default: '={{ $json.links }}',
		required: true,
		placeholder: 'e.g. https://workspace.example.com/documents/tdoc_123',
		description:
			"The produced document's links: by default those of the Produce From Template item before this node. Or paste one of them: the document's own link (links.document) or a content link. The API downloads documents only by these links, not by ID.",
		displayOptions: { show: v2 },
	},
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		default: 'pdf',
		options: DOCUMENT_FORMAT_OPTIONS,
		displayOptions: { show },
	},
	binaryPropertyField(show, 'document'),
];

/** Version 2: Document Link read (links, or one link that may be the record's), the file told in the one file shape. */
async function executeV2(this: IExecuteFunctions, itemIndex: number, format: DocumentFormat, property: string): Promise<INodeExecutionData[]> {
	const source = documentSource(this.getNodeParameter('documentLink', itemIndex, ''), format);
	if (!source.ok)
		throw new NodeOperationError(this.getNode(), `Document Link of item ${itemIndex} ${source.problem}`, {
			description:
				"Map the links of a Produce From Template item ({{ $json.links }}, the default, when that node comes right before this one), or paste one of its links: the document's own (links.document) or its content link.",
			itemIndex,
		});
	const urlOf = await serviceUrlResolver.call(this, itemIndex);
	const { data, link } = await downloadDocumentLink.call(this, source.link, format, itemIndex, source.mayBeRecord);
	return [{ json: documentFile(data, format, urlOf(link), property), binary: { [property]: data } }];
}

/** The produced document's content from the link the service returned (403 review_required explained). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const format = this.getNodeParameter('format', itemIndex, 'pdf') as DocumentFormat;
	const property = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
	if (this.getNode().typeVersion >= 2) return await executeV2.call(this, itemIndex, format, property);
	let links = this.getNodeParameter('links', itemIndex, '') as unknown;
	if (typeof links === 'string' && links.trim().startsWith('{')) {
		try {
			links = JSON.parse(links);
		} catch {
			// A string that is not JSON is taken as a link.
		}
	}
	const data = await downloadDocument.call(this, links, format, itemIndex);
	const json: IDataObject = { format, fileName: data.fileName, mimeType: data.mimeType, fileSize: data.fileSize };
	// As an AI agent's tool the binary data is dropped from the answer: the file is told in JSON with its link.
	if (runsAsTool.call(this)) {
		const link = findDocumentLink(links, format);
		json.file = fileFacts(data, link ? (await serviceUrlResolver.call(this, itemIndex))(link) : undefined);
	}
	return [{ json, binary: { [property]: data } }];
}
