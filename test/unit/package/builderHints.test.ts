/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// What n8n's AI Workflow Builder reads about this package's nodes. The nodes come from dist/ through
// n8n's loader (test/harness); the catalog is built as n8n 2.41's NodeCatalogService builds it (collectTypes names
// each description `<package>.<node>`, createAiTools adds the tool variant), and read with n8n's own code of
// @n8n/ai-utilities 0.34.1, the version n8n 2.41.1 ships: NodeTypeParser (the builder's index) and
// searchCodeBuilderNodes (the text its node search tool answers, with `@builderHint` and `@relatedNodes`).
import {
	NodeTypeParser,
	formatNodeResult,
	searchCodeBuilderNodes,
} from '@n8n/ai-utilities/node-catalog';
import * as n8nWorkflow from 'n8n-workflow';
import type { INodeTypeDescription } from 'n8n-workflow';

import { loadPackage } from '../../harness';

const PACKAGE = 'n8n-nodes-drafting-workspace';
const ACTION = `${PACKAGE}.draftingWorkspace`;
const TRIGGER = `${PACKAGE}.draftingWorkspaceTrigger`;
const CHAT_MODEL = `${PACKAGE}.lmChatDraftingWorkspace`;
const AGENT = n8nWorkflow.AGENT_LANGCHAIN_NODE_TYPE;
const BASIC_LLM_CHAIN = n8nWorkflow.CHAIN_LLM_LANGCHAIN_NODE_TYPE;

/** n8n's own node type names as n8n-workflow 2.41 names them (its `…_NODE_TYPE` constants). */
const N8N_NODE_TYPES = new Set(
	Object.entries(n8nWorkflow)
		.filter(([key, value]) => key.endsWith('_NODE_TYPE') && typeof value === 'string')
		.map(([, value]) => value as string),
);

/** The descriptions n8n's node catalog indexes for this package, named as n8n names them. */
async function catalog(): Promise<INodeTypeDescription[]> {
	const { loader } = await loadPackage();
	const named = loader.types.nodes.map((description) => ({
		...description,
		name: `${loader.packageName}.${description.name}`,
	}));
	// n8n's createAiTools (n8n/dist/tool-generation/ai-tools.js): a deep copy renamed `<name>Tool`, its builderHint kept.
	const tools = named
		.filter((description) => description.usableAsTool)
		.map(({ usableAsTool, ...description }) => ({
			...n8nWorkflow.deepCopy(description),
			name: `${description.name}Tool`,
			displayName: `${description.displayName} Tool`,
			inputs: [],
			outputs: [n8nWorkflow.NodeConnectionTypes.AiTool],
		}));
	return [...named, ...tools];
}

/** Every related node that names neither a node of the catalog nor one of n8n's: what the builder could not find. */
function unresolvedRelatedNodes(descriptions: INodeTypeDescription[]): string[] {
	const parser = new NodeTypeParser(descriptions);
	return descriptions.flatMap((description) =>
		(description.builderHint?.relatedNodes ?? [])
			.map((related) => related.nodeType)
			.filter(
				(nodeType) => parser.getLeanNodeType(nodeType) === null && !N8N_NODE_TYPES.has(nodeType),
			)
			.map((nodeType) => `${description.name} → ${nodeType}`),
	);
}

/** The package's nodes (not the derived tool variant) without a searchHint or without related nodes. */
function missingHints(descriptions: INodeTypeDescription[]): string[] {
	return descriptions
		.filter((description) => !description.name.endsWith('Tool'))
		.filter(
			(description) =>
				!description.builderHint?.searchHint?.trim() ||
				!description.builderHint.relatedNodes?.length,
		)
		.map((description) => description.name);
}

const relatedTo = (descriptions: INodeTypeDescription[], name: string) =>
	descriptions
		.find((description) => description.name === name)
		?.builderHint?.relatedNodes?.map((related) => related.nodeType) ?? [];

let descriptions: INodeTypeDescription[];
let parser: NodeTypeParser;

beforeAll(async () => {
	descriptions = await catalog();
	parser = new NodeTypeParser(descriptions);
});

describe('the AI Workflow Builder reads a hint for every node', () => {
	it('the catalog holds the three nodes and the tool variant n8n derives', () => {
		expect(descriptions.map((description) => description.name).sort()).toEqual(
			[ACTION, `${ACTION}Tool`, TRIGGER, CHAT_MODEL].sort(),
		);
	});

	it('each node has a searchHint and related nodes, and the builder’s index keeps them', () => {
		expect(missingHints(descriptions)).toEqual([]);
		for (const name of [ACTION, TRIGGER, CHAT_MODEL]) {
			const own = descriptions.find((description) => description.name === name)!.builderHint!;
			expect(parser.getLeanNodeType(name)?.builderHint).toEqual({
				searchHint: own.searchHint,
				relatedNodes: own.relatedNodes,
			});
		}
	});

	it('every related node is a real node type: this package’s, or n8n’s', () => {
		expect(unresolvedRelatedNodes(descriptions)).toEqual([]);
	});

	it('trigger ↔ action ↔ chat model are linked, and the chat model to n8n’s AI Agent and Basic LLM Chain', () => {
		expect(relatedTo(descriptions, TRIGGER)).toEqual([ACTION]);
		expect(relatedTo(descriptions, ACTION)).toEqual(
			expect.arrayContaining([TRIGGER, CHAT_MODEL, AGENT]),
		);
		expect(relatedTo(descriptions, CHAT_MODEL)).toEqual(
			expect.arrayContaining([ACTION, AGENT, BASIC_LLM_CHAIN]),
		);
		expect([AGENT, BASIC_LLM_CHAIN]).toEqual([
			'@n8n/n8n-nodes-langchain.agent',
			'@n8n/n8n-nodes-langchain.chainLlm',
		]);
	});

	it('the hints come through the builder’s type definitions unchanged (no "*/", "<" or ">" for it to escape)', () => {
		for (const name of [ACTION, TRIGGER, CHAT_MODEL])
			expect(parser.getLeanNodeType(name)?.builderHint?.searchHint).not.toMatch(/\*\/|[<>]/);
	});
});

describe('what the builder’s node search answers', () => {
	it('a search for the app lists the three nodes, each with its @builderHint and @relatedNodes', () => {
		const { results, queriesWithNoResults } = searchCodeBuilderNodes(parser, [
			'Drafting Workspace',
		]);
		expect(queriesWithNoResults).toEqual([]);
		for (const name of [ACTION, TRIGGER, CHAT_MODEL]) {
			const hint = descriptions.find((description) => description.name === name)!.builderHint!;
			expect(results).toContain(`- ${name}`);
			expect(results).toContain(`  @builderHint ${hint.searchHint}`);
			for (const related of hint.relatedNodes!)
				expect(results).toContain(`    - ${related.nodeType}: "${related.relationHint}"`);
		}
		expect(results).toContain(`- ${TRIGGER} [TRIGGER]`);
	});

	it('the chat model’s entry, as the builder reads it', () => {
		const entry = formatNodeResult(parser, CHAT_MODEL)!;
		expect(entry.split('\n').slice(0, 6)).toEqual([
			`- ${CHAT_MODEL}`,
			'  Display Name: Drafting Workspace Chat Model',
			'  Version: 1',
			"  Description: Use a Drafting Workspace model in n8n's chains and agents (without tools)",
			expect.stringMatching(
				/^ {2}@builderHint A chat model answered by a Drafting Workspace's models .*AI Agent with no tools/,
			),
			'  @relatedNodes',
		]);
		expect(entry).toContain(`    - ${BASIC_LLM_CHAIN}: "`);
		expect(entry).toContain(
			`    - ${AGENT}: "Use it as the chat model of an agent only when the agent has no tools"`,
		);
	});

	it('the tool variant carries the action node’s hint (n8n copies the description), which is written to hold for it', () => {
		expect(parser.getLeanNodeType(`${ACTION}Tool`)?.builderHint).toEqual(
			parser.getLeanNodeType(ACTION)?.builderHint,
		);
		expect(relatedTo(descriptions, ACTION)).not.toContain(`${ACTION}Tool`);
	});
});

describe('the checks fail when a hint is missing or names a node that does not exist', () => {
	const tampered = (
		name: string,
		change: (description: INodeTypeDescription) => INodeTypeDescription,
	) =>
		descriptions.map((description) =>
			description.name === name ? change(n8nWorkflow.deepCopy(description)) : description,
		);

	it('a misspelt related node', () => {
		const broken = tampered(TRIGGER, (description) => ({
			...description,
			builderHint: {
				...description.builderHint,
				relatedNodes: [{ nodeType: `${PACKAGE}.draftingWorkspaces`, relationHint: 'typo' }],
			},
		}));
		expect(unresolvedRelatedNodes(broken)).toEqual([`${TRIGGER} → ${PACKAGE}.draftingWorkspaces`]);
	});

	it('a hint left out', () => {
		const broken = tampered(
			CHAT_MODEL,
			({ builderHint, ...description }) => description as INodeTypeDescription,
		);
		expect(missingHints(broken)).toEqual([CHAT_MODEL]);
	});
});
