import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { templateLocator } from '../descriptions';
import { jsonItems } from '../items';
import { getLocatorId } from '../../../shared/common/parameters';
import { apiObject } from '../../../shared/transport';
import type { Work } from '../types';

export const description: INodeProperties[] = [templateLocator({ displayOptions: { show: { resource: ['template'], operation: ['get'] } } })];

/** Reads one thing and changes nothing: items run side by side. */
export const work: Work = 'read';

/** GET /document-templates/{id}: the template with its `inputSchema` and `needsAttention`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const templateId = getLocatorId.call(this, 'templateId', itemIndex, 'Template');
	const body = await apiObject.call(this, { method: 'GET', path: `/document-templates/${encodeURIComponent(templateId)}`, itemIndex }, { what: 'a template' });
	return jsonItems(body);
}
