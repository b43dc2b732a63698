import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_FOLLOW_AT_MOST } from './descriptions';

/** Applies "Return All / Limit" to an array the service returned in one piece. */
export function applyLimit(
	this: IExecuteFunctions,
	items: IDataObject[],
	itemIndex: number,
): IDataObject[] {
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
