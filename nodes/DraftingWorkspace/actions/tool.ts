import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Whether the node runs as an AI Agent's tool. n8n names the tool variant of a `usableAsTool` node after it with
 * `Tool` appended (`draftingWorkspaceTool`), and that is the one sign present on both paths n8n 2.41 runs a tool
 * by: the AI Agent v3 has the workflow engine execute the node (an ordinary execute context, whose
 * `isToolExecution()` says false), older agents call it inside the agent (a supply-data context, where it says
 * true). Both are checked.
 */
export function runsAsTool(this: IExecuteFunctions): boolean {
	if (this.getNode().type.endsWith('Tool')) return true;
	return typeof this.isToolExecution === 'function' && this.isToolExecution();
}
