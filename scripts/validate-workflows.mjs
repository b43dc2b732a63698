#!/usr/bin/env node
// Validates every GitHub Actions workflow in .github/workflows with action-validator (`@action-validator/cli`:
// the workflow JSON schema and its checks, compiled to WebAssembly inside the npm package, so it runs offline).
// Nothing here can run GitHub Actions; this catches what GitHub would refuse to run. Part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WORKFLOWS = join(REPO, '.github', 'workflows');

const manifestPath = createRequire(import.meta.url).resolve('@action-validator/cli/package.json');
const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
const cli = join(dirname(manifestPath), typeof bin === 'string' ? bin : bin['action-validator']);

const files = readdirSync(WORKFLOWS)
	.filter((name) => /\.ya?ml$/.test(name))
	.sort();
if (files.length === 0) {
	process.stderr.write(`[workflows] FAILED: no workflow files in ${WORKFLOWS}\n`);
	process.exit(1);
}
let failed = 0;
for (const name of files) {
	const run = spawnSync(process.execPath, [cli, join(WORKFLOWS, name)], {
		cwd: REPO,
		encoding: 'utf8',
	});
	if (run.status === 0) continue;
	failed += 1;
	process.stderr.write(
		`[workflows] ${name} is not a valid workflow:\n${run.stdout}${run.stderr}\n`,
	);
}
if (failed) {
	process.stderr.write(`[workflows] FAILED: ${failed} of ${files.length} workflow files\n`);
	process.exit(1);
}
process.stdout.write(`[workflows] ${files.join(', ')}: valid (action-validator)\n`);
