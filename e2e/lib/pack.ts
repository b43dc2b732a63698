/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Builds the node package and packs it exactly as it would be published (`npm pack`), so the end-to-end
// tests load what users install, not the working tree.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { REPO_DIR } from './host';

function npm(args: string[], capture = false): string {
	const run = spawnSync('npm', args, {
		cwd: REPO_DIR,
		encoding: 'utf8',
		stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
	});
	if (run.status !== 0)
		throw new Error(`npm ${args.join(' ')} failed (exit code ${run.status ?? run.signal})`);
	return run.stdout ?? '';
}

export function buildPackage(): void {
	npm(['run', 'build']);
}

/** `npm pack` into `destination` (a new temporary folder by default); returns the tarball's path. */
export function packPackage(destination = mkdtempSync(join(tmpdir(), 'dw-e2e-pack-'))): string {
	const output = npm(['pack', '--json', '--pack-destination', destination], true);
	const [packed] = JSON.parse(output.slice(output.indexOf('['))) as Array<{ filename: string }>;
	return join(destination, packed.filename);
}

/**
 * The tarball the tests install: the one `npm run test:e2e` packed (E2E_PACKAGE_TARBALL), or, when a
 * test file is run on its own, a fresh build and pack.
 */
export function packageTarball(): string {
	const given = process.env.E2E_PACKAGE_TARBALL;
	if (given) return given;
	buildPackage();
	const tarball = packPackage();
	process.env.E2E_PACKAGE_TARBALL = tarball;
	return tarball;
}
