#!/usr/bin/env node
// Runs Jest with the given arguments, then prints the plain closing line CI reads
// ("jest: N passed, N failed, N skipped") as the very last line, and exits with Jest's code.
const { spawnSync } = require('node:child_process');
const {
	chmodSync,
	copyFileSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const dir = mkdtempSync(join(tmpdir(), 'jest-summary-'));
const resultsFile = join(dir, 'results.json');
const jest = require.resolve('jest/bin/jest');
// Everything the tests put in the temporary folder (n8n user folders, packed tarballs…) goes into this run's
// folder, removed below: a run leaves nothing in /tmp.
const tests = join(dir, 'tmp');
mkdirSync(tests);
// Traversable by other users (not listable): the queue suite runs PostgreSQL as the postgres user in a folder
// below this one, and mkdtemp's 0700 would lock it out.
chmodSync(dir, 0o711);
chmodSync(tests, 0o711);
// Both reach the workers (Jest starts them with its own node options): --expose-gc lets test/setup/cleanup.ts
// collect each test file's garbage, and worker-exit.js ends a worker that is done without V8's slow heap teardown.
const nodeOptions = ['--expose-gc', '--require', join(__dirname, 'worker-exit.js')];
const run = spawnSync(
	process.execPath,
	[...nodeOptions, jest, '--json', `--outputFile=${resultsFile}`, ...process.argv.slice(2)],
	{
		stdio: 'inherit',
		env: { ...process.env, TMPDIR: tests },
	},
);
let line = 'jest: 0 passed, 1 failed, 0 skipped (Jest did not report results)';
try {
	const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
	const skipped = results.numPendingTests + results.numTodoTests;
	line = `jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`;
} catch {
	// keep the failure line
}
// JEST_SUMMARY_RESULTS: where to keep Jest's JSON results (the version matrix makes its table from them).
if (process.env.JEST_SUMMARY_RESULTS) {
	try {
		copyFileSync(resultsFile, process.env.JEST_SUMMARY_RESULTS);
	} catch {
		// no results: the caller finds no file
	}
}
rmSync(dir, { recursive: true, force: true });
process.stderr.write(`${line}\n`);
process.exit(run.status ?? 1);
