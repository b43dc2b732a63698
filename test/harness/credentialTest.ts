import { CredentialTestContext } from 'n8n-core';
import type { ICredentialTestFunction, IDataObject, INodeCredentialTestResult, INodeType, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import { CREDENTIAL_TYPE, loadPackage } from './index';

/**
 * Finds the credential's test the way n8n's CLI does (CredentialsTester.getCredentialTestFunction in packages/cli,
 * the same in 1.123, 2.0 and 2.41): the credential's own declarative `test` first, else the first node of its
 * `supportedNodes` (the loader fills them from the package's nodes) whose `credentials[]` entry names a `testedBy`
 * function in its `methods.credentialTest`. This package relies on the second: a declarative test here is a defect.
 */
async function findCredentialTest(): Promise<{ test: ICredentialTestFunction; nodes: string[] }> {
	const { credentialTypes, loader } = await loadPackage();
	if (credentialTypes[CREDENTIAL_TYPE].test) throw new Error('The credential declares a `test`: n8n would run it instead of the nodes\' testedBy function');
	const supportedNodes = loader.credentialTypes[CREDENTIAL_TYPE].type.supportedNodes ?? [];
	const nodes: string[] = [];
	let found: ICredentialTestFunction | undefined;
	for (const name of supportedNodes) {
		const nodeType = loader.nodeTypes[name]?.type as INodeType | undefined;
		const entry = nodeType?.description.credentials?.find((credential) => credential.name === CREDENTIAL_TYPE);
		if (typeof entry?.testedBy !== 'string') continue;
		nodes.push(name);
		found ??= nodeType?.methods?.credentialTest?.[entry.testedBy];
	}
	if (!found) throw new Error(`No node of the package tests ${CREDENTIAL_TYPE} (supportedNodes: ${supportedNodes.join(', ')})`);
	return { test: found, nodes };
}

/** The nodes whose `testedBy` n8n may pick (it takes the first): each must name a test that exists. */
export async function testingNodes(): Promise<string[]> {
	return (await findCredentialTest()).nodes;
}

/**
 * Runs the credential test as the credential dialog does: n8n-core's CredentialTestContext (its request-style helper
 * over n8n's own HTTP client, real HTTP), the decrypted credential as the CLI passes it.
 */
export async function testCredential(data: IDataObject): Promise<INodeCredentialTestResult> {
	const { test } = await findCredentialTest();
	// 2.41's context takes additional data for its hooks (none here); 1.123's takes none.
	const context = new CredentialTestContext({} as IWorkflowExecuteAdditionalData);
	return await test.call(context, { id: 'cred-test', name: 'Under test', type: CREDENTIAL_TYPE, data: data as never });
}
