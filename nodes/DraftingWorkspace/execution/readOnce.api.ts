import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { executionContextOf } from '../pace/batchContext';

/**
 * Details (a workflow's, a template's) read during one execution, by a key that names them. Start Run and Produce
 * From Template need the live input schema; with many items it is read once, not once per item. Keyed by the
 * execution context (a batch item's context leads back to it), so the next execution reads it afresh.
 */
const cache = new WeakMap<object, Map<string, Promise<IDataObject>>>();

export async function readOncePerExecution(
	this: IExecuteFunctions,
	key: string,
	read: () => Promise<IDataObject>,
): Promise<IDataObject> {
	const execution = executionContextOf(this);
	let perExecution = cache.get(execution);
	if (!perExecution) {
		perExecution = new Map();
		cache.set(execution, perExecution);
	}
	let detail = perExecution.get(key);
	if (!detail) {
		detail = read();
		perExecution.set(key, detail);
		// A failed read is not kept: the next item tries again (and reports its own error).
		detail.catch(() => perExecution?.delete(key));
	}
	return await detail;
}
