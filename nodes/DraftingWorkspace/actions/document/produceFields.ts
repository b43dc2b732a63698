import type { INodeProperties } from 'n8n-workflow';

import { mapperNotice, TEMPLATE_MAPPER_NOTICE } from '../../mapper/mapperRules';
import { DOCUMENT_FORMAT_OPTIONS, DOCUMENT_FORMAT_VALUES } from '../../templates/links';
import { binaryPropertyField, templateLocator } from '../descriptions';

/** Produce From Template's parameters: the template, its answers (the mapper), title, strictness, the download. */
const show = { resource: ['document'], operation: ['produce'] };

export const description: INodeProperties[] = [
	templateLocator({ displayOptions: { show } }),
	// n8n 2.41 does not render the mapper's hint: the rules are stated above it.
	mapperNotice('answersNotice', TEMPLATE_MAPPER_NOTICE, show, 'templateId'),
	{
		displayName: 'Answers',
		name: 'answers',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		typeOptions: {
			loadOptionsDependsOn: ['templateId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getTemplateFields',
				mode: 'add',
				fieldWords: { singular: 'answer', plural: 'answers' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: true,
				// The empty state is the method's notice ("Select a template first"…): n8n's red error would repeat it.
				hideNoDataError: true,
			},
		},
		hint: 'Dates as yyyy-MM-dd; pictures take a binary field name; empty answers are left out',
		description:
			"The template's answers, one field per answer of its input schema. Dates as yyyy-MM-dd (a date-time keeps its date). Picture fields take the name of a binary field of the item (e.g. data). A choice field takes one of its listed values (any letter case); a several-choice field takes one value picked from its list, or several as an expression (a list, or comma-separated). Defaults are pre-filled; empty answers are left out. Map Automatically answers a field from the item key of its ID or from nested item objects ({ employee: { name } } answers employee.name); with Answer Options → Match Columns By, also from a column named like the ID's last part (start_date) or the field's title (Start date). Item keys that match no field are listed in unmatchedInputKeys.",
		displayOptions: { show },
	},
	{
		displayName: 'Answer Options',
		name: 'answerOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		description: 'How Map Automatically reads the item',
		displayOptions: { show },
		options: [
			{
				displayName: 'Match Columns By',
				name: 'columnMatching',
				type: 'options',
				default: 'id',
				description:
					"How Map Automatically matches the item's keys (a spreadsheet's columns) to the template's fields",
				options: [
					{
						name: 'Field ID',
						value: 'id',
						description: 'A key answers the field whose ID it is (employee.start_date)',
					},
					{
						name: 'ID, Last Part or Title',
						value: 'loose',
						description:
							"Also a column named like the ID's last part (start_date) or the field's title (Start date), letter case, spaces and underscores aside",
					},
				],
			},
		],
	},
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		default: '',
		description: 'Title of the produced document (the service picks one when empty)',
		displayOptions: { show },
	},
	{
		displayName: 'Strict',
		name: 'strict',
		type: 'boolean',
		default: false,
		description:
			'Whether to refuse producing anything when a required answer is missing (error listing the fields) instead of producing an incomplete document',
		displayOptions: { show },
	},
	{
		displayName: 'Download',
		name: 'downloadFormat',
		type: 'options',
		default: 'none',
		options: [{ name: 'Nothing', value: 'none' }, ...DOCUMENT_FORMAT_OPTIONS],
		description:
			'Whether to download the produced document as binary data in the same step. A document that a person must review first is output without the file (download.outcome "awaitingReview"); download it later with Document → Download.',
		displayOptions: { show },
	},
	binaryPropertyField({ ...show, downloadFormat: DOCUMENT_FORMAT_VALUES }, 'document'),
];
