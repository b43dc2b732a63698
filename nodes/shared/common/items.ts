import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/** Wraps JSON results as output items (the router adds `pairedItem`). */
export function jsonItems(data: IDataObject | IDataObject[]): INodeExecutionData[] {
	return (Array.isArray(data) ? data : [data]).map((json) => ({ json }));
}
