import { DraftingWorkspaceApi } from '../../../credentials/DraftingWorkspaceApi.credentials';
import { DraftingWorkspace } from '../../../nodes/DraftingWorkspace/DraftingWorkspace.node';
import { DraftingWorkspaceTrigger } from '../../../nodes/DraftingWorkspaceTrigger/DraftingWorkspaceTrigger.node';
import { LmChatDraftingWorkspace } from '../../../nodes/LmChatDraftingWorkspace/LmChatDraftingWorkspace.node';
import { parseBaseUrl } from '../../../nodes/shared/transport/baseUrl';
import { testDraftingWorkspaceApi, unreachableWording } from '../../../nodes/shared/transport/credentialTest.api';

/**
 * What the credential dialog says about the Base URL is true: both forms it names work (the nodes read them the same
 * way), the field says its form, and the Test is the nodes' own, so it can word network failures.
 */
const baseUrl = new DraftingWorkspaceApi().properties.find((property) => property.name === 'baseUrl')!;

describe('the Base URL field', () => {
	it('says /v1 may be there or not, and both forms reach the same API', () => {
		expect(baseUrl.description).toContain('with or without /v1');
		expect(baseUrl.description).not.toMatch(/so without \/v1/);
		const [bare, withV1] = ['https://workspace.example.com', 'https://workspace.example.com/v1'].map((url) => parseBaseUrl(url));
		expect(withV1).toEqual(bare);
	});

	it('says its form under the field', () => {
		expect(baseUrl.placeholder).toBe('https://workspace.example.com');
		expect(baseUrl.hint).toBe('Starts with https:// or http://');
	});

	it('has no declarative test: every node that uses it tests it itself (testedBy), with the same function', () => {
		expect((new DraftingWorkspaceApi() as { test?: unknown }).test).toBeUndefined();
		const nodes = [new DraftingWorkspace(), new DraftingWorkspaceTrigger(), new LmChatDraftingWorkspace()];
		for (const node of nodes) {
			expect(node.description.credentials).toEqual([{ name: 'draftingWorkspaceApi', required: true, testedBy: 'draftingWorkspaceApiTest' }]);
			expect(node.methods.credentialTest.draftingWorkspaceApiTest).toBe(testDraftingWorkspaceApi);
		}
	});

	it('words a network failure: what it means, for the address tested', () => {
		expect(unreachableWording('ECONNREFUSED', '127.0.0.1:9')).toBe(
			'Nothing answers at 127.0.0.1:9 (ECONNREFUSED): check the host and the port of the Base URL, and that the service is running there.',
		);
		expect(unreachableWording('ENOTFOUND', 'workspace.exmaple.com')).toMatch(/^The host of workspace\.exmaple\.com was not found \(ENOTFOUND\)/);
		expect(unreachableWording(undefined, 'h:1')).toBe('Could not reach the service at h:1: check the host and the port of the Base URL.');
	});
});
