import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listWorkflows } from '../client';

/** Whether a list entry matches the picker's search text (any of its values contains it, in any letter case). */
export function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return values.some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

/** "From list" for workflows: the service answers the whole list at once, so filtering happens here. */
export async function searchWorkflows(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const workflows = await listWorkflows.call(this);
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
