/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// One node's import must never take the others down. n8n's loader requires the package's files one after another
// and drops the whole package when one throws; n8n before 2.16 does not ship @n8n/ai-node-sdk and n8n's installer
// never installs peers. This runs n8n's own loader over the built package (dist/, made by `npm run build`, which
// `npm test` runs first) in a Node where the SDK cannot be found: any file that imports the SDK when it is loaded
// makes this test fail. The version matrix (e2e/matrix) proves the same in real n8n 1.123 and 2.0.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
	n8n: { nodes: string[]; credentials: string[] };
};

interface LoadResult {
	nodes: string[];
	credentials: string[];
	loadError?: string;
	supplied?: string;
	supplyError?: { name: string; message: string; description: string };
	crashed?: string;
}

function loadBuiltPackage(withoutSdk: boolean): LoadResult {
	const missing = [...manifest.n8n.nodes, ...manifest.n8n.credentials].filter(
		(file) => !existsSync(join(REPO, file)),
	);
	if (missing.length)
		throw new Error(
			`dist/ is not built (${missing.join(', ')}): run \`npm run build\` first (npm test does)`,
		);
	const run = spawnSync(
		process.execPath,
		[join(__dirname, 'loadWithoutSdk.cjs'), REPO, ...(withoutSdk ? ['--without-sdk'] : [])],
		{
			cwd: REPO,
			encoding: 'utf8',
			// Only against a hang: loading n8n's modules takes seconds quiet, up to a minute on a busy machine.
			timeout: 300_000,
			env: { ...process.env, NODE_ENV: 'production' },
		},
	);
	const line = run.stdout.split('\n').find((text) => text.startsWith('{'));
	if (!line)
		throw new Error(
			`the loader printed no result (exit ${run.status}): ${run.stderr.slice(-2000)}`,
		);
	return JSON.parse(line) as LoadResult;
}

const classNameOf = (file: string) => file.split('/').pop()!.split('.')[0];
const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

describe('on an n8n without @n8n/ai-node-sdk (1.x, 2.0–2.15)', () => {
	const result = loadBuiltPackage(true);

	test('n8n loads every node and the credential of the package', () => {
		expect(result.crashed).toBeUndefined();
		expect(result.loadError).toBeUndefined();
		expect(result.nodes).toEqual(
			manifest.n8n.nodes.map((file) => lowerFirst(classNameOf(file))).sort(),
		);
		expect(result.credentials).toEqual(['draftingWorkspaceApi']);
	});

	test('the Chat Model, when a chain asks for it, says which n8n it needs and what to use meanwhile', () => {
		expect(result.supplyError).toEqual({
			name: 'NodeOperationError',
			message:
				'This n8n cannot run the Drafting Workspace Chat Model: it needs n8n 2.16.0 or later',
			description: expect.stringContaining(
				'use the Drafting Workspace node with Chat → Chat Completion instead',
			),
		});
	});
});

describe('on an n8n with the SDK', () => {
	test('the same loader loads everything and the Chat Model supplies its model', () => {
		const result = loadBuiltPackage(false);
		expect(result.loadError).toBeUndefined();
		expect(result.nodes).toHaveLength(manifest.n8n.nodes.length);
		expect(result.supplied).toBe('a model');
	});
});
