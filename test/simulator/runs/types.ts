/**
 * Run records as the simulator keeps them (RunState) and as the API shows them (RunRecord).
 * The contract names statuses, conditions, `renderedArtifact.downloadPath` and the start response;
 * the other field names are the simulator's choice, documented in the README.
 */
import type { RenderFormat, StepDefinition, StepKind } from '../types';

export const RUN_STATUSES = ['Pending', 'Running', 'Completed', 'Failed', 'Cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** States and transitions: "The conditions paused, queued and stalled are also named as non-terminal." */
export type RunCondition = 'queued' | 'paused' | 'stalled';

export const TERMINAL_STATUSES: readonly RunStatus[] = ['Completed', 'Failed', 'Cancelled'];

export function isTerminal(status: RunStatus): boolean {
	return TERMINAL_STATUSES.includes(status);
}

export type StepStatus =
	| 'pending'
	| 'running'
	| 'awaiting_review'
	| 'completed'
	| 'failed'
	| 'cancelled';

export type RunInitiator =
	| { type: 'api'; userId: string; keyPrefix: string }
	| { type: 'user'; userId: string };

export interface RunError {
	code: string;
	message: string;
	stepId: string;
}

interface RenderedFile {
	format: RenderFormat;
	filename: string;
	contentType: string;
	/** null until rendered: seeded runs render on first read (see seed.ts). */
	bytes: Buffer | null;
	downloadPath: string;
}

/** What a step's stored state and its API view both carry. */
interface RunStepFields {
	stepId: string;
	index: number;
	name: string;
	kind: StepKind;
	status: StepStatus;
	startedAt: string | null;
	completedAt: string | null;
	output: string | null;
	error?: { code: string; message: string };
}

export interface RunStepState extends RunStepFields {
	definition: StepDefinition;
	artifact?: RenderedFile;
}

export interface InputDocumentRef {
	/** The input-schema field the reference was given in (e.g. 'documents'). */
	field: string;
	documentId: string;
	documentVersionId: string;
	filename: string;
}

export interface KnowledgeBaseRef {
	documentId: string;
	documentVersionId: string;
	filename: string;
}

/** What the simulator stores about a run. Never sent as is: see projection.ts. */
export interface RunState {
	runId: string;
	/** Creation order, to break ties of equal startedAt in the list. */
	seq: number;
	workspaceId: string;
	workflowId: string;
	workflowName: string;
	workflowVersionId: string;
	/** The starting key (null for person-started runs); cancel is allowed to that key only. */
	keyId: string | null;
	initiator: RunInitiator;
	input: unknown;
	status: RunStatus;
	condition: RunCondition | null;
	startedAt: string;
	/** When it left the queue (Pending -> Running); null while queued. */
	runningAt: string | null;
	updatedAt: string;
	completedAt: string | null;
	tokens: { input: number; output: number };
	steps: RunStepState[];
	inputDocuments: InputDocumentRef[];
	knowledgeBaseCoverage: KnowledgeBaseRef[];
	error: RunError | null;
	/** A cancel call reached a run in flight; the engine aborts shortly (cancel.ts). */
	cancelRequested: boolean;
	/** Seeded and fixture runs are not played by the engine. */
	played: boolean;
}

// ---- Public shapes ----------------------------------------------------------------------------

export interface RenderedArtifactView {
	format: RenderFormat;
	filename: string;
	contentType: string;
	sizeBytes: number | null;
	downloadPath: string;
}

export interface RunStepView extends RunStepFields {
	renderedArtifact?: RenderedArtifactView;
}

export interface RunRecord {
	runId: string;
	workflowId: string;
	workflowName: string;
	workflowVersionId: string;
	/** One of RUN_STATUSES, or the condition named as a status (simulator option statusNames 'conditions'). */
	status: string;
	condition: RunCondition | null;
	initiator: RunInitiator;
	input: unknown;
	startedAt: string;
	updatedAt: string;
	completedAt: string | null;
	timings: { queuedMs: number; runningMs: number; totalMs: number };
	tokens: { input: number; output: number; total: number };
	steps: RunStepView[];
	inputDocuments: InputDocumentRef[];
	knowledgeBaseCoverage: KnowledgeBaseRef[];
	error: RunError | null;
}

/** Items of GET /workflows/runs: `id`, not `runId` (the contract does not show list-item fields). */
export interface RunListItem {
	id: string;
	workflowId: string;
	workflowName: string;
	status: string;
	condition: RunCondition | null;
	startedAt: string;
	completedAt: string | null;
}
