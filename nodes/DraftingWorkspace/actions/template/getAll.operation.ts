import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/common/descriptions';
import { jsonItems } from '../../../shared/common/items';
import { applyLimit } from '../../../shared/common/parameters';
import { apiRequest, asArray } from '../../../shared/transport';

export const description: INodeProperties[] = [...returnAllOrLimit('template', 'getAll')];

/** GET /document-templates: the active templates the key's user can use, each with `requiresReview`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const templates: IDataObject[] = asArray(await apiRequest.call(this, { method: 'GET', path: '/document-templates', itemIndex }), 'templates');
	return jsonItems(applyLimit.call(this, templates, itemIndex));
}
