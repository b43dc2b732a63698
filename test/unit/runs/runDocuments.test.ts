import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { runDocumentsOf } from '../../../nodes/DraftingWorkspace/runs/runDocuments';
import { runsOf } from '../../support/depth';

// Download Input Document's picker lists the run's documents, read from its record.

describe('runDocumentsOf: the documents a run can hand back', () => {
	it('the simulator’s record: the input field’s document (with its name from the input list), then the knowledge base', () => {
		const record = {
			runId: 'r1',
			input: {
				counterparty: 'Initech',
				source_document: { documentId: 'doc_1', documentVersionId: 'dv_1' },
			},
			knowledgeBaseCoverage: [
				{ documentId: 'doc_kb', documentVersionId: 'dv_kb', filename: 'policy.pdf' },
			],
			inputDocuments: [
				{
					field: 'source_document',
					documentId: 'doc_1',
					documentVersionId: 'dv_1',
					filename: 'nda-source.pdf',
				},
			],
		};
		expect(runDocumentsOf(record)).toEqual([
			{
				documentVersionId: 'dv_1',
				documentId: 'doc_1',
				filename: 'nda-source.pdf',
				field: 'source_document',
				source: 'input',
			},
			{
				documentVersionId: 'dv_kb',
				documentId: 'doc_kb',
				filename: 'policy.pdf',
				source: 'knowledgeBase',
			},
		]);
	});

	it('a several-document field names each under its field; other layouts and numeric ids are read too', () => {
		const record = {
			input: {
				documents: [
					{ documentId: 'a', documentVersionId: 'v1' },
					{ documentId: 'b', documentVersionId: 2 },
				],
			},
			documents: { inputs: [{ documentVersionId: 'v3', name: 'c.md' }] },
		};
		expect(runDocumentsOf(record)).toEqual([
			{ documentVersionId: 'v1', documentId: 'a', field: 'documents', source: 'input' },
			{ documentVersionId: '2', documentId: 'b', field: 'documents', source: 'input' },
			{ documentVersionId: 'v3', filename: 'c.md', source: 'input' },
		]);
	});

	it('a run without documents lists none', () => {
		expect(
			runDocumentsOf({
				runId: 'r',
				input: 'Some text',
				inputDocuments: [],
				knowledgeBaseCoverage: null,
			}),
		).toEqual([]);
	});

	it('property: any record gives each version once, as a non-empty id, input documents first, and never throws', () => {
		const idLike = fc.oneof(fc.string(), fc.integer(), fc.constant(null));
		const mention = fc.record(
			{ documentVersionId: idLike, documentId: idLike, filename: fc.jsonValue({ maxDepth: 0 }) },
			{ requiredKeys: [] },
		);
		const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
			node: fc.oneof(
				{ depthSize: 'small' },
				mention,
				fc.jsonValue({ maxDepth: 1 }),
				fc.array(tie('node'), { maxLength: 3 }),
				fc.dictionary(
					fc.constantFrom('input', 'knowledgeBase', 'coverage', 'inputDocuments', 'x'),
					tie('node'),
					{ maxKeys: 3 },
				),
			),
		})).node;
		fc.assert(
			fc.property(
				fc.dictionary(
					fc.constantFrom('input', 'inputDocuments', 'knowledgeBaseCoverage', 'steps'),
					value,
				),
				(record) => {
					const documents = runDocumentsOf(record as IDataObject);
					const ids = documents.map((document) => document.documentVersionId);
					expect(new Set(ids).size).toBe(ids.length);
					for (const id of ids) expect(id.trim()).not.toBe('');
					const sources = documents.map((document) => document.source);
					expect(sources).toEqual(
						[...sources].sort(
							(a, b) => Number(a === 'knowledgeBase') - Number(b === 'knowledgeBase'),
						),
					);
				},
			),
			{ numRuns: runsOf(1000, 100) },
		);
	});
});
