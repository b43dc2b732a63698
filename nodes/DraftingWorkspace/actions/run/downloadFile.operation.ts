import { NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { binaryPropertyField, runLocator } from '../descriptions';
import { getLocatorId } from '../../../shared/common/parameters';
import { downloadRenderedFiles } from '../../../shared/runs/renderedFiles.api';
import { getRun, runFilePath } from '../../../shared/client';
import {
	findRenderedArtifacts,
	statusOf,
	type RenderedArtifact,
} from '../../../shared/runs/record';
import { describeRunFiles, type RunDownloads } from '../../../shared/runs/files.api';
import type { Work } from '../types';

const show = { resource: ['run'], operation: ['downloadFile'] };

export const description: INodeProperties[] = [
	runLocator({ displayOptions: { show } }),
	{
		displayName: 'Files',
		name: 'fileSelection',
		type: 'options',
		noDataExpression: true,
		default: 'all',
		description:
			'Which files to download: every rendered file of the run (PDF or DOCX), or the file of one render step',
		options: [
			{
				name: 'All Rendered Files of the Run',
				value: 'all',
				description: "Every file the run's render steps produced",
			},
			{
				name: 'One Render Step',
				value: 'step',
				description: 'The file of one render step, by step ID',
			},
		],
		displayOptions: { show },
	},
	{
		displayName: 'Step ID',
		name: 'stepId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. stp_render',
		description: 'ID of a render step of the run (see the steps of Run → Get)',
		displayOptions: { show: { ...show, fileSelection: ['step'] } },
	},
	binaryPropertyField(show),
];

/** Changes nothing; the whole item is one turn in the pace's window. */
export const work: Work = 'item';

/**
 * Rendered files as n8n binary data, with the server's filename and MIME type. "All" reads the run
 * record and follows each `renderedArtifact.downloadPath` (resolved against the base URL, other origins
 * refused); "One Render Step" calls the download endpoint of that step directly.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const runId = getLocatorId.call(this, 'runId', itemIndex, 'Run');
	const binaryPropertyName = this.getNodeParameter(
		'binaryPropertyName',
		itemIndex,
		'data',
	) as string;
	const selection = this.getNodeParameter('fileSelection', itemIndex, 'all') as string;

	if (selection === 'step') {
		const stepId = String(this.getNodeParameter('stepId', itemIndex, '')).trim();
		if (!stepId)
			throw new NodeOperationError(this.getNode(), 'Step ID is empty', {
				description:
					'Enter the ID of a render step of the run, or choose "All Rendered Files of the Run".',
				itemIndex,
			});
		const artifact = { stepId, downloadPath: runFilePath(runId, stepId) };
		const downloads = await downloadRenderedFiles.call(
			this,
			{ runId },
			{ binaryPropertyName, itemIndex, artifacts: [artifact] },
		);
		return [
			{
				json: {
					runId,
					files: await filesJson.call(this, { runId }, downloads, [artifact], itemIndex),
				},
				binary: downloads.binary,
			},
		];
	}

	const record = await getRun.call(this, runId, { itemIndex });
	if (!findRenderedArtifacts(record).length)
		throw new NodeOperationError(
			this.getNode(),
			`Run ${runId} has no rendered files (status ${statusOf(record) ?? 'unknown'})`,
			{
				description:
					'Files exist once a render step of the run has succeeded. Wait for the run first (Wait For Run), or check that its workflow has a render step.',
				itemIndex,
			},
		);
	const downloads = await downloadRenderedFiles.call(this, record, {
		binaryPropertyName,
		itemIndex,
	});
	const files = await filesJson.call(
		this,
		record,
		downloads,
		findRenderedArtifacts(record),
		itemIndex,
	);
	return [{ json: { runId, status: statusOf(record), files }, binary: downloads.binary }];
}

/**
 * The files in the output JSON, in the one file shape (files.ts): name, MIME type, size, download link and binary
 * field, so an AI agent's tool, whose answer n8n strips of binary data, is told them too.
 */
async function filesJson(
	this: IExecuteFunctions,
	record: IDataObject,
	downloads: RunDownloads,
	artifacts: RenderedArtifact[],
	itemIndex: number,
): Promise<IDataObject[]> {
	return (await describeRunFiles.call(
		this,
		record,
		itemIndex,
		downloads,
		artifacts,
	)) as unknown as IDataObject[];
}
