// The end-to-end driver, for the tests and for scripts (e.g. a demo): ensure the host, pack the package,
// drive n8n in a user folder, read results and binaries back.
export { ensureHost, readHost, E2E_DIR, HOST_DIR, REPO_DIR, type N8nHost } from './host';
export { buildPackage, packPackage, packageTarball } from './pack';
export { N8n, CREDENTIAL_TYPE } from './n8n';
export type { CredentialRef, CredentialSpec, ExecuteResult, N8nOptions } from './n8n-types';
export {
	parseExecution,
	nodeItems,
	executionError,
	type BinaryRef,
	type ExecutionJson,
	type Item,
	type NodeError,
} from './results';
export {
	isManualWorkflow,
	loadWorkflow,
	renamed,
	useCredential,
	workflowNames,
	NODE_TYPE,
	TRIGGER_TYPE,
	WORKFLOWS_DIR,
	type WorkflowJson,
	type WorkflowNode,
} from './workflows';
export { freePort } from './processes';
export { waitUntil } from './waiting';
