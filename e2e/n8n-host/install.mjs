// Installing the host: the Node for n8n, then n8n itself (npm ci with the committed lock), sqlite3, the stamp.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import {
	DEFINITION,
	DEFINITION_FILES,
	DEFINITION_STAMP,
	HOST,
	N8N_BIN,
	STAMP,
} from './host-paths.mjs';
import { ensureNode, hostEnv } from './node24.mjs';
import { elapsed, say, step } from './progress.mjs';
import { ensureSqlite3 } from './sqlite3.mjs';
import { hostHash, isCached, readStamp, writeStamp } from './stamp.mjs';

function countPackages() {
	const modules = join(HOST, 'node_modules');
	if (!existsSync(modules)) return 0;
	let count = 0;
	for (const entry of readdirSync(modules)) {
		if (entry.startsWith('.')) continue;
		count += entry.startsWith('@') ? readdirSync(join(modules, entry)).length : 1;
	}
	return count;
}

async function installN8n(node) {
	const env = hostEnv(node);
	const detail = () => {
		const count = countPackages();
		return count
			? `${count} packages in node_modules`
			: 'resolving and fetching the dependency tree';
	};
	// With the committed lock: `npm ci` (deterministic, removes any half-finished node_modules first).
	// Without it: `npm install`, which writes the lock to commit. To change the pin or an override, delete
	// package-lock.json with it (npm ci refuses a lock out of sync with package.json).
	if (HOST !== DEFINITION) {
		mkdirSync(HOST, { recursive: true });
		for (const file of DEFINITION_FILES) {
			rmSync(join(HOST, file), { force: true });
			if (existsSync(join(DEFINITION, file)))
				copyFileSync(join(DEFINITION, file), join(HOST, file));
		}
	}
	const hasLock = existsSync(join(HOST, 'package-lock.json'));
	const install = hasLock ? ['ci'] : ['install'];
	await step(
		`npm ${install[0]} of n8n@${n8nPin()} (about 2,100 packages, 2.2 GB: about 2 minutes with a warm npm cache, more when cold)`,
		'npm',
		[...install, '--loglevel=error', '--no-progress'],
		{ env, detail, label: `npm ${install[0]}` },
	);
	// A lock written by `npm install` belongs beside the definition, to be committed.
	if (!hasLock && HOST !== DEFINITION)
		copyFileSync(join(HOST, 'package-lock.json'), join(DEFINITION, 'package-lock.json'));
	// Install scripts were skipped (.npmrc). sqlite3 is the one native module n8n cannot start without and
	// its prebuilt binary is not reachable here, so it compiles. The others are fine without their scripts:
	// isolated-vm loads its bundled prebuilt for linux-x64 (its script only checks for it), the rest are
	// optional (ssh2, cpu-features, msgpackr-extract, oracledb), checks (@sentry/*, protobufjs) or downloads
	// n8n does not need to run these workflows (agent-browser, Kafka's native client).
	await ensureSqlite3(node, env);
}

function n8nPin() {
	return JSON.parse(readFileSync(join(HOST, 'package.json'), 'utf8')).dependencies.n8n;
}

function n8nVersion(node) {
	const run = spawnSync(node.bin, [N8N_BIN, '--version'], {
		cwd: HOST,
		env: hostEnv(node),
		encoding: 'utf8',
		timeout: 60_000,
	});
	const version = (run.stdout ?? '').trim().split('\n').pop();
	if (run.status !== 0 || !/^\d+\.\d+\.\d+/.test(version ?? '')) {
		throw new Error(
			`n8n --version failed (exit ${run.status}): ${(run.stderr || run.stdout || '').trim().slice(-2000)}`,
		);
	}
	return version;
}

export async function install(node) {
	// Another process may have installed while this one waited for the lock.
	const done = isCached(node);
	if (done) {
		writeStamp(done);
		say(
			`installed meanwhile by another process: n8n ${done.n8nVersion} on Node ${done.nodeVersion}`,
		);
		return;
	}
	say(
		readStamp()
			? 'the host changed since the last install: reinstalling'
			: 'no host installed yet: installing',
	);
	await ensureNode(node);
	say(`Node for n8n: ${node.version} (${node.bin})`);
	for (const file of [STAMP, DEFINITION_STAMP]) rmSync(file, { force: true });
	await installN8n(node);
	const version = n8nVersion(node);
	// The lock may have just been written by `npm install`: hash again.
	writeStamp({
		hash: hostHash(),
		nodeVersion: node.version,
		nodeBin: node.bin,
		n8nBin: N8N_BIN,
		n8nVersion: version,
		installedAt: new Date().toISOString(),
	});
	say(`ready in ${elapsed()}: n8n ${version} on Node ${node.version}`);
}
