/**
 * The fixture offer letter (tpl_offer_letter), the template that shows every inputSchema convention: nesting, date,
 * number, boolean, picture, one choice, several choices, default, optional with alternative wording, fixed object
 * and fixed workspace picture, x-groups; its recipe, its defaults and options, its workspace picture.
 */
import type { JsonSchema } from '../types';
import { encodePng } from './images';
import type { RecipeBlock } from './types';

/** The workspace picture of the offer letter (`company_logo`): a real 48 x 16 PNG. */
export const COMPANY_LOGO_PNG = encodePng(48, 16, [0, 82, 155]);

export const OFFER_LETTER_DEFAULTS = {
	companyName: 'Acme Legal LLP',
	signatory: 'Alice Archer, Partner',
	probationMonths: 6,
} as const;

export const OFFER_LETTER_OPTIONS = {
	role: ['Associate', 'Senior Associate', 'Counsel'],
	benefits: ['Health', 'Pension', 'Gym', 'Training'],
} as const;

/** The JSON Schema dialect every fixture template's inputSchema names. */
export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const PICTURE_DESCRIPTION =
	'A picture: PNG or JPEG as base64 (a data: URI prefix is allowed), at most 1 MB and 2,000 px on each side.';

/**
 * The offer letter's form sections (`x-groups`), each naming its fields by dotted path. A function, as
 * offerLetterSchema is: every schema gets its own copy to change.
 */
export function offerLetterGroups(): Array<{ id: string; title: string; fields: string[] }> {
	return [
		{
			id: 'candidate',
			title: 'Candidate',
			fields: ['employee.name', 'employee.start_date', 'employee.photo'],
		},
		{
			id: 'terms',
			title: 'Terms',
			fields: [
				'role',
				'benefits',
				'employee.salary',
				'employee.remote',
				'probation_months',
				'notes',
			],
		},
	];
}

export function offerLetterSchema(): JsonSchema {
	return {
		$schema: SCHEMA_DIALECT,
		type: 'object',
		additionalProperties: false,
		required: ['employee', 'role'],
		properties: {
			employee: {
				type: 'object',
				title: 'Employee',
				additionalProperties: false,
				required: ['name', 'start_date'],
				properties: {
					name: { type: 'string', title: 'Full name' },
					start_date: { type: 'string', format: 'date', title: 'Start date' },
					salary: { type: 'number', minimum: 0, title: 'Annual salary' },
					remote: { type: 'boolean', title: 'Remote working' },
					photo: {
						type: 'string',
						contentEncoding: 'base64',
						contentMediaType: 'image/jpeg',
						title: 'Photo',
						description: PICTURE_DESCRIPTION,
					},
				},
			},
			role: { type: 'string', enum: [...OFFER_LETTER_OPTIONS.role], title: 'Role' },
			benefits: {
				type: 'array',
				title: 'Benefits',
				description: 'Several choices.',
				items: { type: 'string', enum: [...OFFER_LETTER_OPTIONS.benefits] },
				uniqueItems: true,
			},
			probation_months: {
				type: 'integer',
				minimum: 1,
				maximum: 12,
				default: OFFER_LETTER_DEFAULTS.probationMonths,
				title: 'Probation (months)',
			},
			notes: {
				type: 'string',
				title: 'Further terms',
				description: 'Left out, the letter says that no further terms apply.',
			},
			company: {
				type: 'object',
				title: 'Company',
				readOnly: true,
				additionalProperties: false,
				default: {
					name: OFFER_LETTER_DEFAULTS.companyName,
					signatory: OFFER_LETTER_DEFAULTS.signatory,
				},
				properties: {
					name: {
						type: 'string',
						title: 'Company name',
						readOnly: true,
						default: OFFER_LETTER_DEFAULTS.companyName,
					},
					signatory: {
						type: 'string',
						title: 'Signatory',
						readOnly: true,
						default: OFFER_LETTER_DEFAULTS.signatory,
					},
				},
			},
			company_logo: {
				type: 'string',
				title: 'Company logo',
				contentEncoding: 'base64',
				contentMediaType: 'image/png',
				readOnly: true,
				default: COMPANY_LOGO_PNG.toString('base64'),
			},
		},
		'x-groups': offerLetterGroups(),
	};
}

export const OFFER_LETTER_RECIPE: RecipeBlock[] = [
	{ picture: 'company_logo', caption: '{{company.name}}' },
	{ heading: 'Offer of employment' },
	{ text: 'Dear {{employee.name}},' },
	{
		text: '{{company.name}} is pleased to offer you the position of {{role}}, starting on {{employee.start_date}}.',
	},
	{
		text: 'Your annual salary will be {{employee.salary}}.',
		when: 'employee.salary',
		otherwise: 'Your salary will be confirmed separately.',
	},
	{
		text: 'Remote working: {{employee.remote}}.',
		when: 'employee.remote',
		otherwise: 'Your place of work will be agreed with your manager.',
	},
	{
		text: 'Benefits: {{benefits}}.',
		when: 'benefits',
		otherwise: 'No additional benefits are included.',
	},
	{ text: 'The probation period is {{probation_months}} months.' },
	{ text: 'Further terms: {{notes}}', when: 'notes', otherwise: 'No further terms apply.' },
	{
		picture: 'employee.photo',
		caption: 'Photo of {{employee.name}}',
		otherwise: 'No photo supplied.',
	},
	{ heading: 'Signature' },
	{ text: 'Signed for {{company.name}} by {{company.signatory}}.' },
];
