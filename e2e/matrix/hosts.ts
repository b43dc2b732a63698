/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The n8n versions the package claims, each a host the version matrix installs and runs the essentials in: the
// oldest 1.x still patched, 2.0, the first 2.x that ships @n8n/ai-node-sdk, and the pinned latest (e2e/n8n-host).
// A version is added by adding its folder (package.json, .npmrc; the lock is written by the first install).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { E2E_DIR, HOST_DIR, type N8nHost } from '../lib/host';

const MATRIX_HOSTS_DIR = join(E2E_DIR, 'matrix', 'hosts');

export interface MatrixEntry {
	/** The n8n version pinned in the folder's package.json. */
	version: string;
	/** The host's definition folder (ensure.mjs --host). */
	dir: string;
}

const pinOf = (dir: string) =>
	(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: { n8n: string } })
		.dependencies.n8n;

function compareVersions(a: string, b: string): number {
	const [x, y] = [a, b].map((version) => version.split('.').map(Number));
	for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
	return 0;
}

/** Every entry, oldest first. */
export function matrixEntries(): MatrixEntry[] {
	const folders = readdirSync(MATRIX_HOSTS_DIR, { withFileTypes: true })
		.filter(
			(entry) =>
				entry.isDirectory() && existsSync(join(MATRIX_HOSTS_DIR, entry.name, 'package.json')),
		)
		.map((entry) => join(MATRIX_HOSTS_DIR, entry.name));
	return [...folders, HOST_DIR]
		.map((dir) => ({ version: pinOf(dir), dir }))
		.sort((a, b) => compareVersions(a.version, b.version));
}

/**
 * The version of @n8n/ai-node-sdk that this n8n ships, if any: in its own node_modules, where n8n's module paths
 * (put on NODE_PATH for community packages) find it. Only the host's own folders count: the repository's
 * node_modules has the SDK as a dev dependency, and a host inside the repository must not be credited with it.
 */
export function aiNodeSdkVersion(host: N8nHost): string | undefined {
	const modules = resolve(host.n8nBin, '..', '..', '..');
	for (const manifest of [
		join(modules, 'n8n', 'node_modules', '@n8n', 'ai-node-sdk', 'package.json'),
		join(modules, '@n8n', 'ai-node-sdk', 'package.json'),
	]) {
		if (existsSync(manifest))
			return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
	}
	return undefined;
}
