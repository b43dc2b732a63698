import type { INodeProperties } from 'n8n-workflow';

import { mapperNotice, RUN_ENTRY_STEP_NOTICE, RUN_MAPPER_NOTICE } from '../../mapper/mapperRules';

/** Run → Start's input parameters: Input Mode and what each mode shows (the mapper, the text, the JSON). */

const show = { resource: ['run'], operation: ['start'] };

const MAP_FIELDS = {
	name: 'Map Fields',
	value: 'fields',
	description:
		"For workflows that start with an input form: one field per input of the workflow's schema",
};
const EXPLICIT_MODES = [
	{
		name: 'Text',
		value: 'text',
		description: 'For workflows that start with an agent step: the text the agent receives',
	},
	{
		name: 'JSON',
		value: 'json',
		description: "The whole input object as JSON, matching the workflow's input schema",
	},
];
export const inputDescription: INodeProperties[] = [
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		noDataExpression: true,
		default: 'entryStep',
		description:
			"How the run's input is given: as the workflow's entry step asks (the default), as mapped fields, as text or as JSON",
		options: [
			{
				name: "From the Workflow's Entry Step",
				value: 'entryStep',
				description:
					'Text for a workflow that starts with an agent step, its input fields for one that starts with an input form: Values to Send below follows the workflow you pick. For long text typed by hand, Text gives a multi-line box.',
			},
			MAP_FIELDS,
			...EXPLICIT_MODES,
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
		description:
			"The plain text the workflow's first agent step receives: the instructions or the content it works on",
		displayOptions: { show: { ...show, inputMode: ['text'] } },
	},
	// n8n 2.41 does not render the mapper's hint: the rules are stated above it. A notice cannot know the workflow's
	// entry step, so in "From the Workflow's Entry Step" it says whom the rules are for (an agent's one text column has
	// none); a long date label ends in "(date)" only, and this is where its form shows before a run.
	mapperNotice(
		'inputFieldsNotice',
		RUN_MAPPER_NOTICE,
		{ ...show, inputMode: ['fields'] },
		'workflowId',
	),
	mapperNotice(
		'entryStepFieldsNotice',
		RUN_ENTRY_STEP_NOTICE,
		{ ...show, inputMode: ['entryStep'] },
		'workflowId',
	),
	{
		displayName: 'Input Fields',
		name: 'inputFields',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		typeOptions: {
			// The mode too: in "From the Workflow's Entry Step" an agent workflow's mapper is one text column.
			loadOptionsDependsOn: ['workflowId.value', 'inputMode'],
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
		hint: 'Dates as yyyy-MM-dd; empty fields are left out; a document field takes a binary field name',
		description:
			"The workflow's input fields, one per input of its schema. Dates as yyyy-MM-dd. Empty fields are left out. A choice field takes one of its listed values (any letter case). A document field takes the name of a binary property holding the file (e.g. data; several, comma-separated, for multi-document fields), which the node uploads first, or the output of an Input Document → Upload step.",
		displayOptions: { show: { ...show, inputMode: ['fields', 'entryStep'] } },
	},
	{
		displayName: 'Input (JSON)',
		name: 'inputJson',
		type: 'json',
		default: '{}',
		required: true,
		// The date form under the box, before a run: the description shows only while hovering the label.
		hint: 'Dates as yyyy-MM-dd, e.g. 2026-03-01; leave optional fields out rather than sending null',
		description:
			"The input object, matching the workflow's input schema. Dates are yyyy-MM-dd. Leave optional fields out rather than sending null.",
		displayOptions: { show: { ...show, inputMode: ['json'] } },
	},
];
