/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The workflow JSON files under e2e/workflows/: real n8n exports (Manual Trigger or the package's trigger
// as start node, node types `n8n-nodes-drafting-workspace.*`). Their credential references are
// placeholders; `useCredential` points them at a credential imported into the user folder.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import { E2E_DIR } from './host';
import type { CredentialRef } from './n8n-types';

export const WORKFLOWS_DIR = join(E2E_DIR, 'workflows');
export const NODE_TYPE = 'n8n-nodes-drafting-workspace.draftingWorkspace';
export const TRIGGER_TYPE = 'n8n-nodes-drafting-workspace.draftingWorkspaceTrigger';
const CHAT_MODEL_TYPE = 'n8n-nodes-drafting-workspace.lmChatDraftingWorkspace';
/** The action node's AI-tool variant (n8n derives it from `usableAsTool`: the name + `Tool`). */
const TOOL_NODE_TYPE = `${NODE_TYPE}Tool`;

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	[key: string]: unknown;
}

export interface WorkflowJson {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
	[key: string]: unknown;
}

/** The names of the workflow files (without `.json`), sorted. */
export function workflowNames(): string[] {
	return readdirSync(WORKFLOWS_DIR)
		.filter((file) => file.endsWith('.json'))
		.map((file) => basename(file, '.json'))
		.sort();
}

/** A fresh copy of e2e/workflows/<name>.json. */
export function loadWorkflow(name: string): WorkflowJson {
	return JSON.parse(readFileSync(join(WORKFLOWS_DIR, `${name}.json`), 'utf8')) as WorkflowJson;
}

/** A copy whose Drafting Workspace nodes (all, or the named ones) use `credential`. */
export function useCredential(
	workflow: WorkflowJson,
	credential: CredentialRef,
	nodeNames?: string[],
): WorkflowJson {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowJson;
	for (const node of copy.nodes) {
		if (![NODE_TYPE, TOOL_NODE_TYPE, TRIGGER_TYPE, CHAT_MODEL_TYPE].includes(node.type)) continue;
		if (nodeNames && !nodeNames.includes(node.name)) continue;
		node.credentials = {
			...node.credentials,
			draftingWorkspaceApi: { id: credential.id, name: credential.name },
		};
	}
	return copy;
}

/** A copy under another id and name (to import one file twice, e.g. with another credential). */
export function renamed(
	workflow: WorkflowJson,
	id: string,
	name = `${workflow.name} (${id})`,
): WorkflowJson {
	return { ...JSON.parse(JSON.stringify(workflow)), id, name } as WorkflowJson;
}

/** Whether `n8n execute` can run the workflow: it needs a Manual Trigger (or Execute Workflow Trigger) start node. */
export function isManualWorkflow(workflow: WorkflowJson): boolean {
	return workflow.nodes.some((node) =>
		['n8n-nodes-base.manualTrigger', 'n8n-nodes-base.executeWorkflowTrigger'].includes(node.type),
	);
}
