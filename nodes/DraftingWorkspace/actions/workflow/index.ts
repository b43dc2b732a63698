import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, type OperationsOf } from '../node.type';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: OperationsOf<'workflow'> = { get, getAll };

export const description: INodeProperties[] = [
	operationProperty(
		'workflow',
		[
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
		'getAll',
	),
	...getAll.description,
	...get.description,
];
