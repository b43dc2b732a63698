/** The ids of the fixture workflows, their versions, the active versions' steps and their agents (exported through FIXTURE_IDS, fixtures.ts). */
export const WORKFLOW_IDS = {
	agentSummary: 'wf_contract_summary',
	inputNda: 'wf_nda_drafting',
	multiDocs: 'wf_due_diligence',
	review: 'wf_board_memo',
	failing: 'wf_broken_extraction',
	draftOnly: 'wf_draft_only',
	archivedOnly: 'wf_archived_only',
	globex: 'wf_globex_intake',
} as const;

export const VERSION_IDS = {
	agentSummaryActive: 'wfv_contract_summary_v2',
	agentSummaryArchived: 'wfv_contract_summary_v1',
	agentSummaryDraft: 'wfv_contract_summary_v3',
	inputNdaActive: 'wfv_nda_drafting_v1',
	multiDocsActive: 'wfv_due_diligence_v1',
	reviewActive: 'wfv_board_memo_v1',
	failingActive: 'wfv_broken_extraction_v1',
	draftOnlyDraft: 'wfv_draft_only_v1',
	archivedOnlyArchived: 'wfv_archived_only_v1',
	globexActive: 'wfv_globex_intake_v1',
} as const;

/** Step ids of the active versions, for tests that follow runs or download rendered files. */
export const STEP_IDS = {
	agentSummary: {
		entry: 'stp_summary_entry',
		agent: 'stp_summary_analyse',
		render: 'stp_summary_render',
	},
	inputNda: { entry: 'stp_nda_input', agent: 'stp_nda_draft', render: 'stp_nda_render' },
	multiDocs: { entry: 'stp_dd_input', agent: 'stp_dd_review_docs', render: 'stp_dd_render' },
	review: {
		entry: 'stp_memo_entry',
		agent: 'stp_memo_draft',
		review: 'stp_memo_review',
		render: 'stp_memo_render',
	},
	failing: { entry: 'stp_broken_entry', failing: 'stp_broken_extract' },
} as const;

export const AGENT_IDS = {
	summariser: 'agt_summariser',
	drafter: 'agt_nda_drafter',
	diligence: 'agt_diligence',
	memo: 'agt_memo_writer',
	extractor: 'agt_extractor',
	intake: 'agt_globex_intake',
} as const;
