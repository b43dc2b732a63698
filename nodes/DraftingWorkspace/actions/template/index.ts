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
		displayOptions: { show: { resource: ['template'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a drafting template with its input schema',
				action: 'Get a template',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the drafting templates this API key can use',
				action: 'Get many templates',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...get.description,
];
