import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiList, apiObject, apiRequestFull, type TransportContext } from '../transport';
import { downloadToBinary, type DownloadOptions } from '../transport/download.api';
import type { ApiResponse } from '../transport/types';
import type {
	CallOptions,
	ChangeOptions,
	ProducedDocument,
	TemplateDetail,
	TemplateSummary,
} from './types';

function templatePath(templateId: string): string {
	return `/document-templates/${encodeURIComponent(templateId)}`;
}

/** GET /document-templates: the active templates the key's user may use. */
export async function listTemplates(
	this: TransportContext,
	call: CallOptions = {},
): Promise<TemplateSummary[]> {
	return await apiList.call(
		this,
		{ method: 'GET', path: '/document-templates', ...call },
		{ what: 'a list of templates', key: 'templates' },
	);
}

/** GET /document-templates/{templateId}: the detail with `inputSchema` and `needsAttention`. `what` names it in errors. */
export async function getTemplate(
	this: TransportContext,
	templateId: string,
	call: CallOptions = {},
	what = 'a template',
): Promise<TemplateDetail> {
	return await apiObject.call(
		this,
		{ method: 'GET', path: templatePath(templateId), ...call },
		{ what },
	);
}

/**
 * POST /document-templates/{templateId}/documents: `{ input, title, strict }`. Once sent it is heard to its answer
 * even if the execution is cancelled meanwhile, so the document it made is known.
 */
export async function produceDocument(
	this: TransportContext,
	templateId: string,
	body: IDataObject,
	call: ChangeOptions = {},
): Promise<ProducedDocument> {
	return await apiObject.call(
		this,
		{
			method: 'POST',
			path: `${templatePath(templateId)}/documents`,
			body,
			hearAnswerOnCancel: true,
			...call,
		},
		{ what: 'the produced document (status, links)' },
	);
}

/** A produced document's content from a link production returned, as its bytes (`encoding=binary`). */
export async function downloadDocumentContent(
	this: IExecuteFunctions,
	link: string,
	options: DownloadOptions = {},
): Promise<IBinaryData> {
	return await downloadToBinary.call(this, link, options);
}

/** The same link opened as a stream, for a caller that must look at the answer's type first (a record, or the file). */
export async function openDocumentLink(
	this: IExecuteFunctions,
	link: string,
	call: CallOptions = {},
): Promise<ApiResponse<unknown>> {
	return await apiRequestFull.call(this, {
		method: 'GET',
		path: link,
		qs: { encoding: 'binary' },
		response: 'stream',
		...call,
	});
}
