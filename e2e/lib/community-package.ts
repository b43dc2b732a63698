/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The packed package installed into an n8n user folder as n8n's community-package installer does.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_DIR } from './host';

const PACKAGE = JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
};

/**
 * Installs the tarball as n8n's community-package installer does: extracted into
 * `.n8n/nodes/node_modules/<name>`, dev/peer/optional dependencies dropped from its package.json, and the
 * package listed in `.n8n/nodes/package.json`. `n8n-workflow` then resolves from n8n's own modules (n8n
 * puts its module paths on NODE_PATH), as in a real install.
 */
export function installCommunityPackage(userFolder: string, tarball: string): void {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const target = join(nodesDir, 'node_modules', PACKAGE.name);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	const untar = spawnSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'], {
		encoding: 'utf8',
	});
	if (untar.status !== 0) throw new Error(`Could not extract ${tarball}: ${untar.stderr}`);
	const manifestPath = join(target, 'package.json');
	const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
	if (manifest.dependencies && Object.keys(manifest.dependencies).length) {
		throw new Error(
			`${PACKAGE.name} declares runtime dependencies; this installer does not install them (and n8n Cloud refuses them)`,
		);
	}
	const {
		devDependencies: _dev,
		peerDependencies: _peer,
		optionalDependencies: _optional,
		...installed
	} = manifest;
	writeFileSync(manifestPath, `${JSON.stringify(installed, null, 2)}\n`);
	writeFileSync(
		join(nodesDir, 'package.json'),
		`${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [PACKAGE.name]: String(manifest.version) } }, null, 2)}\n`,
	);
}
