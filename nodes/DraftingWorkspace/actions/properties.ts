import type { INodeProperties } from 'n8n-workflow';

import * as run from './run';
import * as workflow from './workflow';

/** The node's parameters: the resource picker, then each resource's operations and fields. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Run', value: 'run' },
			{ name: 'Workflow', value: 'workflow' },
		],
		default: 'run',
	},
	...workflow.description,
	...run.description,
];
