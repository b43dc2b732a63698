import { NodeOperationError } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeParameterResourceLocator,
	ISupplyDataFunctions,
} from 'n8n-workflow';

/** The trimmed id of a resource locator value, or of a plain string/number from older workflows or expressions. */
export function locatorValue(raw: unknown): string {
	const value =
		typeof raw === 'object' && raw !== null ? (raw as INodeParameterResourceLocator).value : raw;
	return String(value ?? '').trim();
}

/** Reads a resource locator parameter as a trimmed id; an empty one is an error naming the item. */
export function getLocatorId(
	this: IExecuteFunctions | ISupplyDataFunctions,
	name: string,
	itemIndex: number,
	label: string,
): string {
	const id = locatorValue(this.getNodeParameter(name, itemIndex, '', { extractValue: true }));
	if (!id)
		throw new NodeOperationError(this.getNode(), `${label} is empty`, {
			description: `Pick the ${label.toLowerCase()} from the list, or enter its ID (it may come from an expression that resolved to nothing for this item).`,
			itemIndex,
		});
	return id;
}
