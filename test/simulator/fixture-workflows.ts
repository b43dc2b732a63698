/**
 * The fixture workflows of ws_acme and ws_globex. Their ids (fixture-workflow-ids.ts) are exported through
 * FIXTURE_IDS (fixtures.ts) and their input forms are in fixture-input-schemas.ts; this file owns their
 * definitions, including the simulation hints a later run engine plays.
 */
import { DUE_DILIGENCE_INPUT_SCHEMA, NDA_INPUT_SCHEMA } from './fixture-input-schemas';
import { AGENT_IDS, STEP_IDS, VERSION_IDS, WORKFLOW_IDS } from './fixture-workflow-ids';
import type {
	AgentDefinition,
	JsonSchema,
	StepDefinition,
	WorkflowRecord,
	WorkflowVersion,
} from './types';

const AGENTS: Record<keyof typeof AGENT_IDS, AgentDefinition> = {
	summariser: { id: AGENT_IDS.summariser, name: 'Contract summariser' },
	drafter: { id: AGENT_IDS.drafter, name: 'NDA drafter' },
	diligence: { id: AGENT_IDS.diligence, name: 'Due diligence reviewer' },
	memo: { id: AGENT_IDS.memo, name: 'Board memo writer' },
	extractor: { id: AGENT_IDS.extractor, name: 'Clause extractor' },
	intake: { id: AGENT_IDS.intake, name: 'Globex intake' },
};

function agentStep(
	id: string,
	name: string,
	agent: AgentDefinition,
	deltas: string[],
	durationMs = 300,
): StepDefinition {
	return { id, name, kind: 'agent', agentId: agent.id, simulate: { durationMs, deltas } };
}

function inputStep(id: string, name: string): StepDefinition {
	return { id, name, kind: 'input', simulate: { durationMs: 20, deltas: [] } };
}

function renderStep(
	id: string,
	name: string,
	format: 'pdf' | 'docx',
	filename: string,
): StepDefinition {
	return {
		id,
		name,
		kind: 'render',
		render: { format, filename },
		simulate: { durationMs: 100, deltas: [] },
	};
}

function version(
	id: string,
	status: WorkflowVersion['status'],
	createdAt: string,
	steps: StepDefinition[],
	agents: AgentDefinition[],
	inputSchema: JsonSchema | null = null,
): WorkflowVersion {
	return { id, status, createdAt, steps, agents, inputSchema };
}

/** A fresh copy every call: state resets must not share mutable objects with earlier states. */
export function buildFixtureWorkflows(workspaceIds: {
	acme: string;
	globex: string;
}): WorkflowRecord[] {
	const s = STEP_IDS;
	const summarySteps = [
		agentStep(s.agentSummary.entry, 'Read the contract', AGENTS.summariser, [
			'Reading the contract. ',
			'Found 14 clauses. ',
		]),
		agentStep(s.agentSummary.agent, 'Write the summary', AGENTS.summariser, [
			'Summary: ',
			'a two-year supply agreement ',
			'with a 90-day termination notice.',
		]),
		renderStep(s.agentSummary.render, 'Render summary PDF', 'pdf', 'contract-summary.pdf'),
	];

	return [
		{
			id: WORKFLOW_IDS.agentSummary,
			workspaceId: workspaceIds.acme,
			name: 'Contract summary',
			description: 'Summarises a contract pasted as text and renders a PDF summary.',
			tags: ['contracts'],
			createdAt: '2025-01-10T09:00:00.000Z',
			updatedAt: '2025-03-02T16:30:00.000Z',
			versions: [
				// An older archived version and a newer draft: neither may ever surface to a key.
				version(
					VERSION_IDS.agentSummaryArchived,
					'archived',
					'2025-01-10T09:00:00.000Z',
					summarySteps.slice(0, 2),
					[AGENTS.summariser],
				),
				version(
					VERSION_IDS.agentSummaryActive,
					'active',
					'2025-02-01T10:00:00.000Z',
					summarySteps,
					[AGENTS.summariser],
				),
				version(
					VERSION_IDS.agentSummaryDraft,
					'draft',
					'2025-03-02T16:30:00.000Z',
					[
						...summarySteps,
						renderStep(
							'stp_summary_render_docx',
							'Render summary DOCX',
							'docx',
							'contract-summary.docx',
						),
					],
					[AGENTS.summariser],
				),
			],
		},
		{
			id: WORKFLOW_IDS.inputNda,
			workspaceId: workspaceIds.acme,
			name: 'NDA drafting',
			description: 'Drafts a mutual NDA from a short form and renders it as DOCX.',
			tags: ['drafting'],
			createdAt: '2025-01-12T08:00:00.000Z',
			updatedAt: '2025-02-03T11:00:00.000Z',
			versions: [
				version(
					VERSION_IDS.inputNdaActive,
					'active',
					'2025-02-03T11:00:00.000Z',
					[
						inputStep(s.inputNda.entry, 'NDA details'),
						agentStep(s.inputNda.agent, 'Draft the NDA', AGENTS.drafter, [
							'Drafting clause 1. ',
							'Drafting clause 2. ',
							'Done.',
						]),
						renderStep(s.inputNda.render, 'Render NDA DOCX', 'docx', 'nda.docx'),
					],
					[AGENTS.drafter],
					NDA_INPUT_SCHEMA,
				),
			],
		},
		{
			id: WORKFLOW_IDS.multiDocs,
			workspaceId: workspaceIds.acme,
			name: 'Due diligence pack',
			description: 'Reviews several uploaded documents and renders a due diligence report.',
			tags: ['diligence'],
			createdAt: '2025-01-15T08:00:00.000Z',
			updatedAt: '2025-02-05T09:00:00.000Z',
			versions: [
				version(
					VERSION_IDS.multiDocsActive,
					'active',
					'2025-02-05T09:00:00.000Z',
					[
						inputStep(s.multiDocs.entry, 'Documents to review'),
						agentStep(s.multiDocs.agent, 'Review the documents', AGENTS.diligence, [
							'Reviewing documents. ',
							'No red flags found.',
						]),
						renderStep(s.multiDocs.render, 'Render report PDF', 'pdf', 'due-diligence-report.pdf'),
					],
					[AGENTS.diligence],
					DUE_DILIGENCE_INPUT_SCHEMA,
				),
			],
		},
		{
			id: WORKFLOW_IDS.review,
			workspaceId: workspaceIds.acme,
			name: 'Board memo with review',
			description:
				'Drafts a board memo, waits for a reviewer to approve it in the workspace, then renders a PDF.',
			tags: ['governance'],
			createdAt: '2025-01-20T08:00:00.000Z',
			updatedAt: '2025-02-07T09:00:00.000Z',
			versions: [
				version(
					VERSION_IDS.reviewActive,
					'active',
					'2025-02-07T09:00:00.000Z',
					[
						agentStep(s.review.entry, 'Collect the topic', AGENTS.memo, ['Topic noted. ']),
						agentStep(s.review.agent, 'Draft the memo', AGENTS.memo, [
							'Memo draft: ',
							'quarterly results and outlook.',
						]),
						{
							id: s.review.review,
							name: 'Partner review',
							kind: 'review',
							simulate: { durationMs: 0, deltas: [] },
						},
						renderStep(s.review.render, 'Render memo PDF', 'pdf', 'board-memo.pdf'),
					],
					[AGENTS.memo],
				),
			],
		},
		{
			id: WORKFLOW_IDS.failing,
			workspaceId: workspaceIds.acme,
			name: 'Broken extraction',
			description: 'Extracts clauses; its extraction step always fails (for error handling tests).',
			tags: [],
			createdAt: '2025-01-25T08:00:00.000Z',
			updatedAt: '2025-02-09T09:00:00.000Z',
			versions: [
				version(
					VERSION_IDS.failingActive,
					'active',
					'2025-02-09T09:00:00.000Z',
					[
						agentStep(s.failing.entry, 'Read the document', AGENTS.extractor, ['Reading. ']),
						{
							id: s.failing.failing,
							name: 'Extract clauses',
							kind: 'agent',
							agentId: AGENTS.extractor.id,
							simulate: {
								durationMs: 150,
								deltas: ['Extracting '],
								fail: {
									code: 'step_failed',
									message: 'The clause extractor could not parse the document.',
								},
							},
						},
					],
					[AGENTS.extractor],
				),
			],
		},
		{
			id: WORKFLOW_IDS.draftOnly,
			workspaceId: workspaceIds.acme,
			name: 'Unpublished lease review',
			description: 'Only a draft exists: invisible to keys.',
			tags: [],
			createdAt: '2025-02-10T08:00:00.000Z',
			updatedAt: '2025-02-10T08:00:00.000Z',
			versions: [
				version(
					VERSION_IDS.draftOnlyDraft,
					'draft',
					'2025-02-10T08:00:00.000Z',
					[agentStep('stp_lease_entry', 'Read the lease', AGENTS.summariser, ['Reading. '])],
					[AGENTS.summariser],
				),
			],
		},
		{
			id: WORKFLOW_IDS.archivedOnly,
			workspaceId: workspaceIds.acme,
			name: 'Retired engagement letter',
			description: 'Only an archived version exists: invisible to keys.',
			tags: [],
			createdAt: '2024-06-01T08:00:00.000Z',
			updatedAt: '2024-12-01T08:00:00.000Z',
			versions: [
				version(
					VERSION_IDS.archivedOnlyArchived,
					'archived',
					'2024-06-01T08:00:00.000Z',
					[agentStep('stp_engagement_entry', 'Draft the letter', AGENTS.drafter, ['Drafting. '])],
					[AGENTS.drafter],
				),
			],
		},
		{
			id: WORKFLOW_IDS.globex,
			workspaceId: workspaceIds.globex,
			name: 'Globex intake',
			description: 'Belongs to another tenant: invisible to ws_acme keys.',
			tags: [],
			createdAt: '2025-01-05T08:00:00.000Z',
			updatedAt: '2025-01-05T08:00:00.000Z',
			versions: [
				version(
					VERSION_IDS.globexActive,
					'active',
					'2025-01-05T08:00:00.000Z',
					[
						agentStep('stp_globex_entry', 'Intake', AGENTS.intake, ['Intake done.']),
						renderStep('stp_globex_render', 'Render intake PDF', 'pdf', 'intake.pdf'),
					],
					[AGENTS.intake],
				),
			],
		},
	];
}
