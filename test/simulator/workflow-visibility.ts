/**
 * Which workflows a key may see (contract, What the service does 7): same tenant, with an active
 * version, narrowed by the key's allowlist. Drafts and archived versions never surface.
 * Shared by the workflow routes and (later) the run routes.
 */
import type { AuthContext } from './auth';
import { HttpError } from './responses';
import type { SimulatorState } from './state';
import type { ApiKeyRecord, WorkflowRecord, WorkflowVersion } from './types';

export interface VisibleWorkflow {
	workflow: WorkflowRecord;
	version: WorkflowVersion;
}

export function activeVersion(workflow: WorkflowRecord): WorkflowVersion | undefined {
	return workflow.versions.find((version) => version.status === 'active');
}

export function isOnAllowlist(key: ApiKeyRecord, workflowId: string): boolean {
	return key.allowlist === null || key.allowlist.includes(workflowId);
}

/** The tenant's workflow with an active version, ignoring the allowlist; undefined if invisible. */
export function findTenantWorkflow(
	state: SimulatorState,
	auth: AuthContext,
	workflowId: string,
): VisibleWorkflow | undefined {
	const workflow = state.workflows.get(workflowId);
	if (!workflow || workflow.workspaceId !== auth.workspace.id) return undefined;
	const version = activeVersion(workflow);
	return version ? { workflow, version } : undefined;
}

/** The list a key sees: tenant workflows with an active version, narrowed to its allowlist. */
export function listVisibleWorkflows(state: SimulatorState, auth: AuthContext): VisibleWorkflow[] {
	const visible: VisibleWorkflow[] = [];
	for (const workflow of state.workflows.values()) {
		const found = findTenantWorkflow(state, auth, workflow.id);
		if (found && isOnAllowlist(auth.key, workflow.id)) visible.push(found);
	}
	return visible.sort((a, b) => a.workflow.name.localeCompare(b.workflow.name));
}

function workflowNotFound(workflowId: string): HttpError {
	// Same answer for unknown, draft-only, archived-only and other-tenant ids: nothing leaks.
	return new HttpError(404, 'not_found', `Workflow ${workflowId} was not found.`);
}

function workflowNotInAllowlist(workflowId: string): HttpError {
	return new HttpError(
		403,
		'workflow_not_in_allowlist',
		`Workflow ${workflowId} is not on this API key's allowlist. Add it to the key's allowlist in the workspace, or use another key.`,
	);
}

/**
 * A workflow the key may act on, or the refusal to throw: 404 when invisible, 403 when visible but
 * outside the allowlist (visibility is checked first so the 403 never confirms a hidden id).
 */
export function requireAllowedWorkflow(
	state: SimulatorState,
	auth: AuthContext,
	workflowId: string,
): VisibleWorkflow {
	const found = findTenantWorkflow(state, auth, workflowId);
	if (!found) throw workflowNotFound(workflowId);
	if (!isOnAllowlist(auth.key, workflowId)) throw workflowNotInAllowlist(workflowId);
	return found;
}
