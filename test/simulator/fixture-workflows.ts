/**
 * The fixture workflows of ws_acme and ws_globex. Ids are exported through FIXTURE_IDS (fixtures.ts);
 * this file owns their definitions, including the simulation hints a later run engine plays.
 */
import type { AgentDefinition, JsonSchema, StepDefinition, WorkflowRecord, WorkflowVersion } from './types';

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
  agentSummary: { entry: 'stp_summary_entry', agent: 'stp_summary_analyse', render: 'stp_summary_render' },
  inputNda: { entry: 'stp_nda_input', agent: 'stp_nda_draft', render: 'stp_nda_render' },
  multiDocs: { entry: 'stp_dd_input', agent: 'stp_dd_review_docs', render: 'stp_dd_render' },
  review: { entry: 'stp_memo_entry', agent: 'stp_memo_draft', review: 'stp_memo_review', render: 'stp_memo_render' },
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

const AGENTS: Record<keyof typeof AGENT_IDS, AgentDefinition> = {
  summariser: { id: AGENT_IDS.summariser, name: 'Contract summariser' },
  drafter: { id: AGENT_IDS.drafter, name: 'NDA drafter' },
  diligence: { id: AGENT_IDS.diligence, name: 'Due diligence reviewer' },
  memo: { id: AGENT_IDS.memo, name: 'Board memo writer' },
  extractor: { id: AGENT_IDS.extractor, name: 'Clause extractor' },
  intake: { id: AGENT_IDS.intake, name: 'Globex intake' },
};

function agentStep(id: string, name: string, agent: AgentDefinition, deltas: string[], durationMs = 300): StepDefinition {
  return { id, name, kind: 'agent', agentId: agent.id, simulate: { durationMs, deltas } };
}

function inputStep(id: string, name: string): StepDefinition {
  return { id, name, kind: 'input', simulate: { durationMs: 20, deltas: [] } };
}

function renderStep(id: string, name: string, format: 'pdf' | 'docx', filename: string): StepDefinition {
  return { id, name, kind: 'render', render: { format, filename }, simulate: { durationMs: 100, deltas: [] } };
}

/** A document field: the contract's `format: document`, an object carrying both ids. */
const DOCUMENT_REFERENCE: JsonSchema = {
  type: 'object',
  format: 'document',
  properties: {
    documentId: { type: 'string', minLength: 1 },
    documentVersionId: { type: 'string', minLength: 1 },
  },
  required: ['documentId', 'documentVersionId'],
  additionalProperties: false,
};

export const NDA_INPUT_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    counterparty: { type: 'string', title: 'Counterparty', minLength: 1 },
    effective_date: { type: 'string', format: 'date', title: 'Effective date' },
    term_months: { type: 'integer', title: 'Term (months)', minimum: 1, maximum: 120 },
    governing_law: { type: 'string', title: 'Governing law', enum: ['England and Wales', 'New York', 'Delaware'] },
    include_non_solicit: { type: 'boolean', title: 'Include non-solicitation clause' },
    source_document: { ...DOCUMENT_REFERENCE, title: 'Source document' },
  },
  required: ['counterparty', 'effective_date'],
  additionalProperties: false,
};

export const DUE_DILIGENCE_INPUT_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    documents: { type: 'array', title: 'Documents', minItems: 1, items: DOCUMENT_REFERENCE },
    notes: { type: 'string', title: 'Notes' },
  },
  required: ['documents'],
  additionalProperties: false,
};

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
export function buildFixtureWorkflows(workspaceIds: { acme: string; globex: string }): WorkflowRecord[] {
  const s = STEP_IDS;
  const summarySteps = [
    agentStep(s.agentSummary.entry, 'Read the contract', AGENTS.summariser, ['Reading the contract. ', 'Found 14 clauses. ']),
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
        version(VERSION_IDS.agentSummaryArchived, 'archived', '2025-01-10T09:00:00.000Z', summarySteps.slice(0, 2), [AGENTS.summariser]),
        version(VERSION_IDS.agentSummaryActive, 'active', '2025-02-01T10:00:00.000Z', summarySteps, [AGENTS.summariser]),
        version(
          VERSION_IDS.agentSummaryDraft,
          'draft',
          '2025-03-02T16:30:00.000Z',
          [...summarySteps, renderStep('stp_summary_render_docx', 'Render summary DOCX', 'docx', 'contract-summary.docx')],
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
            agentStep(s.inputNda.agent, 'Draft the NDA', AGENTS.drafter, ['Drafting clause 1. ', 'Drafting clause 2. ', 'Done.']),
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
            agentStep(s.multiDocs.agent, 'Review the documents', AGENTS.diligence, ['Reviewing documents. ', 'No red flags found.']),
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
      description: 'Drafts a board memo, waits for a reviewer to approve it in the workspace, then renders a PDF.',
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
            agentStep(s.review.agent, 'Draft the memo', AGENTS.memo, ['Memo draft: ', 'quarterly results and outlook.']),
            { id: s.review.review, name: 'Partner review', kind: 'review', simulate: { durationMs: 0, deltas: [] } },
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
                fail: { code: 'step_failed', message: 'The clause extractor could not parse the document.' },
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
        version(VERSION_IDS.draftOnlyDraft, 'draft', '2025-02-10T08:00:00.000Z', [
          agentStep('stp_lease_entry', 'Read the lease', AGENTS.summariser, ['Reading. ']),
        ], [AGENTS.summariser]),
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
        version(VERSION_IDS.archivedOnlyArchived, 'archived', '2024-06-01T08:00:00.000Z', [
          agentStep('stp_engagement_entry', 'Draft the letter', AGENTS.drafter, ['Drafting. ']),
        ], [AGENTS.drafter]),
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
        version(VERSION_IDS.globexActive, 'active', '2025-01-05T08:00:00.000Z', [
          agentStep('stp_globex_entry', 'Intake', AGENTS.intake, ['Intake done.']),
          renderStep('stp_globex_render', 'Render intake PDF', 'pdf', 'intake.pdf'),
        ], [AGENTS.intake]),
      ],
    },
  ];
}
