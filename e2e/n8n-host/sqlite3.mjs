// sqlite3, the one native module n8n cannot start without: its binding built for the host's Node, or copied
// from the user's cache.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { CACHE_ROOT, HOST } from './host-paths.mjs';
import { say, step } from './progress.mjs';

// The compiled sqlite3 binding depends only on sqlite3's version, the Node that loads it and the platform, so
// it is kept in the user's cache (as npm keeps its tarballs) and a second clone on the same machine copies
// it instead of compiling again (about 100 s on a 2-core machine). A copy that does not load is rebuilt.
const SQLITE3_DIR = join(HOST, 'node_modules', 'sqlite3');
const SQLITE3_BINDING = join(SQLITE3_DIR, 'build', 'Release', 'node_sqlite3.node');

function sqlite3CachePath(node) {
	const version = JSON.parse(readFileSync(join(SQLITE3_DIR, 'package.json'), 'utf8')).version;
	return join(
		CACHE_ROOT,
		`sqlite3-${version}-node${node.version}-${process.platform}-${process.arch}.node`,
	);
}

function sqlite3Loads(node, env) {
	const run = spawnSync(node.bin, ['-e', "require('sqlite3')"], {
		cwd: HOST,
		env,
		stdio: 'ignore',
		timeout: 60_000,
	});
	return run.status === 0;
}

export async function ensureSqlite3(node, env) {
	const cache = sqlite3CachePath(node);
	if (existsSync(cache)) {
		mkdirSync(dirname(SQLITE3_BINDING), { recursive: true });
		copyFileSync(cache, SQLITE3_BINDING);
		if (sqlite3Loads(node, env)) {
			say(`sqlite3 for Node ${node.version}: copied from ${cache}`);
			return;
		}
		say(`sqlite3 from ${cache} does not load: building it again`);
		rmSync(cache, { force: true });
	}
	await step(
		'building sqlite3 for Node 24 (about a minute)',
		'npm',
		['rebuild', 'sqlite3', '--ignore-scripts=false', '--loglevel=error'],
		{ env, label: 'sqlite3 build' },
	);
	try {
		mkdirSync(dirname(cache), { recursive: true });
		// Written under a temporary name, then renamed: a concurrent clone never copies half a file.
		copyFileSync(SQLITE3_BINDING, `${cache}.${process.pid}`);
		renameSync(`${cache}.${process.pid}`, cache);
	} catch (error) {
		say(
			`sqlite3 built, but not kept in the cache (${error.message}): the next clone builds it again`,
		);
	}
}
