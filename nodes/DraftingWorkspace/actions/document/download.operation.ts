import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { binaryPropertyField } from '../../../shared/common/descriptions';
import { runsAsTool } from '../../../shared/common/tool';
import { fileFacts } from '../../../shared/runs/compact';
import { DOCUMENT_FORMAT_OPTIONS, findDocumentLink, type DocumentFormat } from '../../../shared/templates/links';
import { serviceUrlResolver } from '../../../shared/transport/credentials.api';
import { downloadDocument } from '../../../shared/templates/download.api';

const show = { resource: ['document'], operation: ['download'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Document Links',
		name: 'links',
		type: 'json',
		default: '={{ $json.links }}',
		required: true,
		description:
			'The links Produce From Template returned (its output, or its links block), or one content link. The API reads back only documents its user produced through the API.',
		displayOptions: { show },
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

/** The produced document's content from the link the service returned (403 review_required explained). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	let links = this.getNodeParameter('links', itemIndex, '') as unknown;
	if (typeof links === 'string' && links.trim().startsWith('{')) {
		try {
			links = JSON.parse(links);
		} catch {
			// A string that is not JSON is taken as a link.
		}
	}
	const format = this.getNodeParameter('format', itemIndex, 'pdf') as DocumentFormat;
	const property = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
	const data = await downloadDocument.call(this, links, format, itemIndex);
	const json: IDataObject = { format, fileName: data.fileName, mimeType: data.mimeType, fileSize: data.fileSize };
	// As an AI agent's tool the binary data is dropped from the answer: the file is told in JSON with its link.
	if (runsAsTool.call(this)) {
		const link = findDocumentLink(links, format);
		json.file = fileFacts(data, link ? (await serviceUrlResolver.call(this, itemIndex))(link) : undefined);
	}
	return [{ json, binary: { [property]: data } }];
}
