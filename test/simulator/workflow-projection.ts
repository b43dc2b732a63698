/**
 * Public projections of workflows. Fields are copied one by one (never spread) so simulation
 * hints on steps (durations, deltas, failures, render settings) can never leak into responses.
 */
import type { VisibleWorkflow } from './workflow-visibility';
import type { JsonSchema, StepKind } from './types';

/** Contract, Resources: Workflow summary, plus one housekeeping field (`tags`). */
export interface WorkflowSummary {
	id: string;
	name: string;
	description: string;
	hasActive: boolean;
	activeVersionId: string;
	stepCount: number;
	createdAt: string;
	updatedAt: string;
	/** Housekeeping field ("further housekeeping fields: not shown"): clients must tolerate extras. */
	tags: string[];
}

interface WorkflowStepView {
	id: string;
	index: number;
	name: string;
	kind: StepKind;
	agentId?: string;
}

export interface WorkflowDetail extends WorkflowSummary {
	steps: WorkflowStepView[];
	agents: { id: string; name: string }[];
	/** JSON Schema 2020-12 of the run input for `kind: input` entries; null for `kind: agent` entries. */
	inputSchema: JsonSchema | null;
}

export function toWorkflowSummary({ workflow, version }: VisibleWorkflow): WorkflowSummary {
	return {
		id: workflow.id,
		name: workflow.name,
		description: workflow.description,
		hasActive: true,
		activeVersionId: version.id,
		stepCount: version.steps.length,
		createdAt: workflow.createdAt,
		updatedAt: workflow.updatedAt,
		tags: [...workflow.tags],
	};
}

export function toWorkflowDetail(visible: VisibleWorkflow): WorkflowDetail {
	const { version } = visible;
	return {
		...toWorkflowSummary(visible),
		steps: version.steps.map((step, index) => {
			const view: WorkflowStepView = { id: step.id, index, name: step.name, kind: step.kind };
			if (step.agentId !== undefined) view.agentId = step.agentId;
			return view;
		}),
		agents: version.agents.map((agent) => ({ id: agent.id, name: agent.name })),
		inputSchema: version.inputSchema === null ? null : structuredClone(version.inputSchema),
	};
}
