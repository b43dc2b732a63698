import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, type OperationsOf } from '../node.type';
import * as cancel from './cancel.operation';
import * as downloadFile from './downloadFile.operation';
import * as downloadInputDocument from './downloadInputDocument.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as start from './start.operation';
import * as wait from './wait.operation';

export const operations: OperationsOf<'run'> = {
	start,
	wait,
	get,
	getAll,
	cancel,
	downloadFile,
	downloadInputDocument,
};

export const description: INodeProperties[] = [
	operationProperty(
		'run',
		[
			{
				name: 'Cancel',
				value: 'cancel',
				description: 'Cancel a run this API key started',
				action: 'Cancel a run',
			},
			{
				name: 'Download File',
				value: 'downloadFile',
				description: 'Download the PDF or DOCX files a run rendered',
				action: 'Download rendered files of a run',
			},
			{
				name: 'Download Input Document',
				value: 'downloadInputDocument',
				description: 'Download a document the run used as input',
				action: 'Download an input document of a run',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a run with its status, steps and outputs',
				action: 'Get a run',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List recent runs (at most 50)',
				action: 'Get many runs',
			},
			{
				name: 'Start',
				value: 'start',
				description: 'Start a run of a workflow',
				action: 'Start a run',
			},
			{
				name: 'Wait For Run',
				value: 'wait',
				description: 'Follow a run until it finishes and output its final record and files',
				action: 'Wait for a run to finish',
			},
		],
		'start',
	),
	...start.description,
	...wait.description,
	...get.description,
	...getAll.description,
	...cancel.description,
	...downloadFile.description,
	...downloadInputDocument.description,
];
