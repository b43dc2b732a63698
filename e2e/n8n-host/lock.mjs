// One install at a time per host folder.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { LOCK } from './host-paths.mjs';
import { elapsed, say } from './progress.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

/**
 * One install at a time per folder: the tests, a demo and a benchmark may all call this at once, and two
 * npm installs in one node_modules corrupt each other. The lock is a directory (mkdir is atomic) holding
 * the owner's pid; a lock whose owner is gone is taken over. Returns the release function.
 */
export async function acquireLock() {
	mkdirSync(dirname(LOCK), { recursive: true });
	const waitFrom = Date.now();
	let lastNote = 0;
	for (;;) {
		try {
			mkdirSync(LOCK);
			writeFileSync(join(LOCK, 'pid'), String(process.pid));
			const release = () => rmSync(LOCK, { recursive: true, force: true });
			process.once('exit', release);
			return release;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
		}
		let owner;
		try {
			owner = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
		} catch {
			// created but the pid not written yet, or its owner died in between: stale after 10 s
		}
		const stale = owner
			? !isAlive(owner)
			: Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > 10_000;
		if (stale) {
			rmSync(LOCK, { recursive: true, force: true });
			continue;
		}
		if (Date.now() - lastNote >= 10_000) {
			say(
				`another install (pid ${owner ?? '?'}) is working in this folder: waiting for it, ${elapsed(waitFrom)}`,
			);
			lastNote = Date.now();
		}
		await sleep(1000);
	}
}
