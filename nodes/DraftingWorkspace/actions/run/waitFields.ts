import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { binaryPropertyField, followAtMostOption } from '../../../shared/common/descriptions';
import { downloadRenderedFiles } from '../../../shared/runs/renderedFiles.api';
import { runErrorOf, statusOf } from '../../../shared/runs/record';
import { waitForRun, type PauseBehaviour, type TimeoutBehaviour, type WaitOptions } from '../../../shared/runs/wait.api';

type Show = Record<string, Array<string | boolean>>;

/** The waiting options, shared by Wait For Run and Start Run's "Wait for Completion". */
export function waitFields(show: Show): INodeProperties[] {
	return [
		{
			displayName: 'Download Rendered Files',
			name: 'downloadFiles',
			type: 'boolean',
			default: true,
			description: 'Whether to download every file the run rendered (PDF, DOCX) as binary data once it has finished',
			displayOptions: { show },
		},
		binaryPropertyField({ ...show, downloadFiles: [true] }, 'first rendered file'),
		{
			displayName: 'Wait Options',
			name: 'waitOptions',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			displayOptions: { show },
			options: [
				followAtMostOption('runs (event streams)'),
				{
					displayName: 'Status Check Interval (Seconds)',
					name: 'checkInterval',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: 15,
					description:
						"How long the event stream may stay quiet before the run is read. With When Paused for Review = Return this is how soon a pause is noticed (the stream only sends heartbeats while paused). With Keep Waiting heartbeats count, and the run is read only if the stream stays completely silent for four times this interval.",
				},
				{
					displayName: 'On Timeout',
					name: 'onTimeout',
					type: 'options',
					default: 'error',
					options: [
						{ name: 'Fail the Item', value: 'error', description: 'Stop with an error saying the run has not finished' },
						{
							name: 'Return Current Record',
							value: 'returnCurrent',
							description: 'Output the run as it is now, with wait.outcome "timedOut"',
						},
					],
				},
				{
					displayName: 'Timeout (Seconds)',
					name: 'timeout',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: 1800,
					description: "How long to wait for each run to finish, counted from the run's start (Start Run) or the node's start (Wait For Run)",
				},
				{
					displayName: 'When Paused for Review',
					name: 'onPause',
					type: 'options',
					default: 'keepWaiting',
					options: [
						{
							name: 'Keep Waiting',
							value: 'keepWaiting',
							description: 'Wait until a reviewer approves the run in the workspace and it finishes (within the timeout)',
						},
						{
							name: 'Return at Once',
							value: 'return',
							description: 'Output the paused run with wait.outcome "paused" (approvals cannot be given through the API)',
						},
					],
				},
			],
		},
	];
}

function readWaitOptions(this: IExecuteFunctions, itemIndex: number, startedAt?: number, readFirst?: boolean): WaitOptions {
	const options = this.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
	const seconds = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback) * 1000;
	return {
		itemIndex,
		startedAt,
		timeoutMs: seconds(options.timeout, 1800),
		checkIntervalMs: seconds(options.checkInterval, 15),
		onPause: (options.onPause as PauseBehaviour) ?? 'keepWaiting',
		onTimeout: (options.onTimeout as TimeoutBehaviour) ?? 'error',
		readFirst,
	};
}

/**
 * Waits for the run as the item's parameters say and builds the output item: the run record, a `wait`
 * block saying how the wait ended, and the rendered files as binary when asked. The timeout counts from
 * `startedAt` (the run's start in a batch, where the wait may begin later), else from now. A run whose turn
 * came late (`queued`: it waited for a free slot) is read before its stream is opened: it has often ended.
 */
export async function waitAndOutput(
	this: IExecuteFunctions,
	runId: string,
	itemIndex: number,
	extra: IDataObject = {},
	startedAt?: number,
	queued = false,
): Promise<INodeExecutionData> {
	const result = await waitForRun.call(this, runId, readWaitOptions.call(this, itemIndex, startedAt, queued));
	const json: IDataObject = {
		...extra,
		...result.record,
		wait: {
			outcome: result.outcome,
			pausedForReview: result.pausedForReview,
			waitedSeconds: Math.round(result.waitedMs / 100) / 10,
			streamConnections: result.streamConnections,
			...(runErrorOf(result.record) && statusOf(result.record) === 'Failed' ? { error: runErrorOf(result.record) } : {}),
		},
	};
	const item: INodeExecutionData = { json };
	if (result.outcome === 'finished' && (this.getNodeParameter('downloadFiles', itemIndex, true) as boolean)) {
		const { binary, files } = await downloadRenderedFiles.call(this, result.record, {
			binaryPropertyName: this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string,
			itemIndex,
		});
		if (files.length) {
			item.binary = binary;
			json.files = files as unknown as IDataObject[];
		}
	}
	return item;
}
