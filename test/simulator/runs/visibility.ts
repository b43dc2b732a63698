/**
 * Which runs a key sees (contract, What the service does 7): runs of its own tenant, started
 * through the API (never by a person in the workspace, whichever key), narrowed by its allowlist.
 * Everything else answers exactly like an unknown id: 404 not_found.
 */
import type { AuthContext } from '../auth';
import { HttpError } from '../responses';
import { isOnAllowlist } from '../workflow-visibility';
import type { RunsStore } from './store';
import type { RunState } from './types';

export function isRunVisible(run: RunState, auth: AuthContext): boolean {
	return (
		run.workspaceId === auth.workspace.id &&
		run.initiator.type === 'api' &&
		isOnAllowlist(auth.key, run.workflowId)
	);
}

function runNotFound(runId: string): HttpError {
	return new HttpError(404, 'not_found', `Run ${runId} was not found.`);
}

export function requireVisibleRun(store: RunsStore, auth: AuthContext, runId: string): RunState {
	const run = store.runs.get(runId);
	if (!run || !isRunVisible(run, auth)) throw runNotFound(runId);
	return run;
}
