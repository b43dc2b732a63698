import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { returnAllOrLimit } from './descriptions';
import { jsonItems } from './items';
import { applyLimit } from './parameters';
import type { Resource } from './node.type';
import type { OperationModule } from './types';

/** A client call that lists one kind of record, whole (the service answers the list in one piece). */
type ListCall = (this: IExecuteFunctions, call: { itemIndex: number }) => Promise<IDataObject[]>;

/** A "Get Many" of a list the service answers in one piece, with Return All / Limit applied here (workflows, templates). */
export function getManyOperation(
	resource: Resource,
	list: ListCall,
): Omit<OperationModule, 'work'> {
	return {
		description: [...returnAllOrLimit(resource, 'getAll')],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			const listed = await list.call(this, { itemIndex });
			return jsonItems(applyLimit.call(this, listed, itemIndex));
		},
	};
}
