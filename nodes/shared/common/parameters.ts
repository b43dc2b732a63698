import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator, ISupplyDataFunctions } from 'n8n-workflow';

import { autoMapItem } from './autoMap';
import { DEFAULT_FOLLOW_AT_MOST } from './descriptions';

/** The trimmed id of a resource locator value, or of a plain string/number from older workflows or expressions. */
export function locatorValue(raw: unknown): string {
	const value = typeof raw === 'object' && raw !== null ? (raw as INodeParameterResourceLocator).value : raw;
	return String(value ?? '').trim();
}

/** Reads a resource locator parameter as a trimmed id; an empty one is an error naming the item. */
export function getLocatorId(this: IExecuteFunctions | ISupplyDataFunctions, name: string, itemIndex: number, label: string): string {
	const id = locatorValue(this.getNodeParameter(name, itemIndex, '', { extractValue: true }));
	if (!id)
		throw new NodeOperationError(this.getNode(), `${label} is empty`, {
			description: `Pick the ${label.toLowerCase()} from the list, or enter its ID (it may come from an expression that resolved to nothing for this item).`,
			itemIndex,
		});
	return id;
}

export interface MapperValues {
	/** Answers keyed by field id. */
	values: IDataObject;
	automatic: boolean;
	/** With "Map Automatically": the item's keys that matched no field (see `autoMapItem`). */
	unmatchedInputKeys?: string[];
}

/**
 * The values of a resourceMapper parameter, or, when "Map Automatically" is chosen, the item's JSON mapped onto
 * `fieldIds` (nested objects onto dotted ids, unmatched keys named). Read as a whole: reading `<name>.value`
 * throws in automatic mode (its value is null there).
 */
export function readMapperValues(this: IExecuteFunctions, name: string, itemIndex: number, fieldIds: readonly string[]): MapperValues {
	const mapper = this.getNodeParameter(name, itemIndex, {}) as IDataObject;
	if (mapper.mappingMode === 'autoMapInputData') {
		const { values, unmatchedInputKeys } = autoMapItem(this.getInputData()[itemIndex]?.json ?? {}, fieldIds);
		return { values, automatic: true, unmatchedInputKeys };
	}
	return { values: mapper.value && typeof mapper.value === 'object' ? (mapper.value as IDataObject) : {}, automatic: false };
}

/** Applies "Return All / Limit" to an array the service returned in one piece. */
export function applyLimit(this: IExecuteFunctions, items: IDataObject[], itemIndex: number): IDataObject[] {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	if (returnAll) return items;
	const limit = this.getNodeParameter('limit', itemIndex, 50) as number;
	return items.slice(0, limit);
}

/** Follow at Most from an options collection (read for item 0: one batch, one bound). */
export function readFollowAtMost(this: IExecuteFunctions, collection: string): number {
	const options = this.getNodeParameter(collection, 0, {}) as IDataObject;
	const value = Number(options.followAtMost ?? DEFAULT_FOLLOW_AT_MOST);
	return Number.isFinite(value) && value >= 1 ? Math.floor(value) : DEFAULT_FOLLOW_AT_MOST;
}
