// What is installed: the stamp written after an install, and whether it still matches the definition and the Node.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import {
	DEFINITION,
	DEFINITION_FILES,
	DEFINITION_STAMP,
	HOST,
	N8N_BIN,
	RECIPE,
	STAMP,
} from './host-paths.mjs';

export function hostHash() {
	const hash = createHash('sha256').update(`recipe ${RECIPE}\n`);
	for (const file of DEFINITION_FILES) {
		const path = join(DEFINITION, file);
		hash.update(`${file}\n`).update(existsSync(path) ? readFileSync(path) : 'missing');
	}
	return hash.digest('hex');
}

export function readStamp() {
	try {
		return JSON.parse(readFileSync(STAMP, 'utf8'));
	} catch {
		return undefined;
	}
}

export function writeStamp(stamp) {
	for (const file of new Set([STAMP, DEFINITION_STAMP])) {
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, `${JSON.stringify(stamp, null, 2)}\n`);
	}
}

export function isCached(node) {
	const stamp = readStamp();
	// The Node binary is compared by its real path: a git worktree that shares the host (e2e/.cache and
	// e2e/n8n-host/node_modules as symlinks into another checkout) names it through another path, and a
	// reinstall there would run `npm ci` through the symlink into the other checkout's folder.
	// A host in the user's cache serves every clone on the machine, each with its own Node 24 download: there the
	// Node version is what the install depends on (the sqlite3 binding), and the stamp then names this clone's binary.
	const sameNode = HOST === DEFINITION ? sameFile(stamp?.nodeBin, node.bin) : true;
	const fresh =
		stamp &&
		stamp.hash === hostHash() &&
		stamp.nodeVersion === node.version &&
		sameNode &&
		existsSync(N8N_BIN);
	return fresh ? { ...stamp, nodeBin: node.bin } : undefined;
}

function sameFile(a, b) {
	try {
		return realpathSync(a) === realpathSync(b);
	} catch {
		return false;
	}
}
