import {
	binaryPropertiesToUpload,
	placeUploadedDocuments,
	toDocumentReference,
} from '../../../nodes/DraftingWorkspace/runs/documentFields';
import {
	buildRunInput,
	describeProblems,
	runInputFields,
	unwrapInputSchema,
} from '../../../nodes/DraftingWorkspace/runs/startInput';
import {
	NDA_INPUT_SCHEMA,
	DUE_DILIGENCE_INPUT_SCHEMA,
} from '../../simulator/fixture-input-schemas';
import type { IDataObject } from 'n8n-workflow';

const nda = NDA_INPUT_SCHEMA as IDataObject;
const dd = DUE_DILIGENCE_INPUT_SCHEMA as IDataObject;
const pair = { documentId: 'doc_1', documentVersionId: 'dv_1' };

describe('runInputFields (field mapper columns from the input schema)', () => {
	it('has one column per property, required ones marked, enums as options, documents untyped', () => {
		const fields = runInputFields(nda);
		expect(fields.map((field) => field.id)).toEqual([
			'counterparty',
			'effective_date',
			'term_months',
			'governing_law',
			'include_non_solicit',
			'source_document',
		]);
		const byId = Object.fromEntries(fields.map((field) => [field.id, field]));
		expect(byId.counterparty).toMatchObject({
			required: true,
			type: 'string',
			displayName: 'Counterparty',
		});
		// A date is text with its format in the label: n8n's date-time picker drops a date typed without a time.
		expect(byId.effective_date).toMatchObject({
			required: true,
			type: 'string',
			displayName: 'Effective date (date)',
		});
		expect(byId.term_months).toMatchObject({ required: false, type: 'number' });
		expect(byId.governing_law.type).toBe('options');
		expect(byId.governing_law.options?.map((option) => option.value)).toEqual([
			'England and Wales',
			'New York',
			'Delaware',
		]);
		expect(byId.include_non_solicit.type).toBe('boolean');
		expect(byId.source_document.type).toBeUndefined();
		expect(byId.source_document.displayName).toBe('Source document (binary)');
	});

	it('never offers read-only fields', () => {
		const schema = {
			type: 'object',
			properties: {
				a: { type: 'string' },
				fixed: { type: 'string', readOnly: true, default: 'x' },
			},
		};
		expect(runInputFields(schema).map((field) => field.id)).toEqual(['a']);
	});

	it('marks multi-document fields', () => {
		expect(runInputFields(dd).find((field) => field.id === 'documents')).toMatchObject({
			required: true,
			displayName: 'Documents (binary fields)',
		});
	});
});

describe('unwrapInputSchema (the envelope is not shown by the contract)', () => {
	it('accepts the bare schema and common wrappers', () => {
		expect(unwrapInputSchema(nda)).toBe(nda);
		expect(unwrapInputSchema({ schema: nda })).toBe(nda);
		expect(unwrapInputSchema({ jsonSchema: { schema: nda } })).toBe(nda);
		expect(unwrapInputSchema(null)).toBeUndefined();
		expect(unwrapInputSchema({ type: 'object' })).toBeUndefined();
	});
});

describe('buildRunInput', () => {
	it('leaves empty answers out and never sends null', () => {
		const { input, problems } = buildRunInput(nda, {
			counterparty: 'Initech',
			effective_date: '2026-03-01',
			term_months: null,
			governing_law: '',
			include_non_solicit: undefined,
			source_document: '  ',
		});
		expect(problems).toEqual([]);
		expect(input).toEqual({ counterparty: 'Initech', effective_date: '2026-03-01' });
	});

	it('converts to the schema types', () => {
		const { input } = buildRunInput(nda, {
			counterparty: 42,
			effective_date: '2026-03-01T23:30:00+05:00',
			term_months: '24',
			include_non_solicit: 'false',
			source_document: JSON.stringify({ ...pair, filename: 'x.pdf', status: 'ready' }),
		});
		expect(input).toEqual({
			counterparty: '42',
			effective_date: '2026-03-01',
			term_months: 24,
			include_non_solicit: false,
			source_document: pair,
		});
	});

	it('takes a date object as its calendar date', () => {
		const luxonLike = { toISODate: () => '2026-04-30' };
		expect(
			buildRunInput(nda, { counterparty: 'A', effective_date: luxonLike }).input.effective_date,
		).toBe('2026-04-30');
	});

	it('reports every problem at once: missing required, bad number, half a document reference, unknown field', () => {
		const { problems } = buildRunInput(nda, {
			term_months: 'twelve',
			source_document: { documentId: 'doc_1' },
			colour: 'blue',
		});
		expect(describeProblems(problems)).toBe(
			'Term (months) must be a number, got "twelve"; Source document needs the name of the binary property that holds the file (e.g. data), or {documentId, documentVersionId} from an Upload step; colour is not in the workflow\'s input schema any more (refresh the field list); Counterparty is required but empty; Effective date is required but empty',
		);
	});

	it('a binary file object in a document field asks for the property name instead', () => {
		const { problems } = buildRunInput(nda, {
			counterparty: 'A',
			effective_date: '2026-01-01',
			source_document: { mimeType: 'application/pdf', data: 'JVBERi0=' },
		});
		expect(problems[0].problem).toMatch(/binary file object: enter the binary property's name/);
	});

	it('ignores unknown keys when mapping automatically from an item', () => {
		const { input, problems } = buildRunInput(
			nda,
			{ counterparty: 'A', effective_date: '2026-01-01', id: 7 },
			{ ignoreUnknown: true },
		);
		expect(problems).toEqual([]);
		expect(input).toEqual({ counterparty: 'A', effective_date: '2026-01-01' });
	});

	it('multi-document fields take a list of pairs, or one pair', () => {
		expect(
			buildRunInput(dd, { documents: [pair, { ...pair, documentId: 'doc_2' }] }).input.documents,
		).toHaveLength(2);
		expect(buildRunInput(dd, { documents: pair }).input.documents).toEqual([pair]);
		expect(buildRunInput(dd, { documents: [pair, 42] }).problems[0].field).toBe('documents');
	});

	it('binary property names become pending uploads, placed in the order given', () => {
		const built = buildRunInput(dd, { documents: 'data, data_1,data_2' });
		expect(built.problems).toEqual([]);
		expect(built.input).toEqual({});
		expect(built.pendingDocuments).toEqual([
			{
				field: 'documents',
				list: true,
				entries: [
					{ binaryProperty: 'data' },
					{ binaryProperty: 'data_1' },
					{ binaryProperty: 'data_2' },
				],
			},
		]);
		const mixed = buildRunInput(dd, { documents: [pair, 'data'] });
		expect(binaryPropertiesToUpload(mixed.pendingDocuments)).toEqual(['data']);
		const uploaded = new Map([['data', { documentId: 'doc_9', documentVersionId: 'dv_9' }]]);
		expect(placeUploadedDocuments(mixed.input, mixed.pendingDocuments, uploaded)).toEqual({
			documents: [pair, { documentId: 'doc_9', documentVersionId: 'dv_9' }],
		});
	});

	it('a single-document field takes one binary name; a required document named counts as answered', () => {
		const one = buildRunInput(nda, {
			counterparty: 'A',
			effective_date: '2026-01-01',
			source_document: 'data',
		});
		expect(one.problems).toEqual([]);
		expect(one.pendingDocuments).toEqual([
			{ field: 'source_document', list: false, entries: [{ binaryProperty: 'data' }] },
		]);
		expect(
			placeUploadedDocuments(one.input, one.pendingDocuments, new Map([['data', pair]]))
				.source_document,
		).toEqual(pair);
		expect(
			buildRunInput(nda, { source_document: 'a, b' }).problems.find(
				(p) => p.field === 'source_document',
			)?.problem,
		).toBe('takes one document, got 2');
		expect(buildRunInput(dd, { documents: 'data' }).problems).toEqual([]);
	});
});

describe('toDocumentReference', () => {
	it('keeps only the two ids of an upload response', () => {
		expect(toDocumentReference({ ...pair, sizeBytes: 3 })).toEqual(pair);
		expect(toDocumentReference({ documentId: 'doc_1' })).toBeUndefined();
		expect(toDocumentReference('doc_1')).toBeUndefined();
	});
});
