/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// npm run test:matrix: build and pack the package, install every n8n of the matrix (e2e/matrix/hosts.ts; cached
// after the first time), run the essentials in each (essentials.ts), then write the table into README.md and
// e2e/README.md from Jest's results. A run narrowed by extra Jest arguments (`-- -t 2.0.3`) writes no table.
import { rmSync } from 'node:fs';

import { runPackedSuite } from '../lib/suite';
import { matrixEntries } from './hosts';
import { FACTS_DIR, matrixTable, writeMatrixTable } from './table';

const entries = matrixEntries();
rmSync(FACTS_DIR, { recursive: true, force: true });
runPackedSuite({
	tag: 'matrix',
	what: 'the version matrix',
	config: 'e2e/matrix/jest.config.js',
	hostDirs: entries.map((entry) => entry.dir),
	afterJest: (results) => {
		if (!results || process.argv.length > 2) return;
		const table = matrixTable(
			entries.map((entry) => entry.version),
			results as Parameters<typeof matrixTable>[1],
			new Date().toISOString().slice(0, 10),
		);
		const changed = writeMatrixTable(table);
		process.stdout.write(
			`[matrix] the table${changed.length ? ` (written into ${changed.length} file(s))` : ' (unchanged)'}:\n${table}\n`,
		);
	},
});
