import type { IDataObject } from 'n8n-workflow';

import { byId } from '../../integration/support';
import { ctx, jsonItems, mapper, text, three, wf, type Row } from './table';

/** Bad input of Run → Start: Input Text, the field mapper, document fields, JSON mode, the key's allowlist and scope. */

const startNda = (value: IDataObject) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.inputNda),
	inputMode: 'fields',
	inputFields: mapper({
		counterparty: '={{ $json.counterparty }}',
		effective_date: '={{ $json.date }}',
		...value,
	}),
});
const ndaItem = { counterparty: 'Initech Ltd', date: '2026-03-01' };
const startJson = {
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.inputNda),
	inputMode: 'json',
	inputJson: '={{ $json.raw }}',
};
const goodJson = JSON.stringify({ counterparty: 'Initech Ltd', effective_date: '2026-03-01' });

export const RUN_START_ROWS: Row[] = [
	{
		operation: 'Run → Start',
		input: 'an empty Input Text (required)',
		parameters: {
			resource: 'run',
			operation: 'start',
			workflowId: byId(wf.agentSummary),
			inputMode: 'text',
			inputText: '={{ $json.text }}',
		},
		items: jsonItems({ text: 'Summarise the agreement.' }, { text: '   ' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Input Text is empty$/,
	},
	{
		operation: 'Run → Start',
		input: 'an empty required field in the field mapper',
		parameters: startNda({}),
		items: jsonItems(ndaItem, { ...ndaItem, counterparty: '' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/^The input for workflow "NDA drafting" is not complete: Counterparty is required but empty$/,
	},
	{
		operation: 'Run → Start',
		input: 'a wrong type in the field mapper (text for an integer)',
		parameters: startNda({ term_months: '={{ $json.term }}' }),
		items: jsonItems({ ...ndaItem, term: 24 }, { ...ndaItem, term: 'twelve' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/^The input for workflow "NDA drafting" is not complete: Term \(months\) must be a number, got "twelve"$/,
	},
	{
		operation: 'Run → Start',
		input: 'a wrong type in the field mapper (text for a boolean)',
		parameters: startNda({ include_non_solicit: '={{ $json.flag }}' }),
		items: jsonItems({ ...ndaItem, flag: true }, { ...ndaItem, flag: 'maybe' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/^The input for workflow "NDA drafting" is not complete: Include non-solicitation clause must be true or false, got "maybe"$/,
	},
	{
		operation: 'Run → Start',
		input: 'a number outside the schema’s range (service refusal)',
		parameters: startNda({ term_months: '={{ $json.term }}' }),
		items: jsonItems({ ...ndaItem, term: 24 }, { ...ndaItem, term: 500 }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message:
			/^The run input does not match the workflow's input schema \(invalid_input\): term_months: must be at most 120$/,
	},
	{
		operation: 'Run → Start',
		input: 'a value outside the options (refused before sending)',
		parameters: startNda({ governing_law: '={{ $json.law }}' }),
		items: jsonItems({ ...ndaItem, law: 'New York' }, { ...ndaItem, law: 'Mars' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/^The input for workflow "NDA drafting" is not complete: Governing law "Mars" is not one of .*Delaware/,
	},
	{
		operation: 'Run → Start',
		input: 'a date in a refused form (01/03/2026)',
		parameters: startNda({}),
		items: jsonItems(ndaItem, { ...ndaItem, date: '01/03/2026' }),
		bad: 1,
		// Refused before the run starts, under the field's label, with the form to use.
		errorClass: 'NodeOperationError',
		message:
			/^The input for workflow "NDA drafting" is not complete: Effective date "01\/03\/2026" is not a date the service accepts: use yyyy-MM-dd \(e\.g\. 2026-03-01\)$/,
	},
	{
		operation: 'Run → Start',
		input: 'a document field naming a binary property the item lacks',
		parameters: startNda({ source_document: 'data' }),
		items: () =>
			three((index) => ({
				json: ndaItem,
				binary: index === 1 ? undefined : text(`notes-${index}.txt`),
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Document field "source_document": the item has no binary property "data"$/,
	},
	{
		operation: 'Run → Start',
		input: 'an unsupported file type in a document field',
		parameters: startNda({ source_document: 'data' }),
		items: () =>
			three((index) => ({
				json: ndaItem,
				binary:
					index === 1
						? {
								data: {
									fileName: 'photo.gif',
									mimeType: 'image/gif',
									base64: Buffer.from('GIF89a....').toString('base64'),
								},
							}
						: text(`notes-${index}.txt`),
			})),
		bad: 1,
		errorClass: 'NodeOperationError',
		message:
			/^Document field "source_document": the file in "data" \("photo\.gif", image\/gif\) is not a type the service accepts$/,
		after: () => expect(JSON.stringify(ctx.sim.admin.requests())).not.toContain('photo.gif'),
	},
	{
		operation: 'Run → Start',
		input: 'invalid JSON in raw (JSON) mode',
		parameters: startJson,
		items: jsonItems({ raw: goodJson }, { raw: '{"counterparty": "Initech",' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Input \(JSON\) is not valid JSON$/,
	},
	{
		operation: 'Run → Start',
		input: 'a JSON array where the input object belongs',
		parameters: startJson,
		items: jsonItems({ raw: goodJson }, { raw: '["Initech"]' }),
		bad: 1,
		errorClass: 'NodeOperationError',
		message: /^Input \(JSON\) must be an object$/,
	},
	{
		operation: 'Run → Start',
		input: 'a document field given a bare id (JSON mode, service refusal)',
		parameters: startJson,
		items: jsonItems(
			{ raw: goodJson },
			{
				raw: JSON.stringify({
					counterparty: 'Initech',
					effective_date: '2026-03-01',
					source_document: 'doc_123',
				}),
			},
		),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message:
			/^A document field was given a single id instead of \{documentId, documentVersionId\} \(document_field_invalid_format\): source_document: /,
	},
	{
		operation: 'Run → Start',
		input: 'document ids that do not exist (JSON mode)',
		parameters: startJson,
		items: jsonItems(
			{ raw: goodJson },
			{
				raw: JSON.stringify({
					counterparty: 'Initech',
					effective_date: '2026-03-01',
					source_document: { documentId: 'doc_nope', documentVersionId: 'docv_nope' },
				}),
			},
		),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message:
			/^The run input does not match the workflow's input schema \(document_not_found\): source_document: /,
	},
	{
		operation: 'Run → Start',
		input: 'a workflow outside the key’s allowlist',
		parameters: {
			resource: 'run',
			operation: 'start',
			workflowId: byId('={{ $json.workflowId }}'),
			inputMode: 'text',
			inputText: 'Summarise.',
		},
		key: 'allowlisted',
		items: jsonItems({ workflowId: wf.agentSummary }, { workflowId: wf.review }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '403',
		message:
			/^This workflow is not on the API key's workflow allowlist \(workflow_not_in_allowlist\)$/,
	},
	{
		operation: 'Run → Start',
		input: 'text input for a workflow that starts with an input form',
		parameters: {
			resource: 'run',
			operation: 'start',
			workflowId: byId('={{ $json.workflowId }}'),
			inputMode: 'text',
			inputText: 'Draft an NDA.',
		},
		items: jsonItems({ workflowId: wf.agentSummary }, { workflowId: wf.inputNda }),
		bad: 1,
		errorClass: 'NodeApiError',
		httpCode: '400',
		message: /^The run input does not match the workflow's input schema \(invalid_input\): input: /,
	},
	{
		operation: 'Run → Start',
		input: 'a key without the workflows:run scope',
		parameters: {
			resource: 'run',
			operation: 'start',
			workflowId: byId(wf.agentSummary),
			inputMode: 'text',
			inputText: 'Summarise.',
		},
		key: 'readOnly',
		items: jsonItems({}, {}),
		bad: 'all',
		errorClass: 'NodeApiError',
		httpCode: '403',
		message: /^The API key lacks the scope workflows:run \(missing_scope\)$/,
	},
];
