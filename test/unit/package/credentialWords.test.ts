import { DraftingWorkspaceApi } from '../../../credentials/DraftingWorkspaceApi.credentials';
import { parseBaseUrl } from '../../../nodes/shared/transport/baseUrl';

/**
 * What the credential dialog says about the Base URL is true: both forms it names work (the nodes read them the same
 * way), and the words for the two network codes n8n's tester shows bare are next to the field.
 */
const baseUrl = new DraftingWorkspaceApi().properties.find(
	(property) => property.name === 'baseUrl',
)!;

describe('the Base URL field', () => {
	it('says /v1 may be there or not, and both forms reach the same API', () => {
		expect(baseUrl.description).toContain('with or without /v1');
		expect(baseUrl.description).not.toMatch(/so without \/v1/);
		const [bare, withV1] = [
			'https://workspace.example.com',
			'https://workspace.example.com/v1',
		].map((url) => parseBaseUrl(url));
		expect(withV1).toEqual(bare);
	});

	it('words, under the field, the codes the credential test shows bare', () => {
		expect(baseUrl.placeholder).toBe('https://workspace.example.com');
		expect(baseUrl.description).toContain('https:// or http://');
		expect(baseUrl.hint).toContain('ERR_INVALID_URL');
		expect(baseUrl.hint).toContain('ECONNREFUSED');
	});
});
