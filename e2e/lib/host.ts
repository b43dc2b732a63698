/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Where the end-to-end host lives and how to make sure it is installed. The install itself is
// e2e/n8n-host/ensure.mjs (plain Node, so `npm run e2e:host` needs nothing compiled); this module runs it
// and reads the stamp it writes.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const E2E_DIR = resolve(__dirname, '..');
export const REPO_DIR = resolve(E2E_DIR, '..');
export const HOST_DIR = join(E2E_DIR, 'n8n-host');
const ENSURE_SCRIPT = join(HOST_DIR, 'ensure.mjs');
const stampOf = (hostDir: string) => join(hostDir, '.cache', 'stamp.json');

export interface N8nHost {
	/** The Node binary that runs n8n (24+: the system one when recent enough, else e2e/.cache/node24). */
	nodeBin: string;
	nodeVersion: string;
	/** n8n's CLI entry (run as `<nodeBin> <n8nBin> <command>`). */
	n8nBin: string;
	n8nVersion: string;
}

/**
 * The installed host, as recorded by ensure.mjs; throws with the fix when it is missing. `hostDir` is the folder of
 * its package.json: e2e/n8n-host (the pinned n8n of the e2e suites) by default, or one of the version matrix's.
 */
export function readHost(hostDir = HOST_DIR): N8nHost {
	let stamp: Partial<N8nHost> = {};
	try {
		stamp = JSON.parse(readFileSync(stampOf(hostDir), 'utf8')) as Partial<N8nHost>;
	} catch {
		// reported below
	}
	const { nodeBin, nodeVersion, n8nBin, n8nVersion } = stamp;
	if (
		!nodeBin ||
		!nodeVersion ||
		!n8nBin ||
		!n8nVersion ||
		!existsSync(nodeBin) ||
		!existsSync(n8nBin)
	) {
		const install =
			hostDir === HOST_DIR ? 'npm run e2e:host' : `node e2e/n8n-host/ensure.mjs --host ${hostDir}`;
		throw new Error(
			`The n8n host is not installed: run \`${install}\` (the test commands do it for you).`,
		);
	}
	return { nodeBin, nodeVersion, n8nBin, n8nVersion };
}

/** Installs the host when needed (cached: under 2 s when nothing changed), printing its progress. */
export function ensureHost(hostDir = HOST_DIR): N8nHost {
	const run = spawnSync(
		process.execPath,
		[ENSURE_SCRIPT, ...(hostDir === HOST_DIR ? [] : ['--host', hostDir])],
		{ stdio: 'inherit' },
	);
	if (run.status !== 0)
		throw new Error(
			`e2e/n8n-host/ensure.mjs failed for ${hostDir} (exit code ${run.status ?? run.signal})`,
		);
	return readHost(hostDir);
}

export const majorVersion = (host: N8nHost): number => Number(host.n8nVersion.split('.')[0]);

/** Whether this n8n knows a backend module by that name (N8N_DISABLED_MODULES refuses names it does not know). */
export function hostHasModule(host: N8nHost, name: string): boolean {
	const modules = resolve(
		host.n8nBin,
		'..',
		'..',
		'..',
		'@n8n',
		'backend-common',
		'dist',
		'modules',
		'modules.config.js',
	);
	return existsSync(modules) && readFileSync(modules, 'utf8').includes(`'${name}'`);
}
