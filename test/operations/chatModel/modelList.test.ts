// The Model list of the action node's Chat Completion and of the Chat Model, as n8n's editor loads it (a
// LoadOptionsContext built the way n8n's CLI builds it, against the simulator): one list for both.
import { NODE_TYPE } from '../../harness';
import { listSearch, type EditorRequest } from '../../harness/loadOptions';
import { FIXTURE_KEYS } from '../../simulator';
import { useIntegrationContext } from '../../integration/support';

const CHAT_MODEL_TYPE = 'n8n-nodes-drafting-workspace.lmChatDraftingWorkspace';
const ctx = useIntegrationContext();

/** The editor's request; `apiKey: null` for a node the editor has not attached a credential to yet. */
const request = (nodeType: string, apiKey: string | null = FIXTURE_KEYS.full): EditorRequest => ({
	nodeType,
	parameters: { resource: 'chat', operation: 'complete' },
	credential: apiKey === null ? undefined : { baseUrl: ctx.url, apiKey },
});

function modelListReads(): number {
	return ctx.sim.admin.requests().filter((entry) => entry.path === '/v1/models').length;
}

describe('the Model list, as the editor asks for it', () => {
	it('Chat Completion’s Model (From list) and the Chat Model answer the same list, from one read each', async () => {
		const action = await listSearch(request(NODE_TYPE), 'searchChatModels');
		const chatModel = await listSearch(request(CHAT_MODEL_TYPE), 'searchChatModels');
		expect(action.results).toEqual([
			{ name: 'dw-reasoning', value: 'dw-reasoning' },
			{ name: 'dw-standard', value: 'dw-standard' },
		]);
		expect(chatModel).toEqual(action);
		expect(modelListReads()).toBe(2);
	});

	it('the search filters by any part of the id, ignoring case', async () => {
		expect(
			(await listSearch(request(NODE_TYPE), 'searchChatModels', ' REASON ')).results.map(
				(entry) => entry.value,
			),
		).toEqual(['dw-reasoning']);
		expect((await listSearch(request(NODE_TYPE), 'searchChatModels', 'gpt')).results).toEqual([]);
	});

	it('a workspace that fixes one model lists only that one', async () => {
		const fixed = await listSearch(
			request(NODE_TYPE, FIXTURE_KEYS.otherTenant),
			'searchChatModels',
		);
		expect(fixed.results.map((entry) => entry.value)).toEqual(['dw-standard']);
	});

	it('asked before a credential is attached, the search gets n8n-core’s own refusal, and sends nothing', async () => {
		// The editor only sends it once the list is opened, by then with the credential.
		await expect(listSearch(request(NODE_TYPE, null), 'searchChatModels')).rejects.toThrow(
			'Node does not have any credentials set',
		);
		expect(modelListReads()).toBe(0);
	});
});
