import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { templateLocator } from '../descriptions';
import { jsonItems } from '../items';
import { getLocatorId } from '../../../shared/common/parameters';
import { getTemplate } from '../../../shared/client';
import type { Work } from '../types';

export const description: INodeProperties[] = [
	templateLocator({ displayOptions: { show: { resource: ['template'], operation: ['get'] } } }),
];

/** Reads one thing and changes nothing: items run side by side. */
export const work: Work = 'read';

/** GET /document-templates/{id}: the template with its `inputSchema` and `needsAttention`. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const templateId = getLocatorId.call(this, 'templateId', itemIndex, 'Template');
	const body = await getTemplate.call(this, templateId, { itemIndex });
	return jsonItems(body);
}
