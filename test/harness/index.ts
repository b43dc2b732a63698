/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import 'reflect-metadata';

import { ExecutionLifecycleHooks, PackageDirectoryLoader, WorkflowExecute } from 'n8n-core';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypeData,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	StructuredChunk,
} from 'n8n-workflow';
import { join } from 'node:path';

import { HarnessCredentialsHelper } from './credentialsHelper';
import { installCapturingLogger, type CapturingLogger } from './logger';
import { LargeFileNode, ManualTriggerStandIn, TestItemsNode } from './standInNodes';

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

/** Loads the built package from dist/ exactly as n8n loads a community package (package.json `n8n` field). */
/** Node types beyond the package's (benchmarks add n8n's own HTTP Request, Wait, If…); register before running. */
const extraNodeTypes: INodeTypeData = {};

export function registerNodeTypes(types: INodeTypeData): void {
	Object.assign(extraNodeTypes, types);
}

export async function loadPackage(): Promise<LoadedPackage> {
	loading ??= (async () => {
		installCapturingLogger();
		const loader = new PackageDirectoryLoader(PROJECT_ROOT);
		await loader.loadAll();
		// n8n's CLI names community nodes `<package>.<node>`; the loader keys them by node name alone.
		const packaged = Object.fromEntries(
			Object.entries(loader.nodeTypes).map(([name, entry]) => [`${loader.packageName}.${name}`, entry]),
		);
		const types: INodeTypeData = {
			...packaged,
			[TOOL_NODE_TYPE]: toolVariant(packaged[NODE_TYPE]),
			'n8n-nodes-base.manualTrigger': { type: new ManualTriggerStandIn(), sourcePath: '' },
			'test.testItems': { type: new TestItemsNode(), sourcePath: '' },
			'test.largeFile': { type: new LargeFileNode(), sourcePath: '' },
		};
		const credentialTypes: Record<string, ICredentialType> = {};
		for (const [name, entry] of Object.entries(loader.credentialTypes)) credentialTypes[name] = entry.type;
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
	const description = { ...base.description, name: `${base.description.name}Tool`, displayName: `${base.description.displayName} Tool` };
	return { type: Object.assign(Object.create(base) as INodeType, { description }), sourcePath: '' };
}

export interface CredentialFixture {
	id?: string;
	type?: string;
	data: ICredentialDataDecryptedObject;
}

export interface WorkflowJson {
	name?: string;
	nodes: Array<Partial<INode> & Pick<INode, 'name' | 'type' | 'parameters'>>;
	connections: IConnections;
	staticData?: IDataObject;
}

export interface RunOptions {
	credentials?: CredentialFixture[];
	/** Registers a sendChunk handler and sets `streamingEnabled`, like a streaming Webhook/Chat execution. */
	streaming?: boolean;
	/** Cancels the execution after this many ms (as the Stop button does). */
	cancelAfterMs?: number;
	/** Adds handlers to the execution's lifecycle hooks (benchmarks time and measure single nodes this way). */
	configureHooks?: (hooks: ExecutionLifecycleHooks) => void;
}

export interface HarnessRun {
	run: IRun;
	status: IRun['status'];
	/** The error that stopped the execution, if any (as n8n stores it). */
	error?: IDataObject;
	chunks: StructuredChunk[];
	logger: CapturingLogger;
	/** Items of `nodeName`'s output `outputIndex` (main), for its first run. */
	output(nodeName: string, outputIndex?: number): INodeExecutionData[];
	/** The error a node threw (continue-on-fail off), as stored in its task data. */
	nodeError(nodeName: string): IDataObject | undefined;
}

let executionCounter = 0;

/** Runs a workflow JSON through n8n-core's WorkflowExecute with the real node and credential classes. */
export async function runWorkflow(workflowJson: WorkflowJson, options: RunOptions = {}): Promise<HarnessRun> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const logger = installCapturingLogger();
	const store = new Map<string, { type: string; data: ICredentialDataDecryptedObject }>();
	for (const credential of options.credentials ?? []) {
		store.set(credential.id ?? 'cred-1', { type: credential.type ?? CREDENTIAL_TYPE, data: credential.data });
	}
	const nodes: INode[] = workflowJson.nodes.map((node, index) => ({
		id: node.id ?? `node-${index}`,
		typeVersion: 1,
		position: [index * 200, 0],
		...node,
	}));
	const workflowData: IWorkflowBase = {
		id: 'wf-harness',
		name: workflowJson.name ?? 'Harness workflow',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes,
		connections: workflowJson.connections,
		settings: { executionOrder: 'v1' },
		staticData: workflowJson.staticData,
	} as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes,
		connections: workflowJson.connections,
		active: false,
		nodeTypes,
		staticData: workflowJson.staticData,
		settings: workflowData.settings,
	});

	const executionId = `harness-${++executionCounter}`;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, workflowData);
	const chunks: StructuredChunk[] = [];
	if (options.streaming) hooks.addHandler('sendChunk', (chunk) => void chunks.push(chunk));
	options.configureHooks?.(hooks);
	const additionalData = buildAdditionalData(new HarnessCredentialsHelper(credentialTypes, store), hooks, executionId, options.streaming);

	const startNode = nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger') ?? nodes[0];
	const execution = new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode });
	const timer = options.cancelAfterMs === undefined ? undefined : setTimeout(() => execution.cancel(), options.cancelAfterMs);
	let run: IRun;
	try {
		run = await execution;
	} finally {
		if (timer) clearTimeout(timer);
	}
	const runData = run.data.resultData.runData;
	return {
		run,
		status: run.status,
		error: run.data.resultData.error as IDataObject | undefined,
		chunks,
		logger,
		output(nodeName, outputIndex = 0) {
			return runData[nodeName]?.[0]?.data?.main?.[outputIndex] ?? [];
		},
		nodeError(nodeName) {
			return runData[nodeName]?.[0]?.error as IDataObject | undefined;
		},
	};
}

/** Additional data for contexts built outside an execution (credential tests, poll contexts). */
export function buildAdditionalDataForTest(credentialsHelper: HarnessCredentialsHelper): IWorkflowExecuteAdditionalData {
	const workflowData = { id: 'wf-harness', name: 'Harness', nodes: [], connections: {} } as unknown as IWorkflowBase;
	return buildAdditionalData(credentialsHelper, new ExecutionLifecycleHooks('internal', 'harness-internal', workflowData), 'harness-internal');
}

function buildAdditionalData(
	credentialsHelper: HarnessCredentialsHelper,
	hooks: ExecutionLifecycleHooks,
	executionId: string,
	streaming?: boolean,
): IWorkflowExecuteAdditionalData {
	const notAvailable = async (): Promise<never> => {
		throw new Error('Not available in the harness');
	};
	return {
		credentialsHelper,
		hooks,
		executionId,
		streamingEnabled: streaming === true,
		executeWorkflow: notAvailable,
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		startRunnerTask: notAvailable,
		logAiEvent: () => {},
		currentNodeExecutionIndex: 0,
		variables: {},
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface ActionWorkflowOptions {
	/** Items fed to the node (each `{ json, binary? }`); default: the Manual Trigger's one empty item. */
	items?: Array<{ json?: IDataObject; binary?: Record<string, { base64: string; fileName?: string; mimeType?: string }> }>;
	onError?: INode['onError'];
	credentialId?: string;
	/** The node type to run (default: the action node; TOOL_NODE_TYPE for its AI-tool variant). */
	nodeType?: string;
	/** The action node's version (default 1, what the workflows of the tests were written for). */
	typeVersion?: number;
}

export const ACTION_NODE = 'Drafting Workspace';

/** Manual Trigger → (Test Items) → Drafting Workspace with the given parameters. */
export function actionWorkflow(parameters: INode['parameters'], options: ActionWorkflowOptions = {}): WorkflowJson {
	const nodes: WorkflowJson['nodes'] = [{ name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', parameters: {} }];
	const connections: IConnections = {};
	let previous = 'Manual Trigger';
	if (options.items) {
		nodes.push({ name: 'Items', type: 'test.testItems', parameters: { items: JSON.stringify(options.items) } });
		connections[previous] = { main: [[{ node: 'Items', type: 'main', index: 0 }]] };
		previous = 'Items';
	}
	nodes.push({
		name: ACTION_NODE,
		type: options.nodeType ?? NODE_TYPE,
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: options.credentialId ?? 'cred-1', name: 'Drafting Workspace account' } },
		...(options.onError ? { onError: options.onError } : {}),
		...(options.typeVersion ? { typeVersion: options.typeVersion } : {}),
	});
	connections[previous] = { main: [[{ node: ACTION_NODE, type: 'main', index: 0 }]] };
	return { nodes, connections };
}

/** Manual Trigger → (Test Items) → one Drafting Workspace node per parameter set, chained ("Drafting Workspace", "… 2", …). */
export function chainWorkflow(steps: INode['parameters'][], options: ActionWorkflowOptions = {}): WorkflowJson {
	const workflow = actionWorkflow(steps[0], options);
	let previous = ACTION_NODE;
	steps.slice(1).forEach((parameters, index) => {
		const name = `${ACTION_NODE} ${index + 2}`;
		workflow.nodes.push({
			name,
			type: NODE_TYPE,
			parameters,
			credentials: { [CREDENTIAL_TYPE]: { id: options.credentialId ?? 'cred-1', name: 'Drafting Workspace account' } },
			...(options.onError ? { onError: options.onError } : {}),
			// Every node of the chain at the same version (issue 26: version 1 and 2 side by side).
			...(options.typeVersion ? { typeVersion: options.typeVersion } : {}),
		});
		workflow.connections[previous] = { main: [[{ node: name, type: 'main', index: 0 }]] };
		previous = name;
	});
	return workflow;
}

/** One credential fixture for the simulator and a key. */
export function credentialFor(baseUrl: string, apiKey: string, id = 'cred-1'): CredentialFixture {
	return { id, data: { baseUrl, apiKey } };
}
