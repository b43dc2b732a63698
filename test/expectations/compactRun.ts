// The compact answer (Simplify) about a finished run of the simulator's "Contract summary" workflow, as the
// engine tests and the e2e agent test both expect it: the result text and one rendered PDF (downloaded into the
// item's `data` field), its link on the simulator's address.
import { FIXTURE_IDS } from '../simulator';

export function compactContractSummary(baseUrl: string, runId: string): Record<string, unknown> {
	return {
		runId: expect.stringMatching(/\S/),
		workflowId: FIXTURE_IDS.workflows.agentSummary,
		workflowName: 'Contract summary',
		status: 'Completed',
		finished: true,
		pausedForReview: false,
		output: 'Summary: a two-year supply agreement with a 90-day termination notice.',
		files: [
			{
				name: 'contract-summary.pdf',
				format: 'pdf',
				mimeType: 'application/pdf',
				size: expect.any(Number),
				url: `${baseUrl}/workflows/runs/${runId}/files/${FIXTURE_IDS.steps.agentSummary.render}/download`,
				binaryProperty: 'data',
				stepId: FIXTURE_IDS.steps.agentSummary.render,
			},
		],
	};
}
