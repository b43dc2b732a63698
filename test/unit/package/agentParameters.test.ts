// What an AI Agent reads of the action node as its tool. Every parameter of the tool a model may be asked to fill
// ("Let the model define this parameter", or a $fromAI expression) says in its description what to give: the
// description is the tooltip a person reads when writing the $fromAI hint, and the text n8n's AI Workflow Builder
// reads. The tool's own description (Description: Set Automatically) is n8n's makeDescription of the operation:
// "<action> in Drafting Workspace", so each operation's action reads as what the tool does.
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { TOOL_DESCRIPTIONS, operationPairs } from '../../expectations/toolDescriptions';
import { NODE_TYPE, TOOL_NODE_TYPE, loadPackage } from '../../harness';

/** Parameters that hold no value a model gives: notices (containers are opened: their fields are checked). */
const NO_VALUE = new Set(['notice', 'callout', 'hidden']);
/** The tool's resource and operation are fixed when the tool is set up: the tool's description names them. */
const SET_UP = new Set(['resource', 'operation']);

const shownToTool = (property: INodeProperties) =>
	!(property.displayOptions?.show?.['@tool'] as unknown[] | undefined)?.includes(false);

/** Every parameter of the tool a model may fill, with its path, collections' and fixed collections' fields included. */
function fillable(
	properties: INodeProperties[],
	path = '',
): Array<{ path: string; property: INodeProperties }> {
	return properties.filter(shownToTool).flatMap((property) => {
		const here = path ? `${path}.${property.name}` : property.name;
		if (property.type === 'collection')
			return fillable((property.options ?? []) as INodeProperties[], here);
		if (property.type === 'fixedCollection')
			return (
				(property.options ?? []) as Array<{ name: string; values: INodeProperties[] }>
			).flatMap((group) => fillable(group.values, `${here}.${group.name}`));
		if (NO_VALUE.has(property.type) || (!path && SET_UP.has(property.name))) return [];
		return [{ path: here, property }];
	});
}

const undescribed = (properties: INodeProperties[]) => [
	...new Set(
		fillable(properties)
			.filter(({ property }) => !property.description?.trim())
			.map(({ path }) => path),
	),
];

let action: INodeTypeDescription;
let tool: INodeTypeDescription;
beforeAll(async () => {
	const { nodeTypes } = await loadPackage();
	action = nodeTypes.getByNameAndVersion(NODE_TYPE).description;
	tool = nodeTypes.getByNameAndVersion(TOOL_NODE_TYPE).description;
});

describe('every parameter an AI Agent may fill says what to give', () => {
	it('each one of the built description has a description', () => {
		const all = fillable(action.properties);
		expect(all.length).toBeGreaterThan(40);
		expect(undescribed(action.properties)).toEqual([]);
	});

	it('those named for it: Input Mode, the binary field names, File Selection, Format, and the mappers with their fields’ formats', () => {
		const described = (name: string) =>
			fillable(action.properties)
				.filter(({ property }) => property.name === name)
				.map(({ property }) => property.description ?? '');
		for (const name of ['inputMode', 'binaryPropertyName', 'fileSelection', 'format']) {
			expect([name, described(name).length > 0]).toEqual([name, true]);
			for (const text of described(name))
				expect([name, text.trim().length > 20]).toEqual([name, true]);
		}
		for (const mapper of ['inputFields', 'answers'])
			expect(described(mapper).join(' ')).toMatch(/yyyy-MM-dd.*binary/);
		expect(described('answers').join(' ')).toMatch(/choice field takes one of its listed values/);
	});

	it('the check names a parameter left without one, inside a collection too', () => {
		const bare: INodeProperties = {
			displayName: 'Bare',
			name: 'bare',
			type: 'string',
			default: '',
		};
		const inside: INodeProperties = {
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			default: {},
			options: [bare],
		};
		const hidden: INodeProperties = {
			...bare,
			name: 'notForTools',
			displayOptions: { show: { '@tool': [false] } },
		};
		expect(undescribed([bare, inside, hidden])).toEqual(['bare', 'options.bare']);
	});
});

describe('the tool’s description of each operation, as n8n makes it (Description: Set Automatically)', () => {
	it('reads as what the tool does, in Drafting Workspace', () => {
		const described = Object.fromEntries(
			operationPairs(tool.properties).map(({ resource, operation }) => [
				`${resource}.${operation}`,
				NodeHelpers.makeDescription({ resource, operation }, tool),
			]),
		);
		expect(described).toEqual(TOOL_DESCRIPTIONS);
	});
});
