import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../transport';

/**
 * Details (a workflow's, a template's) read during one execution, by path. Start Run and Produce From
 * Template need the live input schema; with many items it is read once, not once per item. Keyed by the
 * execution context, so the next execution reads it afresh.
 */
const cache = new WeakMap<object, Map<string, Promise<IDataObject>>>();

export async function readOncePerExecution(this: IExecuteFunctions, path: string, itemIndex: number): Promise<IDataObject> {
	let perExecution = cache.get(this);
	if (!perExecution) {
		perExecution = new Map();
		cache.set(this, perExecution);
	}
	let detail = perExecution.get(path);
	if (!detail) {
		detail = apiRequest.call<IExecuteFunctions, Parameters<typeof apiRequest>, Promise<IDataObject>>(this, { method: 'GET', path, itemIndex });
		perExecution.set(path, detail);
		// A failed read is not kept: the next item tries again (and reports its own error).
		detail.catch(() => perExecution?.delete(path));
	}
	return await detail;
}

export async function getWorkflowDetail(this: IExecuteFunctions, workflowId: string, itemIndex: number): Promise<IDataObject> {
	return await readOncePerExecution.call(this, `/workflows/${encodeURIComponent(workflowId)}`, itemIndex);
}

/** `agent` or `input` (contract: the entry step's kind), from the first step of the detail. */
export function entryKindOf(detail: IDataObject): string | undefined {
	const steps = Array.isArray(detail.steps) ? (detail.steps as IDataObject[]) : [];
	const sorted = [...steps].sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0));
	const kind = sorted[0]?.kind ?? detail.entryKind ?? (detail.entryStep as IDataObject | undefined)?.kind;
	return typeof kind === 'string' ? kind : undefined;
}
