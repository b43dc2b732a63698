import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { withIdAs } from '../../../nodes/DraftingWorkspace/actions/items';
import { runsOf } from '../../support/depth';

// Get Many's items carry their id as Get's record does (runId, workflowId).

describe('withIdAs: a list item’s id under the name the node uses', () => {
	it('a run-list item: id becomes runId, first, the rest unchanged', () => {
		const renamed = withIdAs({ id: 'run_1', workflowId: 'wf_1', status: 'Completed' }, 'runId');
		expect(renamed).toEqual({ runId: 'run_1', workflowId: 'wf_1', status: 'Completed' });
		expect(Object.keys(renamed)[0]).toBe('runId');
	});

	it('a record that has the name already, or no id, is left as it is', () => {
		const both = { runId: 'r', id: 'other' };
		expect(withIdAs(both, 'runId')).toBe(both);
		const none = { status: 'x' };
		expect(withIdAs(none, 'runId')).toBe(none);
		expect(withIdAs({ id: 'w', workflowId: null }, 'workflowId')).toEqual({ workflowId: 'w' });
	});

	it('property: the id is kept under the name, no key is lost, nothing else changes', () => {
		fc.assert(
			fc.property(
				fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })),
				fc.jsonValue({ maxDepth: 0 }),
				(rest, id) => {
					const record = { ...rest, id } as IDataObject;
					const renamed = withIdAs(record, 'runId');
					if (record.runId !== undefined && record.runId !== null)
						return expect(renamed).toBe(record);
					expect(renamed.runId).toEqual(id);
					expect('id' in renamed).toBe(false);
					for (const [key, value] of Object.entries(record))
						if (key !== 'id' && key !== 'runId') expect(renamed[key]).toEqual(value);
				},
			),
			{ numRuns: runsOf(1000, 100) },
		);
	});
});
