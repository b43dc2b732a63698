import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { returnAllOrLimit } from './descriptions';
import { jsonItems } from './items';
import { applyLimit } from './parameters';
import { apiList } from '../../shared/transport';
import type { Resource } from './node.type';
import type { OperationModule } from './types';

/**
 * A "Get Many" of a list the service answers in one piece (GET `path`, the array under `key` or bare), with
 * Return All / Limit applied here. Workflows and templates are listed this way.
 */
export function getManyOperation(resource: Resource, path: string, key: string): Omit<OperationModule, 'work'> {
	return {
		description: [...returnAllOrLimit(resource, 'getAll')],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			const listed: IDataObject[] = await apiList.call(this, { method: 'GET', path, itemIndex }, { what: `a list of ${key}`, key });
			return jsonItems(applyLimit.call(this, listed, itemIndex));
		},
	};
}
