/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import 'reflect-metadata';

import { PackageDirectoryLoader } from 'n8n-core';
import { NodeHelpers } from 'n8n-workflow';
import type {
	ICredentialType,
	IDataObject,
	INodeType,
	INodeTypeData,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { join } from 'node:path';

import { installCapturingLogger } from './logger';
import { LargeFileNode, ManualTriggerStandIn, TestItemsNode } from './standInNodes';

/** The package's node and credential types, loaded from dist/ as n8n loads a community package, with the harness's stand-ins. */

const PACKAGE_NAME = 'n8n-nodes-drafting-workspace';
export const NODE_TYPE = `${PACKAGE_NAME}.draftingWorkspace`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.draftingWorkspaceTrigger`;
/** The action node's AI-tool variant, named as n8n's CLI names it (`usableAsTool`: the node's name + `Tool`). */
export const TOOL_NODE_TYPE = `${NODE_TYPE}Tool`;
export const CREDENTIAL_TYPE = 'draftingWorkspaceApi';
const PROJECT_ROOT = join(__dirname, '..', '..');

export interface LoadedPackage {
	nodeTypes: HarnessNodeTypes;
	credentialTypes: Record<string, ICredentialType>;
	loader: PackageDirectoryLoader;
}

export class HarnessNodeTypes implements INodeTypes {
	constructor(private readonly types: INodeTypeData) {}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const entry = this.types[nodeType] ?? extraNodeTypes[nodeType];
		if (!entry) throw new Error(`Unknown node type ${nodeType}`);
		return entry.type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

let loading: Promise<LoadedPackage> | undefined;

/** Node types beyond the package's (benchmarks add n8n's own HTTP Request, Wait, If…); register before running. */
const extraNodeTypes: INodeTypeData = {};

export function registerNodeTypes(types: INodeTypeData): void {
	Object.assign(extraNodeTypes, types);
}

/** Loads the built package from dist/ exactly as n8n loads a community package (package.json `n8n` field). */
export async function loadPackage(): Promise<LoadedPackage> {
	loading ??= (async () => {
		installCapturingLogger();
		const loader = new PackageDirectoryLoader(PROJECT_ROOT);
		await loader.loadAll();
		// n8n's CLI names community nodes `<package>.<node>`; the loader keys them by node name alone.
		const packaged = Object.fromEntries(
			Object.entries(loader.nodeTypes).map(([name, entry]) => [
				`${loader.packageName}.${name}`,
				entry,
			]),
		);
		const types: INodeTypeData = {
			...packaged,
			[TOOL_NODE_TYPE]: toolVariant(packaged[NODE_TYPE]),
			'n8n-nodes-base.manualTrigger': { type: new ManualTriggerStandIn(), sourcePath: '' },
			'test.testItems': { type: new TestItemsNode(), sourcePath: '' },
			'test.largeFile': { type: new LargeFileNode(), sourcePath: '' },
		};
		const credentialTypes: Record<string, ICredentialType> = {};
		for (const [name, entry] of Object.entries(loader.credentialTypes))
			credentialTypes[name] = entry.type;
		return { nodeTypes: new HarnessNodeTypes(types), credentialTypes, loader };
	})();
	return await loading;
}

/**
 * The tool variant as n8n's CLI derives it (n8n/dist/node-types.js → tool-generation/ai-tools.js): same class,
 * description named `<name>Tool`, so n8n's `@tool` display conditions pick the tool's defaults. Unlike the CLI's
 * it keeps its main input and output, so a plain workflow runs it: the AI Agent v3 has the engine execute a tool
 * node the same way (an ordinary execute context, the agent's item merged with the tool call's arguments).
 */
function toolVariant(entry: INodeTypeData[string]): INodeTypeData[string] {
	const base = entry.type as INodeType;
	const description = {
		...base.description,
		name: `${base.description.name}Tool`,
		displayName: `${base.description.displayName} Tool`,
	};
	return { type: Object.assign(Object.create(base) as INodeType, { description }), sourcePath: '' };
}
