/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// What a user sees in the editor before running anything: the canvas subtitle as n8n evaluates it, the nodes panel's
// filing (codex), documentation links, placeholders and the field mappers' empty states. The browser suite
// (e2e/browser) checks the same things in the real editor; these rules fail fast and name the parameter.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { Workflow, type INode, type INodeProperties } from 'n8n-workflow';

import { DraftingWorkspace } from '../../../nodes/DraftingWorkspace/DraftingWorkspace.node';
import { DraftingWorkspaceTrigger } from '../../../nodes/DraftingWorkspaceTrigger/DraftingWorkspaceTrigger.node';
import { HarnessNodeTypes } from '../../harness';

const REPO = resolve(__dirname, '..', '..', '..');
const action = new DraftingWorkspace();
const trigger = new DraftingWorkspaceTrigger();

function subtitleOf(resource: string, operation: string): unknown {
	const node: INode = {
		id: 'n1',
		name: 'Drafting Workspace',
		type: 'dw.action',
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource, operation },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes({ 'dw.action': { type: action, sourcePath: '' } }),
	});
	return workflow.expression.getSimpleParameterValue(
		node,
		action.description.subtitle as string,
		'internal',
		{},
	);
}

/** Every (resource, operation) pair the node offers, with their display names. */
function operationPairs(): Array<[string, string, string, string]> {
	const { properties } = action.description;
	const resource = properties.find((property) => property.name === 'resource')!;
	return (resource.options as Array<{ name: string; value: string }>).flatMap((r) => {
		const operation = properties.find(
			(property) =>
				property.name === 'operation' && property.displayOptions?.show?.resource?.includes(r.value),
		)!;
		return (operation.options as Array<{ name: string; value: string }>).map(
			(o): [string, string, string, string] => [r.value, o.value, r.name, o.name],
		);
	});
}

function allProperties(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => [
		property,
		...allProperties(
			((property.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>).flatMap(
				(option) =>
					'values' in option && Array.isArray(option.values)
						? option.values
						: 'type' in option && 'name' in option
							? [option as INodeProperties]
							: [],
			),
		),
	]);
}

describe('canvas subtitle', () => {
	test.each(operationPairs())(
		'%s → %s reads "<operation>: <resource>" in display names',
		(resource, operation, resourceName, operationName) => {
			expect(subtitleOf(resource, operation)).toBe(`${operationName}: ${resourceName}`);
		},
	);

	test('the examples users meet first', () => {
		expect(subtitleOf('run', 'start')).toBe('Start: Run');
		expect(subtitleOf('document', 'produce')).toBe('Produce From Template: Document');
	});

	test('an unknown pair (a newer workflow opened by an older package) falls back to the raw values', () => {
		expect(subtitleOf('run', 'archive')).toBe('archive: run');
	});
});

describe('nodes panel and documentation links', () => {
	const codexOf = (path: string) =>
		JSON.parse(readFileSync(join(REPO, 'nodes', `${path}.node.json`), 'utf8')) as Record<
			string,
			any
		>;
	const codexes = [
		codexOf('DraftingWorkspace/DraftingWorkspace'),
		codexOf('DraftingWorkspaceTrigger/DraftingWorkspaceTrigger'),
	];

	test('no node is filed under "AI": n8n\'s search hides AI-category nodes that are in no AI sub-category', () => {
		for (const codex of codexes) {
			expect(codex.categories).not.toContain('AI');
			expect(codex.subcategories?.AI).toBeUndefined();
		}
	});

	test('no documentation link has an #anchor: n8n appends its tracking query after it, which breaks the anchor', () => {
		const urls = [
			...codexes.flatMap((codex) =>
				[...codex.resources.primaryDocumentation, ...codex.resources.credentialDocumentation].map(
					(entry: { url: string }) => entry.url,
				),
			),
		];
		const credentials = readFileSync(
			join(REPO, 'credentials', 'DraftingWorkspaceApi.credentials.ts'),
			'utf8',
		);
		urls.push(
			...[...credentials.matchAll(/(?:documentationUrl|docsUrl)\s*[=:]\s*'([^']+)'/g)].map(
				(match) => match[1],
			),
		);
		expect(urls.length).toBeGreaterThanOrEqual(6);
		for (const url of urls) expect(url).not.toContain('#');
	});

	test("the descriptions shown in the panel are short (the trigger's is the app entry's)", () => {
		for (const node of [action, trigger])
			expect(node.description.description.length).toBeLessThanOrEqual(110);
	});
});

describe('parameters before anything is chosen', () => {
	const properties = [
		...allProperties(action.description.properties),
		...allProperties(trigger.description.properties),
	];

	test('"Add …" placeholders are in sentence case everywhere', () => {
		const adds = properties
			.map((property) => property.placeholder)
			.filter((text): text is string => typeof text === 'string' && text.startsWith('Add '));
		expect(adds.length).toBeGreaterThan(3);
		for (const text of adds) expect(text).toBe(text.charAt(0) + text.slice(1).toLowerCase());
	});

	test('field mappers show no red error while their workflow or template is not chosen (the notice explains instead)', () => {
		const mappers = properties.filter((property) => property.type === 'resourceMapper');
		expect(mappers.length).toBe(2);
		for (const mapper of mappers) {
			expect(mapper.typeOptions?.resourceMapper).toMatchObject({ hideNoDataError: true });
			expect(mapper.typeOptions?.resourceMapper?.noFieldsError).toBeUndefined();
		}
	});

	test('notices are short: a user acts on them, they do not document the node', () => {
		for (const notice of properties.filter((property) => property.type === 'notice'))
			expect(notice.displayName.length).toBeLessThanOrEqual(160);
	});
});
