import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { apiList } from '../../shared/transport';

/** The Model dropdown: GET /v1/models (the workspace's allowed models, or the one it fixes). */
export async function getChatModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const models = await apiList.call(this, { method: 'GET', path: '/v1/models' }, { what: 'a list of models', key: 'data' });
	return models
		.map((model) => (typeof model.id === 'string' ? model.id : ''))
		.filter(Boolean)
		.sort()
		.map((id) => ({ name: id, value: id }));
}
