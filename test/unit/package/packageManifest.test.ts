/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// package.json and the codex files as n8n reads them: what `n8n-node lint` and the scanner do not check.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { INodeType } from 'n8n-workflow';

import { DraftingWorkspace } from '../../../nodes/DraftingWorkspace/DraftingWorkspace.node';
import { DraftingWorkspaceTrigger } from '../../../nodes/DraftingWorkspaceTrigger/DraftingWorkspaceTrigger.node';
import { LmChatDraftingWorkspace } from '../../../nodes/LmChatDraftingWorkspace/LmChatDraftingWorkspace.node';

const REPO = resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Record<
	string,
	any
>;

describe('package.json', () => {
	test('n8n loads it: no runtime dependencies, n8n-workflow and the AI node SDK as the only peers, no overrides, no main', () => {
		expect(manifest.dependencies ?? {}).toEqual({});
		// The SDK is for the Chat Model only; n8n's lint wants n8n.aiNodeSdkVersion beside it.
		expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*', '@n8n/ai-node-sdk': '*' });
		expect(manifest.n8n.aiNodeSdkVersion).toBe(1);
		expect(manifest.overrides).toBeUndefined();
		expect(manifest.main).toBeUndefined();
		expect(manifest.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
	});

	test('repository and homepage name the same GitHub repository', () => {
		const repo = /github\.com\/([^/]+\/[^/#.]+)/;
		expect(manifest.repository.url).toMatch(repo);
		expect(manifest.homepage.match(repo)?.[1]).toBe(manifest.repository.url.match(repo)?.[1]);
	});
});

describe('codex files', () => {
	const nodes: Array<[string, INodeType]> = [
		['DraftingWorkspace/DraftingWorkspace', new DraftingWorkspace()],
		['DraftingWorkspaceTrigger/DraftingWorkspaceTrigger', new DraftingWorkspaceTrigger()],
		['LmChatDraftingWorkspace/LmChatDraftingWorkspace', new LmChatDraftingWorkspace()],
	];

	test('package.json lists exactly these nodes', () => {
		expect([...manifest.n8n.nodes].sort()).toEqual(
			nodes.map(([path]) => `dist/nodes/${path}.node.js`).sort(),
		);
	});

	test.each(nodes)(
		'%s has a codex file naming the node, with categories and documentation',
		(path, node) => {
			const file = join(REPO, 'nodes', `${path}.node.json`);
			expect(existsSync(file)).toBe(true);
			const codex = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
			expect(codex.node).toBe(`${manifest.name}.${node.description.name}`);
			expect(codex).toMatchObject({ nodeVersion: '1.0', codexVersion: '1.0' });
			expect(codex.categories.length).toBeGreaterThan(0);
			expect(codex.resources.primaryDocumentation[0].url).toContain(
				manifest.homepage.replace(/#.*$/, ''),
			);
		},
	);

	test('the Chat Model is filed where n8n files its language models (AI → Language Models → Chat Models)', () => {
		const codex = JSON.parse(
			readFileSync(
				join(REPO, 'nodes', 'LmChatDraftingWorkspace', 'LmChatDraftingWorkspace.node.json'),
				'utf8',
			),
		) as Record<string, any>;
		expect(codex.categories).toEqual(['AI']);
		expect(codex.subcategories).toEqual({
			AI: ['Language Models', 'Root Nodes'],
			'Language Models': ['Chat Models (Recommended)'],
		});
		const { description } = new LmChatDraftingWorkspace();
		expect(description.outputs).toEqual(['ai_languageModel']);
		expect(description.credentials).toEqual([{ name: 'draftingWorkspaceApi', required: true }]);
	});

	test('the trigger is found by what users type for it', () => {
		const codex = JSON.parse(
			readFileSync(
				join(REPO, 'nodes', 'DraftingWorkspaceTrigger', 'DraftingWorkspaceTrigger.node.json'),
				'utf8',
			),
		) as { alias: string[] };
		expect(codex.alias).toEqual(
			expect.arrayContaining(['Run Finished', 'Run Completed', 'Document Finished']),
		);
	});
});
