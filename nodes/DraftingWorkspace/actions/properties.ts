import type { INodeProperties } from 'n8n-workflow';

import { batchingOptions } from '../pace/batching';
import * as chat from './chat';
import * as document from './document';
import * as inputDocument from './inputDocument';
import * as run from './run';
import * as template from './template';
import * as workflow from './workflow';

/** The node's parameters: the resource picker, then each resource's operations and fields, then Batch Processing. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Chat', value: 'chat' },
			{ name: 'Document', value: 'document' },
			{ name: 'Input Document', value: 'inputDocument' },
			{ name: 'Run', value: 'run' },
			{ name: 'Template', value: 'template' },
			{ name: 'Workflow', value: 'workflow' },
		],
		default: 'run',
	},
	...workflow.description,
	...run.description,
	...inputDocument.description,
	...chat.description,
	...template.description,
	...document.description,
	...batchingOptions,
];
