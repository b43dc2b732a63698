import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { Lane } from '../../pace/batch';
import { workflowLocator } from '../../../shared/common/descriptions';
import {
	ensureNodeError,
	settle,
	withCreated,
	type CreatedResource,
} from '../../../shared/common/errors';
import { getLocatorId } from '../../../shared/common/parameters';
import { readFollowAtMost } from '../parameters';
import { runIdOf } from '../../../shared/runs/record';
import { isUnusableAnswer } from '../../../shared/transport';
import { readUploadSettings, uploadOptionFields } from '../inputDocument/uploadFields';
import { startRun, uploadsCreated, type UploadedInputDocument } from './startDocuments';
import type { FollowPlan } from '../types';
import { readRunInput } from './runInput';
import { inputDescription } from './runInputFields';
import { isRunEnded, simplifiedRun, waitAndOutput } from './runOutput';
import { simplifyFields, waitFields, wantsSimplified } from './waitFields';

const show = { resource: ['run'], operation: ['start'] };

export const description: INodeProperties[] = [
	workflowLocator({ displayOptions: { show } }),
	...inputDescription,
	{
		displayName: 'Document Options',
		name: 'documentOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		description:
			'How binary files in document fields are uploaded, and how long to wait for documents to be ready',
		displayOptions: { show: { ...show, inputMode: ['fields', 'json', 'entryStep'] } },
		options: uploadOptionFields,
	},
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: false,
		description:
			'Whether to follow the run until it finishes and output its final record (as Wait For Run does)',
		displayOptions: { show },
	},
	...waitFields({ ...show, waitForCompletion: [true] }),
	...simplifyFields(show),
];

/**
 * POST /workflows/runs, then (optionally) the same wait as Wait For Run. In a batch the item's files are
 * uploaded at its turn, waited on beside the others', its run started at its turn (item order), and followed
 * beside the others' once every item's run is started.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	lane: Lane,
): Promise<INodeExecutionData[]> {
	const workflowId = getLocatorId.call(this, 'workflowId', itemIndex, 'Workflow');
	const mapped = await readRunInput.call(this, workflowId, itemIndex, lane);
	const { uploaded, unmatchedInputKeys } = mapped;
	const extra: IDataObject = { workflowId, ...(unmatchedInputKeys ? { unmatchedInputKeys } : {}) };

	const readyTimeoutMs = mapped.text
		? 0
		: readUploadSettings.call(this, 'documentOptions', itemIndex).readyTimeoutMs;
	const posted = await settle(
		lane.send(
			'start',
			async () =>
				await startRun.call(this, itemIndex, { workflowId, input: mapped.input }, readyTimeoutMs),
		),
	);
	if (!posted.ok) {
		// An answer the node cannot read (no run ID): the run may exist all the same, and the batch's error lists it.
		if (isUnusableAnswer(posted.error)) {
			const unconfirmed = startUnconfirmed(workflowId, uploaded);
			lane.record(unconfirmed.ids);
			throw withCreated.call(this, posted.error, itemIndex, unconfirmed);
		}
		if (uploaded.length)
			throw withCreated.call(this, posted.error, itemIndex, uploadsCreated(uploaded));
		throw ensureNodeError(this.getNode(), posted.error, itemIndex);
	}
	const startedAt = Date.now();
	const started = posted.value;
	// The start answer was checked for its run ID (startRun): without one it is an error above.
	const runId = runIdOf(started) ?? '';
	lane.record({ workflowId, runId });
	if (!(this.getNodeParameter('waitForCompletion', itemIndex, false) as boolean)) {
		if (!wantsSimplified.call(this, itemIndex)) return [{ json: { ...started, ...extra } }];
		// The run exists now: a failure reading the credential for its links must not read as a failed start.
		const compact = await settle(simplifiedRun.call(this, started, itemIndex, { workflowId }));
		if (!compact.ok)
			throw withCreated.call(
				this,
				compact.error,
				itemIndex,
				runCreated(runId, workflowId, uploaded),
			);
		return [
			{
				json: {
					...(compact.value as unknown as IDataObject),
					...(unmatchedInputKeys ? { unmatchedInputKeys } : {}),
				},
			},
		];
	}
	const waited = await settle(
		lane.follow(
			'runs',
			async ({ queued }) =>
				await waitAndOutput.call(this, runId, itemIndex, extra, startedAt, queued),
		),
	);
	if (waited.ok) return [waited.value];
	const created = isRunEnded(waited.error)
		? runEnded(runId, workflowId, uploaded)
		: runCreated(runId, workflowId, uploaded);
	throw withCreated.call(this, waited.error, itemIndex, created);
}

/** A run that ended Failed or Cancelled (Fail the Item When the Run Fails): it exists, and starting it again is a new run. */
function runEnded(
	runId: string,
	workflowId: string,
	uploaded: UploadedInputDocument[],
): CreatedResource {
	return {
		...runCreated(runId, workflowId, uploaded),
		summary: `Run ${runId} was started and has ended`,
		next: `The run was started once and has ended in the service. Read it with Run → Get (run ID ${runId}).`,
	};
}

/** Once the start succeeded the run exists: a failure while following it must say so, or the item gets started again. */
function runCreated(
	runId: string,
	workflowId: string,
	uploaded: UploadedInputDocument[],
): CreatedResource {
	return {
		ids: { runId, workflowId, ...(uploaded.length ? { inputDocuments: uploaded } : {}) },
		summary: `Run ${runId} was started, but following it failed`,
		next: `The run goes on in the service: do not start it again. Follow it with Run → Wait For Run (run ID ${runId}), or read it with Run → Get.`,
		mentions: [runId],
	};
}

/** A start whose answer has no run ID: whether the run exists is not known, so nothing may be started again blindly. */
function startUnconfirmed(workflowId: string, uploaded: UploadedInputDocument[]): CreatedResource {
	return {
		ids: { workflowId, runId: null, ...(uploaded.length ? { inputDocuments: uploaded } : {}) },
		summary: `A run of workflow ${workflowId} may have started, but its ID is not known`,
		next: 'Do not run the item again before checking whether the run exists (see below).',
		mentions: [],
	};
}

/** Files are uploaded, then runs started, each stage in item order; runs and uploads are followed side by side. */
export const work: FollowPlan = {
	stages: ['upload', 'start'],
	followLimits() {
		return {
			runs: readFollowAtMost.call(this, 'waitOptions'),
			uploads: readFollowAtMost.call(this, 'documentOptions'),
		};
	},
};
