/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import 'reflect-metadata';
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	StructuredChunk,
} from 'n8n-workflow';

import { HarnessCredentialsHelper } from './credentialsHelper';
import { installCapturingLogger, type CapturingLogger } from './logger';
import { CREDENTIAL_TYPE, loadPackage } from './package';
import type { CredentialFixture, WorkflowJson } from './workflows';

export {
	CREDENTIAL_TYPE,
	HarnessNodeTypes,
	NODE_TYPE,
	TOOL_NODE_TYPE,
	TRIGGER_TYPE,
	loadPackage,
	registerNodeTypes,
} from './package';
export {
	ACTION_NODE,
	actionWorkflow,
	byId,
	chainWorkflow,
	credentialFor,
	type ActionWorkflowOptions,
	type WorkflowJson,
} from './workflows';

/** Runs workflow JSON through n8n-core's WorkflowExecute with the package loaded from dist/ (package.ts), its workflows built by workflows.ts. */

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
export async function runWorkflow(
	workflowJson: WorkflowJson,
	options: RunOptions = {},
): Promise<HarnessRun> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const logger = installCapturingLogger();
	const store = new Map<string, { type: string; data: ICredentialDataDecryptedObject }>();
	for (const credential of options.credentials ?? []) {
		store.set(credential.id ?? 'cred-1', {
			type: credential.type ?? CREDENTIAL_TYPE,
			data: credential.data,
		});
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
	const additionalData = buildAdditionalData(
		new HarnessCredentialsHelper(credentialTypes, store),
		hooks,
		executionId,
		options.streaming,
	);

	const startNode = nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger') ?? nodes[0];
	const execution = new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode });
	const timer =
		options.cancelAfterMs === undefined
			? undefined
			: setTimeout(() => execution.cancel(), options.cancelAfterMs);
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
export function buildAdditionalDataForTest(
	credentialsHelper: HarnessCredentialsHelper,
): IWorkflowExecuteAdditionalData {
	const workflowData = {
		id: 'wf-harness',
		name: 'Harness',
		nodes: [],
		connections: {},
	} as unknown as IWorkflowBase;
	return buildAdditionalData(
		credentialsHelper,
		new ExecutionLifecycleHooks('internal', 'harness-internal', workflowData),
		'harness-internal',
	);
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
