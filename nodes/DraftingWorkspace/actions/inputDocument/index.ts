import type { INodeProperties } from 'n8n-workflow';

import type { ResourceOperations } from '../types';
import * as get from './get.operation';
import * as upload from './upload.operation';

export const operations: ResourceOperations = { upload, get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['inputDocument'] } },
		options: [
			{
				name: 'Get Status',
				value: 'get',
				description: 'Get the processing status of a document this API key uploaded',
				action: 'Get the status of an input document',
			},
			{
				name: 'Upload',
				value: 'upload',
				description: 'Upload a PDF, DOCX, Markdown or text file for use in workflow runs',
				action: 'Upload an input document',
			},
		],
		default: 'upload',
	},
	...upload.description,
	...get.description,
];
