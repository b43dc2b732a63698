import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { unmatchedKeysHint } from '../../../shared/common/autoMap';
import type { Lane } from '../../../shared/common/batch';
import { workflowLocator } from '../../../shared/common/descriptions';
import { ensureNodeError, settle, withCreated, type CreatedResource } from '../../../shared/common/errors';
import { jsonObjectParameter, type JsonObjectWording } from '../../../shared/common/jsonObject';
import { isLenientMapper, mapperNotice, RUN_MAPPER_NOTICE } from '../../../shared/common/mapperRules';
import { getLocatorId, readFollowAtMost, readMapperValues } from '../../../shared/common/parameters';
import { runIdOf } from '../../../shared/runs/record';
import { buildRunInput, describeProblems, entryKindOf, runInputFields, unwrapInputSchema } from '../../../shared/runs/startInput';
import { getWorkflowDetail } from '../../../shared/runs/workflow.api';
import { isUnusableAnswer } from '../../../shared/transport';
import { readUploadSettings, uploadOptionFields } from '../inputDocument/uploadFields';
import { startRun, uploadPendingDocuments, uploadsCreated, type UploadedInputDocument } from './startDocuments';
import type { BatchPlan } from '../types';
import { simplifiedRun, simplifyFields, waitAndOutput, waitFields, wantsSimplified } from './waitFields';

const show = { resource: ['run'], operation: ['start'] };

export const description: INodeProperties[] = [
	workflowLocator({ displayOptions: { show } }),
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		noDataExpression: true,
		default: 'fields',
		options: [
			{
				name: 'Map Fields',
				value: 'fields',
				description: "For workflows that start with an input form: one field per input of the workflow's schema",
			},
			{ name: 'Text', value: 'text', description: 'For workflows that start with an agent step: the text the agent receives' },
			{ name: 'JSON', value: 'json', description: "The whole input object as JSON, matching the workflow's input schema" },
		],
		displayOptions: { show },
	},
	{
		displayName: 'Input Text',
		name: 'inputText',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description: "The plain text the workflow's first agent step receives: the instructions or the content it works on",
		displayOptions: { show: { ...show, inputMode: ['text'] } },
	},
	// n8n 2.41 does not render the mapper's hint: version 2 states the rules above it.
	mapperNotice('inputFieldsNotice', RUN_MAPPER_NOTICE, { ...show, inputMode: ['fields'] }, 'workflowId'),
	{
		displayName: 'Input Fields',
		name: 'inputFields',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		typeOptions: {
			loadOptionsDependsOn: ['workflowId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getRunInputFields',
				mode: 'add',
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: true,
				// The empty state is the method's notice ("Select a workflow first"…): n8n's red error would repeat it.
				hideNoDataError: true,
			},
		},
		hint: 'Dates as yyyy-MM-dd. Empty fields are left out. A document field takes the name of a binary property holding the file (e.g. data; several, comma-separated, for multi-document fields), which the node uploads first, or the output of an Input Document → Upload step.',
		displayOptions: { show: { ...show, inputMode: ['fields'] } },
	},
	{
		displayName: 'Input (JSON)',
		name: 'inputJson',
		type: 'json',
		default: '{}',
		required: true,
		description: "The input object, matching the workflow's input schema. Leave optional fields out rather than sending null.",
		displayOptions: { show: { ...show, inputMode: ['json'] } },
	},
	{
		displayName: 'Document Options',
		name: 'documentOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		description: 'How binary files in document fields are uploaded, and how long to wait for documents to be ready',
		displayOptions: { show: { ...show, inputMode: ['fields', 'json'] } },
		options: uploadOptionFields,
	},
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: false,
		description: 'Whether to follow the run until it finishes and output its final record (as Wait For Run does)',
		displayOptions: { show },
	},
	...waitFields({ ...show, waitForCompletion: [true] }),
	...simplifyFields(show),
];

const INPUT_JSON_WORDING: JsonObjectWording = {
	field: 'Input (JSON)',
	syntaxHint: (detail) => `${detail}. Enter an object such as {"counterparty": "Acme Ltd"}.`,
	objectHint: "Enter an object whose keys are the workflow's input fields, e.g. {\"counterparty\": \"Acme Ltd\"}.",
};

interface MappedInput {
	/** Text for an agent entry, an object for an input entry. */
	input: string | IDataObject;
	/** Input documents this item's binary files became (uploaded before the start). */
	uploaded: UploadedInputDocument[];
	/** With Map Automatically: the item's keys that matched no input field. */
	unmatchedInputKeys?: string[];
}

async function inputFromFields(this: IExecuteFunctions, workflowId: string, itemIndex: number, lane: Lane): Promise<MappedInput> {
	const detail = await getWorkflowDetail.call(this, workflowId, itemIndex);
	const name = typeof detail.name === 'string' ? `"${detail.name}"` : workflowId;
	const schema = unwrapInputSchema(detail.inputSchema);
	if (!schema) {
		const agent = entryKindOf(detail) === 'agent';
		throw new NodeOperationError(this.getNode(), `Workflow ${name} has no input fields to map`, {
			description: agent
				? 'It starts with an agent step, which takes text: set Input Mode to Text.'
				: 'Its input schema could not be read. Set Input Mode to JSON and enter the input object yourself.',
			itemIndex,
		});
	}
	const fieldIds = runInputFields(schema).map((field) => field.id);
	const { values, automatic, unmatchedInputKeys } = readMapperValues.call(this, 'inputFields', itemIndex, fieldIds);
	const lenient = isLenientMapper(this.getNode().typeVersion);
	const { input, problems, pendingDocuments } = buildRunInput(schema, values, { ignoreUnknown: automatic, lenient });
	if (problems.length)
		throw new NodeOperationError(this.getNode(), `The input for workflow ${name} is not complete: ${describeProblems(problems)}`, {
			description: [
				unmatchedKeysHint(unmatchedInputKeys),
				'Fill in or correct the listed fields under Input Fields. Required fields are marked; optional fields left empty are not sent.',
			]
				.filter(Boolean)
				.join('\n'),
			itemIndex,
		});
	if (!pendingDocuments.length) return { input, uploaded: [], unmatchedInputKeys };
	const settings = readUploadSettings.call(this, 'documentOptions', itemIndex);
	return { ...(await uploadPendingDocuments.call(this, itemIndex, input, pendingDocuments, settings, lane)), unmatchedInputKeys };
}

/**
 * POST /workflows/runs, then (optionally) the same wait as Wait For Run. In a batch the item's files are
 * uploaded at its turn, waited on beside the others', its run started at its turn (item order), and followed
 * beside the others' once every item's run is started.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number, lane: Lane): Promise<INodeExecutionData[]> {
	const workflowId = getLocatorId.call(this, 'workflowId', itemIndex, 'Workflow');
	const mode = this.getNodeParameter('inputMode', itemIndex, 'fields') as string;
	let mapped: MappedInput;
	if (mode === 'text') {
		const input = this.getNodeParameter('inputText', itemIndex, '') as string;
		if (typeof input !== 'string' || !input.trim())
			throw new NodeOperationError(this.getNode(), 'Input Text is empty', {
				description: 'Enter the text the workflow starts from, or map it from an earlier node.',
				itemIndex,
			});
		mapped = { input, uploaded: [] };
	} else if (mode === 'json') {
		mapped = { input: jsonObjectParameter(this.getNode(), this.getNodeParameter('inputJson', itemIndex, '{}'), itemIndex, INPUT_JSON_WORDING), uploaded: [] };
	} else {
		mapped = await inputFromFields.call(this, workflowId, itemIndex, lane);
	}
	const { uploaded, unmatchedInputKeys } = mapped;
	const extra: IDataObject = { workflowId, ...(unmatchedInputKeys ? { unmatchedInputKeys } : {}) };

	const readyTimeoutMs = mode === 'text' ? 0 : readUploadSettings.call(this, 'documentOptions', itemIndex).readyTimeoutMs;
	const posted = await settle(lane.send('start', async () => await startRun.call(this, itemIndex, { workflowId, input: mapped.input }, readyTimeoutMs)));
	if (!posted.ok) {
		// An answer the node cannot read (no run ID): the run may exist all the same, and the batch's error lists it.
		if (isUnusableAnswer(posted.error)) {
			const unconfirmed = startUnconfirmed(workflowId, uploaded);
			lane.record(unconfirmed.ids);
			throw withCreated.call(this, posted.error, itemIndex, unconfirmed);
		}
		if (uploaded.length) throw withCreated.call(this, posted.error, itemIndex, uploadsCreated(uploaded));
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
		if (!compact.ok) throw withCreated.call(this, compact.error, itemIndex, runCreated(runId, workflowId, uploaded));
		return [{ json: { ...(compact.value as unknown as IDataObject), ...(unmatchedInputKeys ? { unmatchedInputKeys } : {}) } }];
	}
	const waited = await settle(lane.follow('runs', async ({ queued }) => await waitAndOutput.call(this, runId, itemIndex, extra, startedAt, queued)));
	if (waited.ok) return [waited.value];
	throw withCreated.call(this, waited.error, itemIndex, runCreated(runId, workflowId, uploaded));
}

/** Once the start succeeded the run exists: a failure while following it must say so, or the item gets started again. */
function runCreated(runId: string, workflowId: string, uploaded: UploadedInputDocument[]): CreatedResource {
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
export const batch: BatchPlan = {
	stages: ['upload', 'start'],
	followLimits() {
		return { runs: readFollowAtMost.call(this, 'waitOptions'), uploads: readFollowAtMost.call(this, 'documentOptions') };
	},
};
