import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { resultTextOf } from '../../../nodes/DraftingWorkspace/runs/resultText';
import { runsOf } from '../../support/depth';

// Simplify keeps the run's result text. Which step's output is "the result".

/** The simulator's Contract summary record: the entry agent's notes, the summary, the render step's receipt. */
const contractSummary: IDataObject = {
	runId: 'run_1',
	status: 'Completed',
	input: 'Supply agreement…',
	steps: [
		{
			stepId: 'stp_summary_entry',
			index: 0,
			kind: 'agent',
			status: 'completed',
			output: 'Reading the contract. Found 14 clauses. ',
		},
		{
			stepId: 'stp_summary_analyse',
			index: 1,
			kind: 'agent',
			status: 'completed',
			output: 'Summary: a two-year supply agreement with a 90-day termination notice.',
		},
		{
			stepId: 'stp_summary_render',
			index: 2,
			kind: 'render',
			status: 'completed',
			output: 'Rendered contract-summary.pdf (1262 bytes).',
			renderedArtifact: { downloadPath: '/f' },
		},
	],
};

describe('resultTextOf: the run’s result as text', () => {
	it('a Contract summary: the summary (steps[1]), not the notes before it nor the render receipt after it', () => {
		expect(resultTextOf(contractSummary)).toBe(
			'Summary: a two-year supply agreement with a 90-day termination notice.',
		);
	});

	it('an NDA run: the drafting agent, not the input form’s receipt', () => {
		const record = {
			steps: [
				{ kind: 'input', status: 'completed', output: 'Received 2 fields' },
				{ kind: 'agent', status: 'completed', output: 'Drafted.' },
				{ kind: 'render', status: 'completed', output: 'Rendered nda.docx' },
			],
		};
		expect(resultTextOf(record)).toBe('Drafted.');
	});

	it('a review step is a decision, not the result; steps out of order are read by their index', () => {
		const record = {
			steps: [
				{ index: 2, kind: 'review', status: 'completed', output: 'Approved by a reviewer.' },
				{ index: 1, kind: 'agent', status: 'completed', output: 'Memo.' },
				{ index: 0, kind: 'agent', status: 'completed', output: 'Notes.' },
			],
		};
		expect(resultTextOf(record)).toBe('Memo.');
	});

	it('a text the record calls its output wins; an output object gives its text', () => {
		expect(resultTextOf({ ...contractSummary, output: 'The final answer.' })).toBe(
			'The final answer.',
		);
		expect(
			resultTextOf({ steps: [{ kind: 'agent', status: 'done', output: { text: 'Structured.' } }] }),
		).toBe('Structured.');
		expect(resultTextOf({ result: { content: 'From result.' } })).toBe('From result.');
	});

	it('unfinished and failed steps give no result; a run without one is null', () => {
		expect(
			resultTextOf({ steps: [{ kind: 'agent', status: 'running', output: 'Half a sent' }] }),
		).toBeNull();
		expect(
			resultTextOf({
				steps: [
					{ kind: 'agent', status: 'completed', output: 'First.' },
					{ kind: 'agent', status: 'failed', output: 'Broken' },
				],
			}),
		).toBe('First.');
		expect(resultTextOf({ runId: 'r', status: 'Pending' })).toBeNull();
		expect(
			resultTextOf({ steps: [{ kind: 'agent', status: 'completed', output: '   ' }] }),
		).toBeNull();
	});

	it('property: any record gives null or a non-empty text found in it, and never throws', () => {
		fc.assert(
			fc.property(
				fc.dictionary(
					fc.constantFrom('steps', 'output', 'result', 'status', 'x'),
					fc.jsonValue({ maxDepth: 4 }),
				),
				(record) => {
					const text = resultTextOf(record as IDataObject);
					if (text !== null) {
						expect(text.trim()).not.toBe('');
						expect(JSON.stringify(record)).toContain(JSON.stringify(text).slice(1, -1));
					}
				},
			),
			{ numRuns: runsOf(2000, 200) },
		);
	});

	const step = fc.record({
		kind: fc.constantFrom('agent', 'render', 'input', 'review', undefined),
		status: fc.constantFrom('completed', 'running', 'failed', 'pending', undefined),
		output: fc.oneof(
			fc.string({ minLength: 1 }).filter((text) => text.trim() !== ''),
			fc.constant(null),
		),
	});

	it('property: the result is the output of the last finished step that writes text', () => {
		fc.assert(
			fc.property(fc.array(step, { maxLength: 6 }), (steps) => {
				const writers = steps.filter(
					(entry) =>
						(entry.kind === 'agent' || entry.kind === undefined) &&
						(entry.status === 'completed' || entry.status === undefined) &&
						entry.output !== null,
				);
				expect(resultTextOf({ steps } as unknown as IDataObject)).toBe(
					writers.length ? writers[writers.length - 1].output : null,
				);
			}),
		);
	});
});
