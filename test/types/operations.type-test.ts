// Compile-time proof, checked by `npm run typecheck` (never run by Jest): the action node's resource → operation map
// refuses an operation without an `execute` or a `work`, and an `execute` that no operation picker offers.
import type { IExecuteFunctions } from 'n8n-workflow';

import {
	operationProperty,
	type OperationMap,
	type OperationsOf,
} from '../../nodes/DraftingWorkspace/actions/node.type';
import type { OperationModule } from '../../nodes/DraftingWorkspace/actions/types';

const module: OperationModule = {
	description: [],
	execute: async function (this: IExecuteFunctions) {
		return [];
	},
	work: 'item',
};

// An operation that does not declare its work does not compile.
// @ts-expect-error 'work' is missing
export const withoutWork: OperationModule = { description: [], execute: module.execute };

// A resource's map that leaves out an operation of DraftingWorkspaceType does not compile.
// @ts-expect-error 'getAll' is missing
export const missingOperation: OperationsOf<'template'> = { get: module };

// An execute for an operation DraftingWorkspaceType does not have does not compile.
export const unknownOperation: OperationsOf<'template'> = {
	get: module,
	getAll: module,
	// @ts-expect-error 'archive' is not an operation of 'template'
	archive: module,
};

// The router's map needs every resource.
// @ts-expect-error 'workflow' is missing
export const missingResource: OperationMap = {
	chat: { complete: module, listModels: module },
} as Omit<OperationMap, 'workflow'>;

// An operation picker that leaves out an operation does not compile.
export const missingOption = operationProperty(
	'template',
	// @ts-expect-error 'getAll' is offered by no option
	[{ name: 'Get', value: 'get', action: 'Get a template' }],
	'get',
);

// An option whose value is no operation of the resource does not compile.
export const unknownOption = operationProperty(
	'template',
	[
		{ name: 'Get', value: 'get', action: 'Get a template' },
		{ name: 'Get Many', value: 'getAll', action: 'Get many templates' },
		// @ts-expect-error 'archive' is not an operation of 'template'
		{ name: 'Archive', value: 'archive', action: 'Archive a template' },
	],
	'get',
);

// The complete forms compile.
export const complete: OperationsOf<'template'> = { get: module, getAll: module };
export const picker = operationProperty(
	'template',
	[
		{ name: 'Get', value: 'get', action: 'Get a template' },
		{ name: 'Get Many', value: 'getAll', action: 'Get many templates' },
	],
	'getAll',
);
