import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { entryInputOf } from '../../../nodes/DraftingWorkspace/runs/entryInput';
import { runsOf } from '../../support/depth';

// Input Mode "From the Workflow's Entry Step" sends text or fields as the workflow detail says.

const schema = { type: 'object', properties: { counterparty: { type: 'string' } } };

describe('entryInputOf: what the workflow’s entry step takes', () => {
	it.each([
		[
			'an agent entry step (the simulator’s detail)',
			{
				steps: [
					{ id: 's1', index: 0, kind: 'agent' },
					{ index: 1, kind: 'render' },
				],
				inputSchema: null,
			},
			'text',
		],
		[
			'an input entry step',
			{
				steps: [
					{ index: 0, kind: 'input' },
					{ index: 1, kind: 'agent' },
				],
				inputSchema: schema,
			},
			'fields',
		],
		[
			'an entry step listed out of order',
			{
				steps: [
					{ index: 1, kind: 'agent' },
					{ index: 0, kind: 'input' },
				],
				inputSchema: schema,
			},
			'fields',
		],
		['an agent step in capitals', { steps: [{ kind: 'Agent' }] }, 'text'],
		['entryKind on the detail', { entryKind: 'agent' }, 'text'],
		[
			'entryStep on the detail',
			{ entryStep: { kind: 'input' }, inputSchema: { schema } },
			'fields',
		],
		['no kind, but an input schema', { inputSchema: schema }, 'fields'],
		['nothing that tells', { name: 'X', inputSchema: null }, undefined],
	])('%s', (_label, detail, expected) => {
		expect(entryInputOf(detail as IDataObject)).toBe(expected);
	});

	it('an agent entry takes text even when the detail carries a schema (the contract: a plain string)', () => {
		expect(entryInputOf({ steps: [{ kind: 'agent' }], inputSchema: schema })).toBe('text');
	});

	it('property: any detail gives text, fields or nothing, and never throws', () => {
		fc.assert(
			fc.property(
				fc.dictionary(
					fc.constantFrom('steps', 'inputSchema', 'entryKind', 'entryStep', 'name'),
					fc.jsonValue({ maxDepth: 3 }),
				),
				(detail) => {
					expect(['text', 'fields', undefined]).toContain(entryInputOf(detail as IDataObject));
				},
			),
			{ numRuns: runsOf(2000, 200) },
		);
	});
});
