import type { INodeProperties } from 'n8n-workflow';

import type { ResourceOperations } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: ResourceOperations = { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workflow'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a workflow with its steps and input schema',
				action: 'Get a workflow',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the workflows this API key can start',
				action: 'Get many workflows',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...get.description,
];
