import { compactRun } from '../../../nodes/DraftingWorkspace/runs/compact';
import { recordFiles } from './recordFiles';

const urlOf = (path: string) => (path.startsWith('/') ? `https://ws.example${path}` : undefined);
const render = (stepId: string, extra: Record<string, unknown> = {}) => ({
	stepId,
	kind: 'render',
	status: 'completed',
	renderedArtifact: {
		downloadPath: `/workflows/runs/r1/files/${stepId}/download`,
		filename: `${stepId}.pdf`,
		contentType: 'application/pdf',
		format: 'pdf',
		sizeBytes: 1234,
		...extra,
	},
});

describe('compactRun (Simplify): the run in a few fields', () => {
	it('a completed run: id, workflow, status, its result text, files with names, types, sizes and links; no steps or timings', () => {
		const record = {
			runId: 'r1',
			workflowId: 'wf1',
			workflowName: 'Summary',
			status: 'Completed',
			timings: { totalMs: 5 },
			steps: [{ stepId: 'a', kind: 'agent', output: 'long text' }, render('s2')],
		};
		expect(compactRun({ record, files: recordFiles(record, urlOf) })).toEqual({
			runId: 'r1',
			workflowId: 'wf1',
			workflowName: 'Summary',
			status: 'Completed',
			finished: true,
			pausedForReview: false,
			output: 'long text',
			files: [
				expect.objectContaining({
					name: 's2.pdf',
					format: 'pdf',
					mimeType: 'application/pdf',
					size: 1234,
					stepId: 's2',
					url: 'https://ws.example/workflows/runs/r1/files/s2/download',
				}),
			],
		});
	});

	it('a failed run carries its reason (the run error, else the failing step), a cancelled one says so', () => {
		expect(
			compactRun({
				record: {
					runId: 'r1',
					status: 'Failed',
					error: { code: 'step_failed', message: 'Could not parse.' },
				},
				files: [],
			}).reason,
		).toBe('Could not parse. step_failed');
		expect(
			compactRun({
				record: { runId: 'r1', status: 'Failed', error: null, steps: [{ error: 'Timeout' }] },
				files: [],
			}).reason,
		).toBe('Timeout');
		expect(compactRun({ record: { runId: 'r1', status: 'canceled' }, files: [] })).toMatchObject({
			status: 'Cancelled',
			finished: true,
			reason: 'The run was cancelled',
		});
	});

	it('a run cut off by the tool’s wait limit: still going, how to follow it, never start it again', () => {
		const compact = compactRun({
			record: { runId: 'r9', status: 'Running' },
			files: [],
			wait: {
				outcome: 'timedOut',
				pausedForReview: false,
				waitedSeconds: 240.04,
				limitedAsTool: true,
			},
		});
		expect(compact).toMatchObject({
			runId: 'r9',
			status: 'Running',
			finished: false,
			pausedForReview: false,
			files: [],
		});
		expect(compact.note).toBe(
			"It has not finished after 240 s (this tool's wait limit); its status is Running. It goes on in the service: do not start it again. To follow it, call Wait For Run (or Get) later with run ID r9.",
		);
	});

	it('a paused run says a person must approve it; the start answer takes the workflow from the request', () => {
		expect(
			compactRun({ record: { runId: 'r3', status: 'Running', condition: 'paused' }, files: [] })
				.note,
		).toMatch(/^The run is paused at a review step: a person must approve it in the workspace/);
		expect(
			compactRun({
				record: { runId: 'r4', status: 'Pending', startedAt: 'x' },
				files: [],
				workflowId: 'wf2',
			}),
		).toMatchObject({
			runId: 'r4',
			workflowId: 'wf2',
			status: 'Pending',
			finished: false,
			note: expect.stringMatching(/^The run has started and is not finished yet\./),
		});
	});
});
