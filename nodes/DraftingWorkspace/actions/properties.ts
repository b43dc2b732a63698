import type { INodeProperties } from 'n8n-workflow';

import * as workflow from './workflow';

/** The node's parameters: the resource picker, then each resource's operations and fields. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'Workflow', value: 'workflow' }],
		default: 'workflow',
	},
	...workflow.description,
];
