import type { INodeProperties } from 'n8n-workflow';

import type { ResourceOperations } from '../types';
import * as download from './download.operation';
import * as produce from './produce.operation';

export const operations: ResourceOperations = { produce, download };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['document'] } },
		options: [
			{
				name: 'Download',
				value: 'download',
				description: 'Download a produced document as PDF, DOCX or Markdown',
				action: 'Download a document',
			},
			{
				name: 'Produce From Template',
				value: 'produce',
				description: 'Produce a document from a drafting template and answers, in one call',
				action: 'Produce a document from a template',
			},
		],
		default: 'produce',
	},
	...produce.description,
	...download.description,
];
