import { dateTime, ref, str, type Schema } from './schema-parts';

/** Templates and produced documents as JSON Schemas of the OpenAPI components. */
export const TEMPLATE_SCHEMAS: Record<string, Schema> = {
	TemplateSummary: {
		type: 'object',
		description:
			'An active template the key user can access (its own restriction and its document type).',
		required: ['id', 'name', 'description', 'documentType', 'requiresReview', 'updatedAt'],
		properties: {
			id: str,
			name: str,
			description: str,
			documentType: str,
			requiresReview: {
				type: 'boolean',
				description:
					'A person must attest to a produced document in the app before its content downloads (template or document type).',
			},
			updatedAt: dateTime,
		},
	},
	TemplateDetail: {
		allOf: [ref('TemplateSummary')],
		type: 'object',
		required: ['inputSchema', 'needsAttention'],
		properties: {
			needsAttention: {
				type: 'boolean',
				description: 'A document author should look at the recipe; the template stays usable.',
			},
			inputSchema: {
				type: 'object',
				description:
					'JSON Schema 2020-12 of the answers, nested objects for dotted paths; `default` (workspace default), `readOnly: true` + `default` (fixed, never post), `contentEncoding: base64` pictures, `format: date`, `enum` choices, arrays of `enum` items for several choices, `x-groups` sections.',
			},
		},
	},
	ProduceDocumentRequest: {
		type: 'object',
		required: ['input'],
		additionalProperties: false,
		properties: {
			input: {
				type: 'object',
				description:
					'Answers nested as in the inputSchema; leave out what is not answered (empty values are refused).',
			},
			title: {
				type: 'string',
				minLength: 1,
				maxLength: 200,
				description: 'Default: the template name and the date of production.',
			},
			strict: {
				type: 'boolean',
				default: false,
				description:
					'true: a missing required answer is 422 fields_missing and nothing is produced.',
			},
		},
	},
	ProducedDocument: {
		type: 'object',
		description: 'The 201 production answer; GET /documents/{documentId} answers the same shape.',
		required: [
			'documentId',
			'status',
			'unresolvedFields',
			'title',
			'templateId',
			'createdAt',
			'links',
		],
		properties: {
			documentId: str,
			status: { type: 'string', enum: ['assembled', 'incomplete'] },
			unresolvedFields: {
				type: 'array',
				items: str,
				description: 'Dotted paths of the unanswered required fields.',
			},
			title: str,
			templateId: str,
			createdAt: dateTime,
			links: {
				type: 'object',
				description: 'Paths, to resolve against the base URL.',
				required: ['document', 'docx', 'pdf', 'markdown'],
				properties: { document: str, docx: str, pdf: str, markdown: str },
			},
		},
	},
};
