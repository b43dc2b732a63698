import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { apiRequest, asArray } from '../../shared/transport';

/** The Model dropdown: GET /v1/models (the workspace's allowed models, or the one it fixes). */
export async function getChatModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const models = asArray(await apiRequest.call(this, { method: 'GET', path: '/v1/models' }), 'data');
	return models
		.map((model) => String(model.id ?? ''))
		.filter(Boolean)
		.sort()
		.map((id) => ({ name: id, value: id }));
}
