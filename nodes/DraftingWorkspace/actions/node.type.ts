import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { OperationModule } from './types';

/**
 * Every resource of the action node and its operations, written once. The router's map and each resource's
 * operation picker are checked against it: an operation offered with no `execute`, or an `execute` offered in no
 * picker, does not compile (test/types/operations.type-test.ts proves it).
 */
export type DraftingWorkspaceType = {
	chat: 'complete' | 'listModels';
	document: 'produce' | 'download';
	inputDocument: 'upload' | 'get';
	run: 'start' | 'wait' | 'get' | 'getAll' | 'cancel' | 'downloadFile' | 'downloadInputDocument';
	template: 'get' | 'getAll';
	workflow: 'get' | 'getAll';
};

export type Resource = keyof DraftingWorkspaceType;

/** One resource's operations, each with its module: exactly the operations of DraftingWorkspaceType. */
export type OperationsOf<R extends Resource> = { [O in DraftingWorkspaceType[R]]: OperationModule };

/** The router's map: every resource, every operation. */
export type OperationMap = { [R in Resource]: OperationsOf<R> };

/** An option of a resource's operation picker: its value must be one of the resource's operations. */
export interface OperationOption<R extends Resource> extends INodePropertyOptions {
	value: DraftingWorkspaceType[R];
	action: string;
}

type Missing<R extends Resource, List extends readonly OperationOption<R>[]> = Exclude<
	DraftingWorkspaceType[R],
	List[number]['value']
>;

/**
 * A resource's operation picker from a typed list of options. A list that leaves an operation out does not
 * compile: the missing ones are named in the error (`missingOperations`).
 */
export function operationProperty<
	R extends Resource,
	const List extends readonly OperationOption<R>[],
>(
	resource: R,
	options: List &
		([Missing<R, List>] extends [never] ? unknown : { missingOperations: Missing<R, List> }),
	defaultOperation: DraftingWorkspaceType[R],
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: [...options],
		default: defaultOperation,
	};
}
