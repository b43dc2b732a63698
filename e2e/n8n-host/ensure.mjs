#!/usr/bin/env node
// Ensures the end-to-end host: a Node 24 to run n8n (n8n 2.40+ refuses older Node) and a pinned real n8n
// installed in this folder. Idempotent: a stamp records what was installed, and a second run with nothing
// changed only compares hashes (well under 2 s). Everything it installs is git-ignored.
//
//   node e2e/n8n-host/ensure.mjs                                 (npm run e2e:host: the pinned n8n of the e2e suites)
//   node e2e/n8n-host/ensure.mjs --host e2e/matrix/hosts/1.123.81  (another host folder: the version matrix's)
//
// Prints one progress line per step and a heartbeat every 10 s while npm works, then the n8n version.//
// The steps live beside it: host-paths.mjs (where), stamp.mjs (what is installed), lock.mjs (one install at a
// time), node24.mjs (the Node for n8n), install.mjs (n8n itself, with sqlite3.mjs), progress.mjs (what it prints).
import { install } from './install.mjs';
import { acquireLock } from './lock.mjs';
import { nodeChoice } from './node24.mjs';
import { elapsed, say, stopCurrentStep } from './progress.mjs';
import { isCached, writeStamp } from './stamp.mjs';

async function main() {
	const node = nodeChoice();
	const cached = isCached(node);
	if (cached) {
		// Another clone may have installed it: this one's tests read the stamp beside the definition.
		writeStamp(cached);
		say(`cached: n8n ${cached.n8nVersion} on Node ${cached.nodeVersion} (checked in ${elapsed()})`);
		return;
	}
	const release = await acquireLock();
	try {
		await install(node);
	} finally {
		release();
	}
}

// Ctrl-C: end through process.exit so that the lock is released (the 'exit' handler).
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.once(signal, () => {
		stopCurrentStep();
		process.exit(130);
	});
}

main().catch((error) => {
	say(`FAILED after ${elapsed()}: ${error.message}`);
	process.exit(1);
});
