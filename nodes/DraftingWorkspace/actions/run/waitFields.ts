import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

import { binaryPropertyField, followAtMostOption } from '../descriptions';
import { runsAsTool } from '../tool';
import type { PauseBehaviour, TimeoutBehaviour, WaitOptions } from '../../runs/wait.api';

type Show = NonNullable<IDisplayOptions['show']>;

/** How long an AI agent is kept waiting for a run by default: a few minutes, not the 30 of the Timeout. */
const TOOL_WAIT_LIMIT_SECONDS = 240;

/**
 * Simplify, twice: n8n's `@tool` display condition shows one copy in the node and the other in its AI-tool
 * variant, so the default is on for an agent's tool and off otherwise (existing workflows keep their output).
 */
export function simplifyFields(show: Show): INodeProperties[] {
	const description =
		"Whether to return a compact answer instead of the full run record: run ID, workflow, status, the run's result text, the rendered files with their names and download links, the failure or cancel reason, and whether the run waits for a review";
	return [
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description,
			displayOptions: { show: { ...show, '@tool': [true] } },
		},
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: false,
			description,
			displayOptions: { show: { ...show, '@tool': [false] } },
		},
	];
}

/** Only in the AI-tool variant: the bound on waiting, after which the tool answers with the run's current state. */
function toolWaitLimitField(show: Show): INodeProperties {
	return {
		displayName: 'Wait Limit as a Tool (Seconds)',
		name: 'toolWaitLimit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: TOOL_WAIT_LIMIT_SECONDS,
		description:
			'How long the AI agent waits for the run at most. If the run has not finished by then, the tool answers with its current state (status, run ID) instead of failing: the run goes on in the service, and the agent can call Wait For Run or Get later.',
		displayOptions: { show: { ...show, '@tool': [true] } },
	};
}

/** Whether the item's output is the compact answer (Simplify; on by default in the AI-tool variant). */
export function wantsSimplified(this: IExecuteFunctions, itemIndex: number): boolean {
	return this.getNodeParameter('simplify', itemIndex, runsAsTool.call(this)) as boolean;
}

/**
 * "Fail the Item When the Run Fails", twice like Simplify: on in the node, where n8n users expect a failure to show
 * red, and off in the AI-tool variant, whose compact answer already tells the agent the status and the reason (an
 * error would reach it as a bare message).
 */
function failWhenRunFailsFields(show: Show): INodeProperties[] {
	const displayName = 'Fail the Item When the Run Fails';
	const description =
		'Whether a run that ends Failed or Cancelled stops the item with an error naming the run and its reason (with Continue On Fail: an error item carrying the run). Off: such a run is output like any other, with its status.';
	return [
		{
			displayName,
			name: 'failWhenRunFails',
			type: 'boolean',
			default: true,
			description,
			displayOptions: { show: { ...show, '@tool': [false] } },
		},
		{
			displayName,
			name: 'failWhenRunFails',
			type: 'boolean',
			default: false,
			description,
			displayOptions: { show: { ...show, '@tool': [true] } },
		},
	];
}

/** Whether a run that ended Failed or Cancelled fails the item (on by default, off as an AI tool). */
export function wantsFailureOnRunFailure(this: IExecuteFunctions, itemIndex: number): boolean {
	return this.getNodeParameter('failWhenRunFails', itemIndex, !runsAsTool.call(this)) as boolean;
}

/** The waiting options, shared by Wait For Run and Start Run's "Wait for Completion". */
export function waitFields(show: Show): INodeProperties[] {
	return [
		{
			displayName: 'Download Rendered Files',
			name: 'downloadFiles',
			type: 'boolean',
			default: true,
			description:
				'Whether to download every file the run rendered (PDF, DOCX) as binary data once it has finished',
			displayOptions: { show },
		},
		binaryPropertyField({ ...show, downloadFiles: [true] }, 'first rendered file'),
		...failWhenRunFailsFields(show),
		toolWaitLimitField(show),
		{
			displayName: 'Wait Options',
			name: 'waitOptions',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			displayOptions: { show },
			options: [
				followAtMostOption(
					'Max Runs Followed at Once',
					"How many of this node's runs are followed at the same time, each on its own event stream; the others wait their turn (each run's Timeout still counts from its own start). Each open stream spends requests of the API key's rate limit. Runs are started in item order whatever this says (see Batch Size).",
				),
				{
					displayName: 'Status Check Interval (Seconds)',
					name: 'checkInterval',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: 15,
					description:
						'How long the event stream may stay quiet before the run is read. With When Paused for Review set to Return at Once, this is how soon a pause is noticed (the stream only sends heartbeats while paused). With Keep Waiting heartbeats count, and the run is read only if the stream stays completely silent for four times this interval.',
				},
				{
					displayName: 'On Timeout',
					name: 'onTimeout',
					type: 'options',
					default: 'error',
					description:
						'What to do when a run has not finished within the timeout: fail the item, or output the run as it is',
					options: [
						{
							name: 'Fail the Item',
							value: 'error',
							description: 'Stop with an error saying the run has not finished',
						},
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
					description:
						"How long to wait for each run to finish, counted from the run's start (Start) or the node's start (Wait For Run)",
				},
				{
					displayName: 'When Paused for Review',
					name: 'onPause',
					type: 'options',
					default: 'keepWaiting',
					description:
						'What to do when a run pauses at a step a person must review: keep waiting, or output the paused run',
					options: [
						{
							name: 'Keep Waiting',
							value: 'keepWaiting',
							description:
								'Wait until a reviewer approves the run in the workspace and it finishes (within the timeout)',
						},
						{
							name: 'Return at Once',
							value: 'return',
							description:
								'Output the paused run with wait.outcome "paused" (approvals cannot be given through the API)',
						},
					],
				},
			],
		},
	];
}

/**
 * The item's wait options. As an AI agent's tool the wait is bounded by the tool's wait limit (when shorter than
 * the Timeout), reaching the bound never fails (the run was started, so the agent gets its current state), and a
 * review pause answers at once unless On Pause is set.
 */
export function readWaitOptions(
	this: IExecuteFunctions,
	itemIndex: number,
	startedAt?: number,
	readFirst?: boolean,
): WaitOptions & { limitedAsTool: boolean } {
	const options = this.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
	const seconds = (value: unknown, fallback: number) =>
		(typeof value === 'number' && value > 0 ? value : fallback) * 1000;
	const timeoutMs = seconds(options.timeout, 1800);
	const tool = runsAsTool.call(this);
	const toolLimitMs = tool
		? seconds(
				this.getNodeParameter('toolWaitLimit', itemIndex, TOOL_WAIT_LIMIT_SECONDS),
				TOOL_WAIT_LIMIT_SECONDS,
			)
		: Infinity;
	return {
		itemIndex,
		startedAt,
		timeoutMs: Math.min(timeoutMs, toolLimitMs),
		limitedAsTool: toolLimitMs < timeoutMs,
		checkIntervalMs: seconds(options.checkInterval, 15),
		// An agent is not kept waiting for a person: unless the tool's On Pause says otherwise, a review pause
		// answers at once (the compact answer says a person must approve it in the workspace).
		onPause: (options.onPause as PauseBehaviour) ?? (tool ? 'return' : 'keepWaiting'),
		onTimeout: tool ? 'returnCurrent' : ((options.onTimeout as TimeoutBehaviour) ?? 'error'),
		readFirst,
	};
}
