/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Found by n8n's AI: the words people type for this service's jobs, searched with n8n's own node catalog search
// (NodeTypeParser.searchNodeTypes, the search behind the AI Workflow Builder's and the MCP server's node search)
// over every node n8n 2.41 ships plus this package, loaded as n8n loads them (test/harness/n8nCatalog.ts). The
// search scores each word of the query against display names, node names and codex aliases, so the words live in
// the codex files (nodes/*/*.node.json). It needs n8n's nodes from the e2e host: `npm run test:e2e` runs it
// (WITH_N8N_HOST=1), after installing the host.
import {
	PACKAGE_NAME,
	loadN8nCatalog,
	packageRank,
	type N8nCatalog,
} from '../../harness/n8nCatalog';

const ACTION = `${PACKAGE_NAME}.draftingWorkspace`;
const TRIGGER = `${PACKAGE_NAME}.draftingWorkspaceTrigger`;
const CHAT_MODEL = `${PACKAGE_NAME}.lmChatDraftingWorkspace`;

/** The jobs' words: the app, drafting, templates, PDF and DOCX, contracts and letters, a finished run, the models. */
const QUERIES = [
	'drafting workspace',
	'drafting',
	'template',
	'pdf',
	'docx',
	'contract',
	'offer letter',
	'run finished',
	'produce document',
	'drafting chat model',
];
/** The AI Workflow Builder asks for 5 results a query (searchCodeBuilderNodes); ranks are read from 20. */
const BUILDER_LIMIT = 5;
const RANK_LIMIT = 20;

let catalog: N8nCatalog;
beforeAll(async () => {
	catalog = await loadN8nCatalog();
}, 120_000);

describe("n8n's node catalog search finds the package for the jobs' words", () => {
	it('holds n8n’s own nodes and the package’s three nodes with its tool variant', () => {
		const names = catalog.descriptions.map((description) => description.name);
		expect(names.length).toBeGreaterThan(500);
		expect(names).toEqual(
			expect.arrayContaining([
				ACTION,
				`${ACTION}Tool`,
				TRIGGER,
				CHAT_MODEL,
				'n8n-nodes-base.httpRequest',
				'@n8n/n8n-nodes-langchain.agent',
			]),
		);
	});

	it('the package is in the top 5 for at least 9 of the 10 queries, and in the builder’s own 5 answers', () => {
		const ranks = QUERIES.map((query) => ({
			query,
			rank: packageRank(catalog.parser, query, RANK_LIMIT),
			inBuilderAnswer: packageRank(catalog.parser, query, BUILDER_LIMIT) !== undefined,
		}));
		// The table the report quotes: the package's first node's place among 20 answers ('-' when not listed).
		process.stdout.write(
			`catalog ranks: ${ranks.map(({ query, rank }) => `${query}=${rank ?? '-'}`).join(', ')}\n`,
		);
		const found = ranks.filter(
			({ rank, inBuilderAnswer }) => rank !== undefined && rank <= 5 && inBuilderAnswer,
		);
		expect(found.length).toBeGreaterThanOrEqual(9);
	});

	it('the node that does the job comes first of the package’s nodes', () => {
		const first = (query: string) =>
			catalog.parser
				.searchNodeTypes(query, RANK_LIMIT)
				.find((result) => result.id.startsWith(`${PACKAGE_NAME}.`))?.id;
		expect(first('run finished')).toBe(TRIGGER);
		for (const query of ['contract', 'offer letter', 'pdf', 'docx', 'template', 'produce document'])
			expect([query, first(query)]).toEqual([query, ACTION]);
	});

	it('the other words of the aliases: the package in the top 5', () => {
		for (const query of ['agreement', 'letters', 'generate pdf', 'drafting model', 'contracts'])
			expect([query, (packageRank(catalog.parser, query, RANK_LIMIT) ?? 99) <= 5]).toEqual([
				query,
				true,
			]);
	});

	it('the Chat Model is listed for the words of the workspace’s models', () => {
		const listed = (query: string) =>
			catalog.parser.searchNodeTypes(query, RANK_LIMIT).map((result) => result.id);
		expect(listed('drafting chat model')).toContain(CHAT_MODEL);
		expect(listed('drafting model')).toContain(CHAT_MODEL);
	});
});
