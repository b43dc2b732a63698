import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest, asArray } from '../transport';

function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return values.some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

/** "From list" for workflows: the service answers the whole list at once, so filtering happens here. */
export async function searchWorkflows(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const workflows: IDataObject[] = asArray(await apiRequest.call(this, { method: 'GET', path: '/workflows' }), 'workflows');
	return {
		results: workflows
			.filter((workflow) => matches(filter, workflow.name, workflow.id, workflow.description))
			.map((workflow) => ({
				name: String(workflow.name ?? workflow.id),
				value: String(workflow.id),
				description: typeof workflow.description === 'string' ? workflow.description : undefined,
			})),
	};
}
