import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listModels } from '../client';

/**
 * The chat models of the workspace, for every Model picker (the locator's list):
 * GET /v1/models (the models the workspace allows for API access, or the one it fixes), ids sorted, filtered by
 * `filter` (case-insensitive, anywhere in the id).
 */
async function chatModelIds(this: ILoadOptionsFunctions, filter?: string): Promise<string[]> {
	const needle = filter?.trim().toLowerCase() ?? '';
	return (await listModels.call(this))
		.map((model) => (typeof model.id === 'string' ? model.id : ''))
		.filter((id) => id !== '' && id.toLowerCase().includes(needle))
		.sort();
}

/** "From list" of the Model locator (the Chat Model's and Chat Completion's). */
export async function searchChatModels(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return {
		results: (await chatModelIds.call(this, filter)).map((id) => ({ name: id, value: id })),
	};
}
