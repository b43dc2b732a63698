import { filenameFromContentDisposition } from '../../../nodes/shared/transport/contentDisposition';
import {
	isPausedForReview,
	findRenderedArtifacts,
	passedReviewStep,
	isTerminal,
	runIdOf,
	startedAtOf,
	statusOf,
} from '../../../nodes/shared/runs/record';

describe('run record readers tolerate the shapes the contract leaves open', () => {
	it('reads ids, statuses and starts in several spellings', () => {
		expect(runIdOf({ runId: 'r1' })).toBe('r1');
		expect(runIdOf({ id: 'r2' })).toBe('r2');
		expect(statusOf({ status: 'canceled' })).toBe('Cancelled');
		expect(statusOf({ status: 'COMPLETED' })).toBe('Completed');
		expect(statusOf({ state: 'paused' })).toBe('paused');
		expect(isTerminal(statusOf({ status: 'failed' }))).toBe(true);
		expect(isTerminal('Running')).toBe(false);
		expect(startedAtOf({ startedAt: '2026-11-21T10:00:00Z' })).toBe(
			Date.parse('2026-11-21T10:00:00Z'),
		);
		expect(startedAtOf({ timings: { startedAt: '2026-11-21T10:00:00Z' } })).toBe(
			Date.parse('2026-11-21T10:00:00Z'),
		);
		expect(startedAtOf({ startedAt: 'soon' })).toBeUndefined();
	});

	it('finds rendered artifacts wherever the steps are', () => {
		const record = {
			runId: 'r1',
			steps: [
				{ stepId: 's1', kind: 'agent', output: { text: 'x' } },
				{
					stepId: 's2',
					kind: 'render',
					renderedArtifact: { downloadPath: '/workflows/runs/r1/files/s2/download', format: 'pdf' },
				},
			],
			other: { nested: [{ id: 's3', renderedArtifact: { downloadPath: '/x/s3' } }] },
		};
		expect(findRenderedArtifacts(record)).toEqual([
			{
				stepId: 's2',
				downloadPath: '/workflows/runs/r1/files/s2/download',
				format: 'pdf',
				filename: undefined,
				contentType: undefined,
			},
			{
				stepId: 's3',
				downloadPath: '/x/s3',
				filename: undefined,
				contentType: undefined,
				format: undefined,
			},
		]);
	});
});

describe('filenameFromContentDisposition', () => {
	it.each([
		['attachment; filename="report.pdf"', 'report.pdf'],
		['attachment; filename=report.pdf', 'report.pdf'],
		['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf', 'résumé.pdf'],
		['attachment; filename="a \\"quoted\\" name.docx"', 'a "quoted" name.docx'],
		['inline', undefined],
		[undefined, undefined],
	])('%p', (header, expected) => expect(filenameFromContentDisposition(header)).toBe(expected));
});

describe('isPausedForReview (the pause is named by the contract, its place in the record is not)', () => {
	it.each([
		[{ status: 'Running', condition: 'paused' }, true],
		[{ status: 'Paused' }, true],
		[{ status: 'Running', paused: true }, true],
		[{ status: 'Running', steps: [{ status: 'completed' }, { status: 'awaiting_review' }] }, true],
		[{ status: 'Running', state: 'WaitingForReview' }, true],
		[{ status: 'Running', condition: null, steps: [{ status: 'running' }] }, false],
		[{ status: 'Completed', condition: 'paused' }, false],
	])('%j → %s', (record, expected) => {
		expect(isPausedForReview(record as never)).toBe(expected);
	});
});

describe('passedReviewStep', () => {
	it('is true once a review step has been reached, whatever the field names', () => {
		expect(
			passedReviewStep({
				steps: [
					{ kind: 'agent', status: 'completed' },
					{ kind: 'review', status: 'completed' },
				],
			}),
		).toBe(true);
		expect(
			passedReviewStep({ steps: [{ type: 'approval', startedAt: '2026-01-01T00:00:00Z' }] }),
		).toBe(true);
		expect(passedReviewStep({ steps: [{ kind: 'review', status: 'pending' }] })).toBe(false);
		expect(passedReviewStep({ steps: [{ kind: 'render', status: 'completed' }] })).toBe(false);
		expect(passedReviewStep({})).toBe(false);
	});
});
