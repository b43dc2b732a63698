import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';

/** Reads a resource locator (or a plain string from older workflows or expressions) as a trimmed id. */
export function getLocatorId(this: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const raw = this.getNodeParameter(name, itemIndex, '', { extractValue: true }) as
		| string
		| number
		| INodeParameterResourceLocator;
	const value = typeof raw === 'object' && raw !== null ? raw.value : raw;
	const id = String(value ?? '').trim();
	if (!id)
		throw new NodeOperationError(this.getNode(), `${label} is empty`, {
			description: `Pick the ${label.toLowerCase()} from the list, or enter its ID (it may come from an expression that resolved to nothing for this item).`,
			itemIndex,
		});
	return id;
}

/** Applies "Return All / Limit" to an array the service returned in one piece. */
export function applyLimit(this: IExecuteFunctions, items: IDataObject[], itemIndex: number): IDataObject[] {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	if (returnAll) return items;
	const limit = this.getNodeParameter('limit', itemIndex, 50) as number;
	return items.slice(0, limit);
}
