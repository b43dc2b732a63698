import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../transport';

/**
 * Workflow details read during one execution, by workflow id. Start Run needs the live input schema of
 * its workflow; with many items it is read once, not once per item. Keyed by the execution context, so
 * the next execution reads it afresh.
 */
const cache = new WeakMap<object, Map<string, Promise<IDataObject>>>();

export async function getWorkflowDetail(this: IExecuteFunctions, workflowId: string, itemIndex: number): Promise<IDataObject> {
	let perExecution = cache.get(this);
	if (!perExecution) {
		perExecution = new Map();
		cache.set(this, perExecution);
	}
	let detail = perExecution.get(workflowId);
	if (!detail) {
		detail = apiRequest.call<IExecuteFunctions, Parameters<typeof apiRequest>, Promise<IDataObject>>(this, {
			method: 'GET',
			path: `/workflows/${encodeURIComponent(workflowId)}`,
			itemIndex,
		});
		perExecution.set(workflowId, detail);
		// A failed read is not kept: the next item tries again (and reports its own error).
		detail.catch(() => perExecution?.delete(workflowId));
	}
	return await detail;
}

/** `agent` or `input` (contract: the entry step's kind), from the first step of the detail. */
export function entryKindOf(detail: IDataObject): string | undefined {
	const steps = Array.isArray(detail.steps) ? (detail.steps as IDataObject[]) : [];
	const sorted = [...steps].sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0));
	const kind = sorted[0]?.kind ?? detail.entryKind ?? (detail.entryStep as IDataObject | undefined)?.kind;
	return typeof kind === 'string' ? kind : undefined;
}
