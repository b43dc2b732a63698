import type {
	ICredentialDataDecryptedObject,
	IConnections,
	IDataObject,
	INode,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, NODE_TYPE } from './package';

/** The workflow JSON the harness runs: the action node alone or chained behind a Manual Trigger (and items), and its credential. */

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

export interface ActionWorkflowOptions {
	/** Items fed to the node (each `{ json, binary? }`); default: the Manual Trigger's one empty item. */
	items?: Array<{
		json?: IDataObject;
		binary?: Record<string, { base64: string; fileName?: string; mimeType?: string }>;
	}>;
	onError?: INode['onError'];
	credentialId?: string;
	/** The node type to run (default: the action node; TOOL_NODE_TYPE for its AI-tool variant). */
	nodeType?: string;
	/** The action node's version (default 1, what the workflows of the tests were written for). */
	typeVersion?: number;
}

export const ACTION_NODE = 'Drafting Workspace';

/** A resource locator's value given by ID, as the editor saves it (`{{ … }}` expressions included). */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** Manual Trigger → (Test Items) → Drafting Workspace with the given parameters. */
export function actionWorkflow(
	parameters: INode['parameters'],
	options: ActionWorkflowOptions = {},
): WorkflowJson {
	const nodes: WorkflowJson['nodes'] = [
		{ name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', parameters: {} },
	];
	const connections: IConnections = {};
	let previous = 'Manual Trigger';
	if (options.items) {
		nodes.push({
			name: 'Items',
			type: 'test.testItems',
			parameters: { items: JSON.stringify(options.items) },
		});
		connections[previous] = { main: [[{ node: 'Items', type: 'main', index: 0 }]] };
		previous = 'Items';
	}
	nodes.push({
		name: ACTION_NODE,
		type: options.nodeType ?? NODE_TYPE,
		parameters,
		credentials: {
			[CREDENTIAL_TYPE]: {
				id: options.credentialId ?? 'cred-1',
				name: 'Drafting Workspace account',
			},
		},
		...(options.onError ? { onError: options.onError } : {}),
		...(options.typeVersion ? { typeVersion: options.typeVersion } : {}),
	});
	connections[previous] = { main: [[{ node: ACTION_NODE, type: 'main', index: 0 }]] };
	return { nodes, connections };
}

/** Manual Trigger → (Test Items) → one Drafting Workspace node per parameter set, chained ("Drafting Workspace", "… 2", …). */
export function chainWorkflow(
	steps: INode['parameters'][],
	options: ActionWorkflowOptions = {},
): WorkflowJson {
	const workflow = actionWorkflow(steps[0], options);
	let previous = ACTION_NODE;
	steps.slice(1).forEach((parameters, index) => {
		const name = `${ACTION_NODE} ${index + 2}`;
		workflow.nodes.push({
			name,
			type: NODE_TYPE,
			parameters,
			credentials: {
				[CREDENTIAL_TYPE]: {
					id: options.credentialId ?? 'cred-1',
					name: 'Drafting Workspace account',
				},
			},
			...(options.onError ? { onError: options.onError } : {}),
			// Every node of the chain at the same version as the first.
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
