/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The one runner behind `npm run test:e2e` and `npm run test:queue`: build and pack the package, make sure the
// n8n host is installed, then run a Jest config through test/setup/jest-summary.js, so the output always ends
// with "jest: N passed, N failed, N skipped" (also when the suite could not start).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { ensureHost, HOST_DIR, REPO_DIR } from './host';
import { buildPackage, packPackage } from './pack';

export interface PackedSuite {
	/** Prefix of the progress lines, e.g. "e2e". */
	tag: string;
	/** What the suite is, for the progress line ("the e2e tests"). */
	what: string;
	/** Jest config, relative to the repository. */
	config: string;
	/** Arguments before the user's own (which come from the command line). */
	jestArgs?: string[];
	env?: Record<string, string>;
	/** The hosts to make sure of (definition folders); the pinned e2e/n8n-host by default. */
	hostDirs?: string[];
	/** Called with Jest's JSON results (undefined when Jest reported none) once Jest has ended. */
	afterJest?: (results: unknown) => void;
}

export function runPackedSuite(suite: PackedSuite): void {
	const started = Date.now();
	const say = (line: string) =>
		process.stdout.write(
			`[${suite.tag}] ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
		);
	const main = (): number => {
		say('building the package');
		buildPackage();
		const tarball = packPackage();
		say(`packed ${tarball}`);
		try {
			const hosts = (suite.hostDirs ?? [HOST_DIR]).map((dir) => ensureHost(dir));
			say(
				`${hosts.map((host) => `n8n ${host.n8nVersion}`).join(', ')} on Node ${hosts[0].nodeVersion}: running ${suite.what}`,
			);
			const resultsFile = join(dirname(tarball), 'jest-results.json');
			const jest = spawnSync(
				process.execPath,
				[
					join(REPO_DIR, 'test', 'setup', 'jest-summary.js'),
					'--config',
					join(REPO_DIR, suite.config),
					...(suite.jestArgs ?? []),
					...process.argv.slice(2),
				],
				{
					cwd: REPO_DIR,
					stdio: 'inherit',
					env: {
						...process.env,
						E2E_PACKAGE_TARBALL: tarball,
						JEST_SUMMARY_RESULTS: resultsFile,
						...suite.env,
					},
				},
			);
			suite.afterJest?.(
				existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined,
			);
			return jest.status ?? 1;
		} finally {
			rmSync(dirname(tarball), { recursive: true, force: true });
		}
	};
	try {
		process.exitCode = main();
	} catch (error) {
		process.stderr.write(`[${suite.tag}] ${(error as Error).message}\n`);
		process.stderr.write(`jest: 0 passed, 1 failed, 0 skipped (${suite.what} did not start)\n`);
		process.exitCode = 1;
	}
}
