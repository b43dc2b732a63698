// Issue 26, item 1: the Model field as n8n's editor loads it (a LoadOptionsContext built the way n8n's CLI builds
// it, against the simulator). Version 2's locator and the Chat Model's share one list; version 1's dropdown, asked
// before n8n attached the new node's credential, says what to do instead of n8n's "Node does not have any
// credentials set".
import { NODE_TYPE } from '../harness';
import { listSearch, loadOptions, type EditorRequest } from '../harness/loadOptions';
import { FIXTURE_KEYS } from '../simulator';
import { IntegrationContext } from './support';

const CHAT_MODEL_TYPE = 'n8n-nodes-drafting-workspace.lmChatDraftingWorkspace';
const ctx = new IntegrationContext();

/** The editor's request; `apiKey: null` for a node the editor has not attached a credential to yet. */
const request = (nodeType: string, typeVersion: number, apiKey: string | null = FIXTURE_KEYS.full): EditorRequest => ({
	nodeType,
	typeVersion,
	parameters: { resource: 'chat', operation: 'complete' },
	credential: apiKey === null ? undefined : { baseUrl: ctx.url, apiKey },
});

function modelListReads(): number {
	return ctx.sim.admin.requests().filter((entry) => entry.path === '/v1/models').length;
}

beforeAll(async () => ctx.start());
afterAll(async () => ctx.stop());
beforeEach(() => ctx.sim.admin.reset());

describe('the Model list, as the editor asks for it', () => {
	it('version 2 (From list) and the Chat Model answer the same list, from one read each', async () => {
		const action = await listSearch(request(NODE_TYPE, 2), 'searchChatModels');
		const chatModel = await listSearch(request(CHAT_MODEL_TYPE, 1), 'searchChatModels');
		expect(action.results).toEqual([
			{ name: 'dw-reasoning', value: 'dw-reasoning' },
			{ name: 'dw-standard', value: 'dw-standard' },
		]);
		expect(chatModel).toEqual(action);
		expect(modelListReads()).toBe(2);
	});

	it('the search filters by any part of the id, ignoring case', async () => {
		expect((await listSearch(request(NODE_TYPE, 2), 'searchChatModels', ' REASON ')).results.map((entry) => entry.value)).toEqual(['dw-reasoning']);
		expect((await listSearch(request(NODE_TYPE, 2), 'searchChatModels', 'gpt')).results).toEqual([]);
	});

	it('a workspace that fixes one model lists only that one', async () => {
		const fixed = await listSearch(request(NODE_TYPE, 2, FIXTURE_KEYS.otherTenant), 'searchChatModels');
		expect(fixed.results.map((entry) => entry.value)).toEqual(['dw-standard']);
	});

	it('version 1’s dropdown lists the same models', async () => {
		expect(await loadOptions(request(NODE_TYPE, 1), 'getChatModels')).toEqual((await listSearch(request(NODE_TYPE, 2), 'searchChatModels')).results);
	});

	it('version 1’s dropdown asked before the credential is attached says how to load the list, and sends nothing', async () => {
		const early = loadOptions(request(NODE_TYPE, 1, null), 'getChatModels');
		await expect(early).rejects.toThrow(
			"Select a credential, then choose Refresh List in this field's menu (hover the field) or reopen the node: the models load once the credential is attached",
		);
		expect(modelListReads()).toBe(0);
	});

	it('without the kind check n8n itself would answer "Node does not have any credentials set" (what the issue saw)', async () => {
		// The same request for the locator's search (which the editor only sends once the list is opened, by then
		// with the credential): n8n-core's own refusal, unchanged.
		await expect(listSearch(request(NODE_TYPE, 2, null), 'searchChatModels')).rejects.toThrow('Node does not have any credentials set');
	});
});
