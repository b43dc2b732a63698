/** The input forms of the fixture workflows that start with one (NDA drafting, Due diligence pack), as JSON Schemas. */
import type { JsonSchema } from './types';

/** A document field: the contract's `format: document`, an object carrying both ids. */
const DOCUMENT_REFERENCE: JsonSchema = {
	type: 'object',
	format: 'document',
	properties: {
		documentId: { type: 'string', minLength: 1 },
		documentVersionId: { type: 'string', minLength: 1 },
	},
	required: ['documentId', 'documentVersionId'],
	additionalProperties: false,
};

export const NDA_INPUT_SCHEMA: JsonSchema = {
	$schema: 'https://json-schema.org/draft/2020-12/schema',
	type: 'object',
	properties: {
		counterparty: { type: 'string', title: 'Counterparty', minLength: 1 },
		effective_date: { type: 'string', format: 'date', title: 'Effective date' },
		term_months: { type: 'integer', title: 'Term (months)', minimum: 1, maximum: 120 },
		governing_law: {
			type: 'string',
			title: 'Governing law',
			enum: ['England and Wales', 'New York', 'Delaware'],
		},
		include_non_solicit: { type: 'boolean', title: 'Include non-solicitation clause' },
		source_document: { ...DOCUMENT_REFERENCE, title: 'Source document' },
	},
	required: ['counterparty', 'effective_date'],
	additionalProperties: false,
};

export const DUE_DILIGENCE_INPUT_SCHEMA: JsonSchema = {
	$schema: 'https://json-schema.org/draft/2020-12/schema',
	type: 'object',
	properties: {
		documents: { type: 'array', title: 'Documents', minItems: 1, items: DOCUMENT_REFERENCE },
		notes: { type: 'string', title: 'Notes' },
	},
	required: ['documents'],
	additionalProperties: false,
};
