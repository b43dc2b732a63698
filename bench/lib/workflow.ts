import type { IConnections, IDataObject } from 'n8n-workflow';

import { CREDENTIAL_TYPE, NODE_TYPE, type WorkflowJson } from '../../test/harness';

/** Shorthand for the benchmark workflows: nodes in order, with explicit extra connections for loops. */
export type BenchNode = WorkflowJson['nodes'][number];

export const CREDENTIALS = { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Drafting Workspace' } };

export function manualTrigger(): BenchNode {
	return { name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', parameters: {} };
}

/**
 * This package's action node as a user adds it today (Batch Processing at its default, Auto), unless a scenario
 * sets Batch Processing.
 */
export function ours(name: string, parameters: IDataObject): BenchNode {
	return {
		name,
		type: NODE_TYPE,
		parameters: parameters as BenchNode['parameters'],
		credentials: CREDENTIALS,
		typeVersion: 1,
	};
}

/** HTTP Request 4.2 with the package's credential as a predefined credential type (as a user would pick it). */
export function httpRequest(name: string, parameters: IDataObject): BenchNode {
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			authentication: 'predefinedCredentialType',
			nodeCredentialType: CREDENTIAL_TYPE,
			options: {},
			...parameters,
		} as BenchNode['parameters'],
		credentials: CREDENTIALS,
	};
}

export type Edge = [from: string, to: string, outputIndex?: number];

/** Connections from edges; `outputIndex` picks an If node's true (0) or false (1) branch. */
export function connect(edges: Edge[]): IConnections {
	const connections: IConnections = {};
	for (const [from, to, outputIndex = 0] of edges) {
		const main = (connections[from] ??= { main: [] }).main;
		while (main.length <= outputIndex) main.push([]);
		(main[outputIndex] ??= []).push({ node: to, type: 'main', index: 0 });
	}
	return connections;
}
