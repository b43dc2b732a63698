import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/** Wraps JSON results as output items (the router adds `pairedItem`). */
export function jsonItems(data: IDataObject | IDataObject[]): INodeExecutionData[] {
	return (Array.isArray(data) ? data : [data]).map((json) => ({ json }));
}

/**
 * A record whose id is named as the rest of the node names it (`runId`, `workflowId`): a list item the service
 * sends with `id` gets that id under `key`, first, and loses `id`, so Get Many's items read like Get's. A record that already has `key`, or has no `id`, comes back unchanged.
 */
export function withIdAs(record: IDataObject, key: string): IDataObject {
	if (record[key] !== undefined && record[key] !== null) return record;
	if (!Object.prototype.hasOwnProperty.call(record, 'id')) return record;
	const { id, ...rest } = record;
	// An empty `key` beside the id would otherwise come back after it and hide it.
	delete rest[key];
	return { [key]: id, ...rest };
}
