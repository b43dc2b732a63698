/** Builds the stored record of a new run from the workflow's active version (started, seeded or fixture). */
import type { WorkflowRecord, WorkflowVersion } from '../types';
import type { RunsStore } from './store';
import type { InputDocumentRef, KnowledgeBaseRef, RunInitiator, RunState } from './types';

export interface NewRun {
	runId: string;
	workspaceId: string;
	workflow: WorkflowRecord;
	version: WorkflowVersion;
	keyId: string | null;
	initiator: RunInitiator;
	input: unknown;
	startedAt: string;
	inputDocuments?: InputDocumentRef[];
	knowledgeBaseCoverage?: KnowledgeBaseRef[];
	/** false for seeded and fixture runs: the engine never plays them. */
	played: boolean;
}

export function createRun(store: RunsStore, spec: NewRun): RunState {
	const run: RunState = {
		runId: spec.runId,
		seq: store.nextSeq(),
		workspaceId: spec.workspaceId,
		workflowId: spec.workflow.id,
		workflowName: spec.workflow.name,
		workflowVersionId: spec.version.id,
		keyId: spec.keyId,
		initiator: spec.initiator,
		input: spec.input,
		// The contract's "initially Pending"; the queue is the condition that goes with it.
		status: 'Pending',
		condition: 'queued',
		startedAt: spec.startedAt,
		runningAt: null,
		updatedAt: spec.startedAt,
		completedAt: null,
		tokens: { input: 0, output: 0 },
		steps: spec.version.steps.map((definition, index) => ({
			definition,
			stepId: definition.id,
			index,
			name: definition.name,
			kind: definition.kind,
			status: 'pending',
			startedAt: null,
			completedAt: null,
			output: null,
		})),
		inputDocuments: spec.inputDocuments ?? [],
		knowledgeBaseCoverage: spec.knowledgeBaseCoverage ?? [],
		error: null,
		cancelRequested: false,
		played: spec.played,
	};
	store.add(run);
	return run;
}
