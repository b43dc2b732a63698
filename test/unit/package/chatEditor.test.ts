// As the editor reads the descriptions: the Model field Chat Completion shows, the chat options' names and order in both chat nodes, and where the trigger's "Busy workspace?" advice is. Decided by
// n8n-workflow's own display rules (NodeHelpers.displayParameter, the editor's), not by reading our code.
import { NodeHelpers, type INode, type INodeParameters, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { DraftingWorkspace } from '../../../nodes/DraftingWorkspace/DraftingWorkspace.node';
import { DraftingWorkspaceTrigger } from '../../../nodes/DraftingWorkspaceTrigger/DraftingWorkspaceTrigger.node';
import { LmChatDraftingWorkspace } from '../../../nodes/LmChatDraftingWorkspace/LmChatDraftingWorkspace.node';

const action = new DraftingWorkspace().description;
const trigger = new DraftingWorkspaceTrigger().description;
const chatModel = new LmChatDraftingWorkspace().description;

function nodeOf(description: INodeTypeDescription, typeVersion: number, parameters: INodeParameters): INode {
	return { id: 'n1', name: 'Node', type: description.name, typeVersion, position: [0, 0], parameters };
}

/** The top-level properties the editor shows for these parameter values. */
function shown(description: INodeTypeDescription, typeVersion: number, parameters: INodeParameters): INodeProperties[] {
	const node = nodeOf(description, typeVersion, parameters);
	return description.properties.filter((property) => NodeHelpers.displayParameter(parameters, property, node, description));
}

const chatCompletion = { resource: 'chat', operation: 'complete' };

describe('Chat Completion → Model', () => {
	it('one Model field, the resource locator', () => {
		const [v2, more] = shown(action, 1, chatCompletion).filter((property) => property.name === 'model');
		expect(more).toBeUndefined();
		expect(v2).toMatchObject({ displayName: 'Model', type: 'resourceLocator', default: { mode: 'list', value: '' } });
	});

	it('the locator is the Chat Model’s (same modes, same list search), which the action node offers', () => {
		const v2 = shown(action, 1, chatCompletion).find((property) => property.name === 'model')!;
		const subNode = chatModel.properties.find((property) => property.name === 'model')!;
		expect(v2.modes).toEqual(subNode.modes);
		expect(v2.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
		expect(v2.modes?.[0].typeOptions).toEqual({ searchListMethod: 'searchChatModels', searchable: true });
		expect(new DraftingWorkspace().methods.listSearch.searchChatModels).toBe(new LmChatDraftingWorkspace().methods.listSearch.searchChatModels);
	});
});

describe('the chat options, one name in both nodes', () => {
	const optionsOf = (properties: INodeProperties[]) => properties.find((property) => property.name === 'options')!.options as INodeProperties[];
	const actionOptions = optionsOf(shown(action, 1, chatCompletion));
	const modelOptions = optionsOf(chatModel.properties);

	it('each option both nodes offer has the same display name in both', () => {
		const names = (options: INodeProperties[]) => Object.fromEntries(options.map((option) => [option.name, option.displayName]));
		expect(names(actionOptions)).toEqual(names(modelOptions));
		expect(names(actionOptions).temperature).toBe('Sampling Temperature');
		expect(names(actionOptions).jsonSchema).toBe('Response Schema');
	});

	it('Response Format comes before the schema fields it shows (the editor lists a collection in this order)', () => {
		for (const options of [actionOptions, modelOptions]) {
			const order = options.map((option) => option.name);
			expect(order.indexOf('responseFormat')).toBeLessThan(order.indexOf('jsonSchema'));
			expect(order.indexOf('responseFormat')).toBeLessThan(order.indexOf('schemaName'));
			for (const name of ['jsonSchema', 'schemaName']) expect(options.find((option) => option.name === name)?.displayOptions).toEqual({ show: { responseFormat: ['jsonSchema'] } });
		}
	});

	it('each node keeps its own defaults (saved workflows rely on them)', () => {
		const defaults = (options: INodeProperties[]) => Object.fromEntries(options.map((option) => [option.name, option.default]));
		expect(defaults(actionOptions)).toEqual({
			maxCompletionTokens: 1024,
			responseFormat: 'text',
			jsonSchema: expect.stringContaining('"summary"'),
			schemaName: 'answer',
			temperature: 1,
		});
		expect(defaults(modelOptions)).toEqual({
			maxCompletionTokens: 2048,
			responseFormat: 'text',
			jsonSchema: expect.stringContaining('"title"'),
			schemaName: 'draft',
			temperature: 0.7,
		});
	});

	it('the same order is what n8n keeps when it fills in the values (getNodeParameters)', () => {
		const parameters = { ...chatCompletion, model: 'dw-standard', options: { temperature: 0.2, jsonSchema: '{}', responseFormat: 'jsonSchema' } };
		const node = nodeOf(action, 1, parameters);
		const filled = NodeHelpers.getNodeParameters(action.properties, parameters, true, false, node, action);
		expect(Object.keys(filled?.options as object)).toEqual(['responseFormat', 'jsonSchema', 'temperature']);
	});
});

describe('the trigger’s "Busy workspace?" advice', () => {
	const shownNames = (workflows: INodeParameters['workflows']) => shown(trigger, 1, { events: ['Completed'], workflows }).map((property) => property.name);

	it('is no notice shown whatever the filter (a condition on the filter kept the trigger from activating on n8n 1.123, 2.0 and 2.16)', () => {
		for (const workflows of [{}, { workflow: [{ workflowId: { __rl: true, mode: 'list', value: 'wf_contract' } }] }])
			expect(shownNames(workflows as INodeParameters['workflows'])).toEqual(['events', 'workflows', 'options']);
		expect(trigger.properties.filter((property) => property.type === 'notice')).toEqual([]);
	});

	it('is in the Workflows filter’s description, where the filter is chosen', () => {
		expect(trigger.properties.find((property) => property.name === 'workflows')?.description).toMatch(
			/Busy workspace\? When more than 50 runs of one status start between two polls, add a workflow filter or poll more often/,
		);
	});
});
