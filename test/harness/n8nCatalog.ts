/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The node catalog n8n's AI Workflow Builder and MCP server search, built as n8n 2.41 builds it, from the n8n the
// e2e host installs (`npm run e2e:host`): n8n's own node packages through its LazyPackageDirectoryLoader (the
// descriptions n8n ships, codex included), this package from the project root through PackageDirectoryLoader (the
// codex files merged in, as for an installed community package), every node named `<package>.<node>`
// (LoadNodesAndCredentials.postProcessLoaders), the AI-tool and human-in-the-loop variants n8n derives
// (tool-generation: createAiTools, createHitlTools), then indexed by @n8n/ai-utilities' NodeTypeParser, the class
// NodeCatalogService uses.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeTypeDescription } from 'n8n-workflow';

import { HOST_DIR, REPO_DIR } from '../../e2e/lib/host';

const HOST_MODULES = join(HOST_DIR, 'node_modules');
export const PACKAGE_NAME = 'n8n-nodes-drafting-workspace';
/** n8n's own node packages (@n8n/constants' BUILTIN_NODES_PACKAGES), in the order n8n loads them. */
const BUILTIN_PACKAGES = ['n8n-nodes-base', '@n8n/n8n-nodes-langchain'];
/** What n8n 2.41 leaves out by default: NodesConfig's `exclude`, the e2e test node, the dynamic-credential check. */
const EXCLUDED = [
	'n8n-nodes-base.executeCommand',
	'n8n-nodes-base.localFileTrigger',
	'n8n-nodes-base.e2eTest',
	'n8n-nodes-base.dynamicCredentialCheck',
];

interface Loader {
	packageName: string;
	types: { nodes: INodeTypeDescription[] };
	known: { nodes: Record<string, object>; credentials: Record<string, object> };
	loadAll(): Promise<void>;
}
type LoaderClass = new (
	directory: string,
	excludeNodes?: string[],
	includeNodes?: string[],
) => Loader;
interface Known {
	nodes: Record<string, object>;
	credentials: Record<string, object>;
}

interface SearchResult {
	id: string;
	displayName: string;
}
export interface CatalogParser {
	searchNodeTypes(query: string, limit?: number): SearchResult[];
}

/** A module of the installed n8n, required from the host (never from the project's own node_modules). */
function fromHost<T>(path: string): T {
	const file = join(HOST_MODULES, path);
	if (!existsSync(file))
		throw new Error(`${path} comes from n8n itself: install it with npm run e2e:host`);
	return require(file) as T;
}

export interface N8nCatalog {
	descriptions: INodeTypeDescription[];
	parser: CatalogParser;
}

export async function loadN8nCatalog(): Promise<N8nCatalog> {
	fromHost('reflect-metadata/Reflect.js');
	const core = fromHost<{
		LazyPackageDirectoryLoader: LoaderClass;
		PackageDirectoryLoader: LoaderClass;
	}>('n8n-core/dist/index.js');
	const tools = fromHost<{
		createAiTools(types: { nodes: INodeTypeDescription[] }, known: Known): void;
		createHitlTools(types: { nodes: INodeTypeDescription[] }, known: Known): void;
	}>('n8n/dist/tool-generation/index.js');
	const { NodeTypeParser } = fromHost<{
		NodeTypeParser: new (descriptions: INodeTypeDescription[]) => CatalogParser;
	}>('@n8n/ai-utilities/dist/cjs/node-catalog/index.js');
	const loaders: Loader[] = [];
	for (const name of BUILTIN_PACKAGES)
		loaders.push(new core.LazyPackageDirectoryLoader(join(HOST_MODULES, name), EXCLUDED, []));
	loaders.push(new core.PackageDirectoryLoader(REPO_DIR, EXCLUDED, []));
	const types = { nodes: [] as INodeTypeDescription[] };
	const known: Known = { nodes: {}, credentials: {} };
	for (const loader of loaders) {
		await loader.loadAll();
		types.nodes.push(
			...loader.types.nodes.map((description) => ({
				...description,
				name: `${loader.packageName}.${description.name}`,
			})),
		);
		for (const [type, entry] of Object.entries(loader.known.nodes))
			known.nodes[`${loader.packageName}.${type}`] = entry;
		Object.assign(known.credentials, loader.known.credentials);
	}
	tools.createAiTools(types, known);
	tools.createHitlTools(types, known);
	return { descriptions: types.nodes, parser: new NodeTypeParser(types.nodes) };
}

/** 1-based place of the package's first node among the catalog's answers to `query`, or undefined when none is listed. */
export function packageRank(
	parser: CatalogParser,
	query: string,
	limit: number,
): number | undefined {
	const index = parser
		.searchNodeTypes(query, limit)
		.findIndex((result) => result.id.startsWith(`${PACKAGE_NAME}.`));
	return index < 0 ? undefined : index + 1;
}
