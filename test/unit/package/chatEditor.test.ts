// As the editor reads the descriptions: the Model field Chat Completion shows, the chat options' names and order in both chat nodes, and where the trigger's "Busy workspace?" advice is. Decided by
// n8n-workflow's own display rules (NodeHelpers.displayParameter, the editor's), not by reading our code.
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { DraftingWorkspace } from '../../../nodes/DraftingWorkspace/DraftingWorkspace.node';
import { DraftingWorkspaceTrigger } from '../../../nodes/DraftingWorkspaceTrigger/DraftingWorkspaceTrigger.node';
import { LmChatDraftingWorkspace } from '../../../nodes/LmChatDraftingWorkspace/LmChatDraftingWorkspace.node';

const action = new DraftingWorkspace().description;
const trigger = new DraftingWorkspaceTrigger().description;
const chatModel = new LmChatDraftingWorkspace().description;

function nodeOf(
	description: INodeTypeDescription,
	typeVersion: number,
	parameters: INodeParameters,
): INode {
	return {
		id: 'n1',
		name: 'Node',
		type: description.name,
		typeVersion,
		position: [0, 0],
		parameters,
	};
}

/** The top-level properties the editor shows for these parameter values. */
function shown(
	description: INodeTypeDescription,
	typeVersion: number,
	parameters: INodeParameters,
): INodeProperties[] {
	const node = nodeOf(description, typeVersion, parameters);
	return description.properties.filter((property) =>
		NodeHelpers.displayParameter(parameters, property, node, description),
	);
}

const chatCompletion = { resource: 'chat', operation: 'complete' };

describe('Chat Completion → Model', () => {
	it('one Model field, the resource locator', () => {
		const [v2, more] = shown(action, 1, chatCompletion).filter(
			(property) => property.name === 'model',
		);
		expect(more).toBeUndefined();
		expect(v2).toMatchObject({
			displayName: 'Model',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
		});
	});

	it('the locator is the Chat Model’s (same modes, same list search), which the action node offers', () => {
		const v2 = shown(action, 1, chatCompletion).find((property) => property.name === 'model')!;
		const subNode = chatModel.properties.find((property) => property.name === 'model')!;
		expect(v2.modes).toEqual(subNode.modes);
		expect(v2.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
		expect(v2.modes?.[0].typeOptions).toEqual({
			searchListMethod: 'searchChatModels',
			searchable: true,
		});
		expect(new DraftingWorkspace().methods.listSearch.searchChatModels).toBe(
			new LmChatDraftingWorkspace().methods.listSearch.searchChatModels,
		);
	});
});

describe('the chat options, one name in both nodes', () => {
	const optionsOf = (properties: INodeProperties[]) =>
		properties.find((property) => property.name === 'options')!.options as INodeProperties[];
	const actionOptions = optionsOf(shown(action, 1, chatCompletion));
	const modelOptions = optionsOf(chatModel.properties);
	const jsonSchemaChosen = { ...chatCompletion, responseFormat: 'jsonSchema' };
	const names = (properties: INodeProperties[]) => properties.map((property) => property.name);

	it('each option both nodes offer has the same display name in both', () => {
		const displayNames = (options: INodeProperties[]) =>
			Object.fromEntries(options.map((option) => [option.name, option.displayName]));
		expect(displayNames(actionOptions)).toEqual(displayNames(modelOptions));
		expect(displayNames(actionOptions)).toEqual({
			maxCompletionTokens: 'Maximum Completion Tokens',
			temperature: 'Sampling Temperature',
		});
	});

	it('choosing JSON Schema shows the Response Schema right below Response Format, in both nodes, with no option to add', () => {
		const action1 = names(shown(action, 1, jsonSchemaChosen));
		expect(
			action1.slice(action1.indexOf('responseFormat'), action1.indexOf('responseFormat') + 4),
		).toEqual(['responseFormat', 'jsonSchema', 'schemaName', 'options']);
		expect(names(shown(action, 1, chatCompletion))).not.toContain('jsonSchema');
		const model = names(shown(chatModel, 1, { responseFormat: 'jsonSchema' }));
		expect(model.slice(model.indexOf('responseFormat'))).toEqual([
			'responseFormat',
			'jsonSchema',
			'schemaName',
			'options',
		]);
		expect(names(shown(chatModel, 1, {}))).not.toContain('jsonSchema');
		for (const options of [actionOptions, modelOptions])
			expect(names(options)).not.toContain('jsonSchema');
	});

	it('each node keeps its own defaults, the schema pre-filled with an example', () => {
		const defaults = (properties: INodeProperties[]) =>
			Object.fromEntries(
				properties
					.filter((property) =>
						[
							'responseFormat',
							'jsonSchema',
							'schemaName',
							'maxCompletionTokens',
							'temperature',
						].includes(property.name),
					)
					.map((option) => [option.name, option.default]),
			);
		expect(defaults([...shown(action, 1, jsonSchemaChosen), ...actionOptions])).toEqual({
			maxCompletionTokens: 1024,
			responseFormat: 'text',
			jsonSchema: expect.stringContaining('"summary"'),
			schemaName: 'answer',
			temperature: 1,
		});
		expect(
			defaults([...shown(chatModel, 1, { responseFormat: 'jsonSchema' }), ...modelOptions]),
		).toEqual({
			maxCompletionTokens: 2048,
			responseFormat: 'text',
			jsonSchema: expect.stringContaining('"title"'),
			schemaName: 'draft',
			temperature: 0.7,
		});
	});

	it('n8n fills in the example schema when JSON Schema is chosen (getNodeParameters), so a run never meets an empty one', () => {
		const parameters = { ...jsonSchemaChosen, model: 'dw-standard' };
		const filled = NodeHelpers.getNodeParameters(
			action.properties,
			parameters,
			true,
			false,
			nodeOf(action, 1, parameters),
			action,
		);
		expect(filled).toMatchObject({
			responseFormat: 'jsonSchema',
			jsonSchema: expect.stringContaining('"summary"'),
			schemaName: 'answer',
		});
	});
});

describe('the trigger’s "Busy workspace?" advice', () => {
	const shownNames = (workflows: INodeParameters['workflows']) =>
		shown(trigger, 1, { events: ['Completed'], workflows }).map((property) => property.name);

	it('is no notice shown whatever the filter (a condition on the filter kept the trigger from activating on n8n 1.123, 2.0 and 2.16)', () => {
		for (const workflows of [
			{},
			{ workflow: [{ workflowId: { __rl: true, mode: 'list', value: 'wf_contract' } }] },
		])
			expect(shownNames(workflows as INodeParameters['workflows'])).toEqual([
				'events',
				'workflows',
				'options',
			]);
		expect(trigger.properties.filter((property) => property.type === 'notice')).toEqual([]);
	});

	it('is in the Workflows filter’s description, where the filter is chosen', () => {
		expect(
			trigger.properties.find((property) => property.name === 'workflows')?.description,
		).toMatch(
			/Busy workspace\? When more than 50 runs of one status start between two polls, add a workflow filter or poll more often/,
		);
	});
});
