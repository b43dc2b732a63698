/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The matrix's table: version × (nodes loaded, each essential), made from Jest's results of essentials.ts and
// the facts each host's run wrote (Node version, SDK, the node types n8n offered), and written between the
// markers of README.md and e2e/README.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { E2E_DIR, REPO_DIR } from '../lib/host';

export const FACTS_DIR = join(E2E_DIR, '.artifacts', 'matrix');

/** The test titles, which are the table's columns. */
export const ESSENTIALS = {
	loaded: 'nodes and credential loaded',
	startWaitPdf: 'Run → Start + Wait + PDF',
	produce: 'Produce From Template',
	chat: 'Chat Completion (structured output)',
	trigger: 'Run Finished trigger (n8n start)',
	chatModel: 'Chat Model in a Basic LLM Chain',
	examples: 'examples use node versions this n8n has',
} as const;

/** The node types the package gives (n8n adds the action node's tool variant itself). */
export const PACKAGE_NODE_TYPES = [
	'draftingWorkspace',
	'draftingWorkspaceTool',
	'draftingWorkspaceTrigger',
	'lmChatDraftingWorkspace',
];

export interface HostFacts {
	version: string;
	nodeVersion: string;
	sdk: string | null;
	nodes: string[];
	credentials: string[];
}

interface JestResults {
	testResults: Array<{
		assertionResults: Array<{ ancestorTitles: string[]; title: string; status: string }>;
	}>;
}

const START = '<!-- matrix:start (written by npm run test:matrix) -->';
const END = '<!-- matrix:end -->';

const mark = (status: string | undefined) =>
	status === 'passed' ? '✅ passes' : status === 'failed' ? '❌ fails' : '— not run';

/** The table in Markdown, one row per version that has facts, oldest first. */
export function matrixTable(versions: string[], results: JestResults, date: string): string {
	const statuses = new Map<string, string>();
	for (const file of results.testResults)
		for (const test of file.assertionResults)
			statuses.set(`${test.ancestorTitles[0]} :: ${test.title}`, test.status);
	const rows = versions.map((version) => {
		const path = join(FACTS_DIR, `${version}.json`);
		const facts = existsSync(path)
			? (JSON.parse(readFileSync(path, 'utf8')) as Partial<HostFacts>)
			: {};
		const status = (title: string) => statuses.get(`n8n ${version} :: ${title}`);
		const loaded =
			status(ESSENTIALS.loaded) === 'passed'
				? `✅ all ${facts.nodes?.length ?? 0} node types + credential`
				: `❌ ${facts.nodes?.length ?? 0} node types, ${facts.credentials?.length ?? 0} credential`;
		const chatModel = facts.sdk
			? mark(status(ESSENTIALS.chatModel))
			: status(ESSENTIALS.chatModel) === 'passed'
				? '✅ says it needs 2.16.0+'
				: mark(status(ESSENTIALS.chatModel));
		return [
			version,
			facts.nodeVersion ?? '?',
			facts.sdk ?? 'none',
			loaded,
			...[ESSENTIALS.startWaitPdf, ESSENTIALS.produce, ESSENTIALS.chat, ESSENTIALS.trigger].map(
				(title) => mark(status(title)),
			),
			chatModel,
			mark(status(ESSENTIALS.examples)),
		];
	});
	const head = [
		'n8n',
		'Node.js',
		'@n8n/ai-node-sdk',
		'Loaded',
		ESSENTIALS.startWaitPdf,
		ESSENTIALS.produce,
		ESSENTIALS.chat,
		ESSENTIALS.trigger,
		ESSENTIALS.chatModel,
		'Examples',
	];
	return [
		`| ${head.join(' | ')} |`,
		`|${head.map(() => '---').join('|')}|`,
		...rows.map((row) => `| ${row.join(' | ')} |`),
		'',
		`Made by \`npm run test:matrix\` on ${date}: the packed tarball installed as a community package into each n8n, the`,
		"node types read from what n8n's editor loads, each essential a workflow run by that n8n against the simulator.",
	].join('\n');
}

/** Replaces what stands between the markers in each file (README.md, e2e/README.md); returns the files changed. */
export function writeMatrixTable(table: string): string[] {
	const changed: string[] = [];
	for (const file of [join(REPO_DIR, 'README.md'), join(E2E_DIR, 'README.md')]) {
		const text = readFileSync(file, 'utf8');
		const start = text.indexOf(START);
		const end = text.indexOf(END);
		if (start < 0 || end < start)
			throw new Error(`${file} has no matrix markers (${START} … ${END})`);
		const next = `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`;
		if (next !== text) {
			writeFileSync(file, next);
			changed.push(file);
		}
	}
	return changed;
}
