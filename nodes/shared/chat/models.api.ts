import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiList } from '../transport';

/** "From list" for chat models: GET /v1/models (the models the workspace allows for API access, or the one it fixes). */
export async function searchChatModels(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const needle = filter?.trim().toLowerCase() ?? '';
	const ids = (await apiList.call(this, { method: 'GET', path: '/v1/models' }, { what: 'a list of models', key: 'data' }))
		.map((model) => (typeof model.id === 'string' ? model.id : ''))
		.filter((id) => id !== '' && id.toLowerCase().includes(needle))
		.sort();
	return { results: ids.map((id) => ({ name: id, value: id })) };
}
