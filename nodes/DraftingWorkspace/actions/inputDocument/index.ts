import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, type OperationsOf } from '../node.type';
import * as get from './get.operation';
import * as upload from './upload.operation';

export const operations: OperationsOf<'inputDocument'> = { upload, get };

export const description: INodeProperties[] = [
	operationProperty(
		'inputDocument',
		[
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
		'upload',
	),
	...upload.description,
	...get.description,
];
