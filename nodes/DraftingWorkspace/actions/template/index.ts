import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, type OperationsOf } from '../node.type';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: OperationsOf<'template'> = { get, getAll };

export const description: INodeProperties[] = [
	operationProperty(
		'template',
		[
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
		'getAll',
	),
	...getAll.description,
	...get.description,
];
