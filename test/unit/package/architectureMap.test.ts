/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// docs/ARCHITECTURE.md is the map of the code: it stays short, and every file or folder it names exists.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { read, REPO } from '../../support/sourceGraph';

const MAP = 'docs/ARCHITECTURE.md';
const text = read(MAP);
const tracked = execFileSync('git', ['ls-files'], { cwd: REPO, encoding: 'utf8' })
	.split('\n')
	.filter(Boolean);
const folders = new Set(
	tracked.flatMap((file) =>
		file
			.split('/')
			.slice(0, -1)
			.map((_, index, parts) => `${parts.slice(0, index + 1).join('/')}/`),
	),
);

/** A path as the map writes it: whole from the repository's root, or the end of one (`pace/engine.ts`). */
function exists(path: string): boolean {
	if (existsSync(join(REPO, path))) return true;
	const tail = `/${path}`;
	return path.endsWith('/')
		? [...folders].some((folder) => `/${folder}`.endsWith(tail))
		: tracked.some((file) => `/${file}`.endsWith(tail));
}

/** Code spans that name a file (with an extension) or a folder (ending in `/`); patterns with `<…>` are not paths. */
const namedPaths = [...text.matchAll(/`([^`\s]+)`/g)]
	.map((match) => match[1])
	.filter(
		(span) =>
			!span.includes('<') &&
			!span.startsWith('.') &&
			(/\.(ts|md|mjs|js|json)$/.test(span) || /^[\w.-]+\/([\w.-]+\/)*$/.test(span)),
	);
const links = [...text.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)]
	.map((match) => match[1])
	.filter((link) => !/^https?:/.test(link));

describe('docs/ARCHITECTURE.md', () => {
	test('at most 1,500 words', () => {
		expect(text.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(1500);
	});

	test('every file and folder it names exists', () => {
		expect(namedPaths.length).toBeGreaterThan(30);
		expect(namedPaths.filter((path) => !exists(path))).toEqual([]);
	});

	test('every relative link resolves', () => {
		expect(links.filter((link) => !existsSync(join(REPO, 'docs', link)))).toEqual([]);
	});

	test('the check tells a missing path from a present one', () => {
		expect(exists('pace/engine.ts')).toBe(true);
		expect(exists('pace/missing.ts')).toBe(false);
		expect(exists('nodes/shared/client/')).toBe(true);
	});
});
