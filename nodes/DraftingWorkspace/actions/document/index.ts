import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, type OperationsOf } from '../node.type';
import * as download from './download.operation';
import * as produce from './produce.operation';

export const operations: OperationsOf<'document'> = { produce, download };

export const description: INodeProperties[] = [
	operationProperty(
		'document',
		[
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
		'produce',
	),
	...produce.description,
	...download.description,
];
