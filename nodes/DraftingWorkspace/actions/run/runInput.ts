import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { unmatchedKeysHint } from '../../mapper/autoMap';
import type { Lane } from '../../pace/batch';
import { jsonObjectParameter, type JsonObjectWording } from '../../../shared/common/jsonObject';
import { readMapperValues } from '../../mapper/mapperValues';
import { ENTRY_TEXT_FIELD, entryInputOf } from '../../runs/entryInput';
import {
	buildRunInput,
	describeProblems,
	entryKindOf,
	runInputFields,
	unwrapInputSchema,
} from '../../runs/startInput';
import { getWorkflowDetail } from '../../runs/workflow.api';
import { readUploadSettings } from '../inputDocument/uploadFields';
import { uploadPendingDocuments, type UploadedInputDocument } from './startDocuments';

/**
 * Run → Start's input: its parameters and what they make of an item. The default Input Mode, "From the Workflow's
 * Entry Step", reads the workflow detail: whether the entry step is an agent (text) or an input form (fields), so
 * nobody switches the mode by hand; the explicit modes stay.
 */

const INPUT_JSON_WORDING: JsonObjectWording = {
	field: 'Input (JSON)',
	syntaxHint: (detail) => `${detail}. Enter an object such as {"counterparty": "Acme Ltd"}.`,
	objectHint:
		'Enter an object whose keys are the workflow\'s input fields, e.g. {"counterparty": "Acme Ltd"}.',
};

export interface MappedInput {
	/** Text for an agent entry, an object for an input entry. */
	input: string | IDataObject;
	/** Input documents this item's binary files became (uploaded before the start). */
	uploaded: UploadedInputDocument[];
	/** With Map Automatically: the item's keys that matched no input field. */
	unmatchedInputKeys?: string[];
}

function workflowName(detail: IDataObject, workflowId: string): string {
	return typeof detail.name === 'string' ? `"${detail.name}"` : workflowId;
}

async function inputFromFields(
	this: IExecuteFunctions,
	workflowId: string,
	itemIndex: number,
	lane: Lane,
): Promise<MappedInput> {
	const detail = await getWorkflowDetail.call(this, workflowId, itemIndex);
	const name = workflowName(detail, workflowId);
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
	const { values, automatic, unmatchedInputKeys } = readMapperValues.call(
		this,
		'inputFields',
		itemIndex,
		fieldIds,
	);
	const { input, problems, pendingDocuments } = buildRunInput(schema, values, {
		ignoreUnknown: automatic,
	});
	if (problems.length)
		throw new NodeOperationError(
			this.getNode(),
			`The input for workflow ${name} is not complete: ${describeProblems(problems)}`,
			{
				description: [
					unmatchedKeysHint(unmatchedInputKeys),
					'Fill in or correct the listed fields under Values to Send. Required fields are marked; optional fields left empty are not sent.',
				]
					.filter(Boolean)
					.join('\n'),
				itemIndex,
			},
		);
	if (!pendingDocuments.length) return { input, uploaded: [], unmatchedInputKeys };
	const settings = readUploadSettings.call(this, 'documentOptions', itemIndex);
	return {
		...(await uploadPendingDocuments.call(
			this,
			itemIndex,
			input,
			pendingDocuments,
			settings,
			lane,
		)),
		unmatchedInputKeys,
	};
}

function nonEmptyText(
	this: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	field: string,
	remedy: string,
): string {
	if (typeof value !== 'string' || !value.trim())
		throw new NodeOperationError(this.getNode(), `${field} is empty`, {
			description: remedy,
			itemIndex,
		});
	return value;
}

/** "From the Workflow's Entry Step": the text (the mapper's one column) or the fields, as the entry step takes. */
async function inputFromEntryStep(
	this: IExecuteFunctions,
	workflowId: string,
	itemIndex: number,
	lane: Lane,
): Promise<MappedInput> {
	const detail = await getWorkflowDetail.call(this, workflowId, itemIndex);
	const entry = entryInputOf(detail);
	if (entry === 'fields') return await inputFromFields.call(this, workflowId, itemIndex, lane);
	const name = workflowName(detail, workflowId);
	if (entry === undefined)
		throw new NodeOperationError(
			this.getNode(),
			`Workflow ${name} does not say whether it starts with an agent step or an input form`,
			{
				description:
					'Set Input Mode to Text (an agent step) or JSON (an input form) and enter the input yourself.',
				itemIndex,
			},
		);
	const { values } = readMapperValues.call(this, 'inputFields', itemIndex, [ENTRY_TEXT_FIELD.id]);
	// A mapped number (an expression, an item's key) is text to the agent.
	const text =
		typeof values[ENTRY_TEXT_FIELD.id] === 'number'
			? String(values[ENTRY_TEXT_FIELD.id])
			: values[ENTRY_TEXT_FIELD.id];
	const remedy = `Workflow ${name} starts with an agent step, which takes text: enter it under Values to Send → Input Text, or map it from an earlier node.`;
	return { input: nonEmptyText.call(this, text, itemIndex, 'Input Text', remedy), uploaded: [] };
}

/** The item's input as Input Mode says; `text` tells the caller that no document waits to be ready. */
export async function readRunInput(
	this: IExecuteFunctions,
	workflowId: string,
	itemIndex: number,
	lane: Lane,
): Promise<MappedInput & { text: boolean }> {
	const mode = this.getNodeParameter('inputMode', itemIndex, 'entryStep') as string;
	if (mode === 'text') {
		const remedy = 'Enter the text the workflow starts from, or map it from an earlier node.';
		return {
			input: nonEmptyText.call(
				this,
				this.getNodeParameter('inputText', itemIndex, ''),
				itemIndex,
				'Input Text',
				remedy,
			),
			uploaded: [],
			text: true,
		};
	}
	if (mode === 'json')
		return {
			input: jsonObjectParameter(
				this.getNode(),
				this.getNodeParameter('inputJson', itemIndex, '{}'),
				itemIndex,
				INPUT_JSON_WORDING,
			),
			uploaded: [],
			text: false,
		};
	const mapped =
		mode === 'entryStep'
			? await inputFromEntryStep.call(this, workflowId, itemIndex, lane)
			: await inputFromFields.call(this, workflowId, itemIndex, lane);
	return { ...mapped, text: typeof mapped.input === 'string' };
}
