/**
 * Node type names as n8n registers them (`<package>.<node>` for a community package), for the AI Workflow Builder's
 * related nodes (`builderHint.relatedNodes`). Literals, not n8n-workflow's constants: n8n 1.123 may lack some.
 * `test/unit/package/builderHints.test.ts` checks each against the loaded package and n8n-workflow's names.
 */
const PACKAGE = 'n8n-nodes-drafting-workspace';

export const NODE_TYPES = {
	action: `${PACKAGE}.draftingWorkspace`,
	trigger: `${PACKAGE}.draftingWorkspaceTrigger`,
	chatModel: `${PACKAGE}.lmChatDraftingWorkspace`,
	aiAgent: '@n8n/n8n-nodes-langchain.agent',
	basicLlmChain: '@n8n/n8n-nodes-langchain.chainLlm',
} as const;
