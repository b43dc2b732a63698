import type { IDataObject, ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { locatorValue } from '../../shared/common/parameters';
import { ENTRY_TEXT_FIELD, entryInputOf } from '../runs/entryInput';
import { entryKindOf, runInputFields, unwrapInputSchema } from '../runs/startInput';
import { templateMapperFields } from '../templates/mapperFields';
import { getTemplate, getWorkflow } from '../../shared/client';

/**
 * n8n's mapper keeps the last `emptyFieldsNotice` it was given until another one replaces it, and shows it whenever
 * the fields are not shown (Map Automatically, a refresh). So every answer carries one that is true in that state:
 * with fields, what Map Automatically reads; otherwise "Select a template first." would stay after a template is
 * picked, and come back when the mapping mode is switched.
 */
const AUTO_MAP_NOTICE = {
	run: "Map Automatically sends each item key named like an input field; keys that match none are listed in the output's unmatchedInputKeys.",
	runText: `Map Automatically sends the item's ${ENTRY_TEXT_FIELD.id} key as the text the workflow's agent step receives.`,
	template:
		'Map Automatically answers each field from the item key of its ID (employee.name) or a nested object ({ employee: { name } }); other keys are listed in unmatchedInputKeys.',
};

/**
 * Start Run's field mapper: one field per property of the selected workflow's input schema. With Input Mode "From
 * the Workflow's Entry Step" (the default) a workflow that starts with an agent step gets one text
 * column instead, so the editor shows what the run takes without a switch of mode.
 */
export async function getRunInputFields(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const workflowId = locatorValue(
		this.getNodeParameter('workflowId', undefined, { extractValue: true }),
	);
	if (!workflowId) return { fields: [], emptyFieldsNotice: 'Select a workflow first.' };
	const detail = await getWorkflow.call(this, workflowId);
	const mode = this.getNodeParameter('inputMode', 'entryStep');
	if (mode === 'entryStep') {
		const entry = entryInputOf(detail);
		if (entry === 'text')
			return { fields: [{ ...ENTRY_TEXT_FIELD }], emptyFieldsNotice: AUTO_MAP_NOTICE.runText };
		if (entry === undefined)
			return {
				fields: [],
				emptyFieldsNotice:
					'This workflow does not say whether it starts with an agent step or an input form: set Input Mode to Text or JSON.',
			};
	}
	const schema = unwrapInputSchema(detail.inputSchema);
	if (!schema) {
		return {
			fields: [],
			emptyFieldsNotice:
				entryKindOf(detail) === 'agent'
					? 'This workflow starts with an agent step, which takes text: set Input Mode to Text.'
					: 'This workflow has no input schema: set Input Mode to Text or JSON.',
		};
	}
	const fields = runInputFields(schema);
	return {
		fields,
		emptyFieldsNotice: fields.length
			? AUTO_MAP_NOTICE.run
			: 'This workflow takes no input fields: the run starts with an empty input.',
	};
}

/**
 * Produce From Template's mapper: one field per answerable leaf of the template's input schema, by dotted path.
 * A template that needs attention cannot be used (Produce refuses it before posting): its notice takes the fields'
 * place, so it shows in either mapping mode; values already mapped stay in the node and come back with the fields.
 */
export async function getTemplateFields(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const templateId = locatorValue(
		this.getNodeParameter('templateId', undefined, { extractValue: true }),
	);
	if (!templateId) return { fields: [], emptyFieldsNotice: 'Select a template first.' };
	const template = await getTemplate.call(this, templateId);
	if (template.needsAttention === true)
		return {
			fields: [],
			emptyFieldsNotice:
				'This template needs attention: a document author must look at its recipe in the workspace before it can be used. Its answers show here once that is done.',
		};
	const schema =
		template.inputSchema && typeof template.inputSchema === 'object'
			? (template.inputSchema as IDataObject)
			: {};
	const fields = templateMapperFields(schema);
	return {
		fields,
		emptyFieldsNotice: fields.length
			? AUTO_MAP_NOTICE.template
			: 'This template has no fields to answer.',
	};
}
