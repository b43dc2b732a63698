import { ExecuteContext, RoutingNode } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ICredentialTestRequest,
	IDataObject,
	IExecuteData,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
	IRunExecutionData,
	ITaskDataConnections,
} from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	HarnessNodeTypes,
	loadPackage,
	buildAdditionalDataForTest,
} from './index';
import { HarnessCredentialsHelper } from './credentialsHelper';

/** lodash `get` for the dotted keys the rules use. */
function get(value: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>(
			(current, key) =>
				current && typeof current === 'object' ? (current as IDataObject)[key] : undefined,
			value,
		);
}

/**
 * Runs the credential's declarative `test` the way n8n's CLI does (CredentialsTester.testCredentials in
 * packages/cli): a temporary node whose only property routes the test request, executed by n8n-core's
 * RoutingNode with the credential applied, then the same reading of errors and rules. The steps below
 * follow that service line by line so the in-process result matches what the credential dialog shows.
 */
export async function testCredential(data: IDataObject): Promise<INodeCredentialTestResult> {
	const { credentialTypes } = await loadPackage();
	const credentialType = credentialTypes[CREDENTIAL_TYPE];
	const test = credentialType.test as ICredentialTestRequest;
	const node: INode = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: 'test.credentialTest',
		typeVersion: 1,
		position: [0, 0],
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-test', name: 'Under test' } },
	};
	const nodeType: INodeType = {
		description: {
			displayName: 'Credential test',
			name: 'test.credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		} as INodeType['description'],
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes({ 'test.credentialTest': { type: nodeType, sourcePath: '' } }),
	});
	const store = new Map([['cred-test', { type: CREDENTIAL_TYPE, data: data as never }]]);
	const additionalData = buildAdditionalDataForTest(
		new HarnessCredentialsHelper(credentialTypes, store),
	);
	const runExecutionData: IRunExecutionData = { resultData: { runData: {} } } as IRunExecutionData;
	const inputData: ITaskDataConnections = { main: [[{ json: {} }]] };
	const executeData: IExecuteData = { node, data: {}, source: null };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		runExecutionData,
		0,
		[],
		inputData,
		executeData,
		[],
	);
	const routingNode = new RoutingNode(context, nodeType, {
		id: 'cred-test',
		name: 'Under test',
		type: CREDENTIAL_TYPE,
		data: data as never,
	});

	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await routingNode.runNode();
	} catch (error) {
		const cause = (
			error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }
		).cause;
		if (cause?.response) {
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && cause.response.status === rule.properties.value)
					return { status: 'Error', message: rule.properties.message };
			}
			if (cause.response.status < 199 || cause.response.status > 299)
				return {
					status: 'Error',
					message:
						cause.response.statusText || `Received HTTP status code: ${cause.response.status}`,
				};
		} else if (cause?.code) {
			return { status: 'Error', message: cause.code };
		}
		return { status: 'Error', message: String((error as Error).message) };
	}
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseSuccessBody') {
			const responseData = response![0][0].json;
			if (get(responseData, rule.properties.key) === rule.properties.value)
				return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}
