#!/usr/bin/env node
// Runs a command (`node scripts/own-tmp.mjs tsx e2e/run.ts …`) with TMPDIR set to a folder of its own, removed when
// the command ends, and exits with the command's code. What the tools of a suite put in the temporary folder for
// themselves (tsx's compile cache and IPC folder, Node's compile cache of the n8n processes, Chromium's profile)
// goes with it, so a suite leaves nothing in /tmp.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
	process.stderr.write('usage: node scripts/own-tmp.mjs <command> [arguments…]\n');
	process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'dw-suite-'));
// Traversable by other users (not listable): the queue suite runs PostgreSQL as the postgres user in a folder below.
chmodSync(dir, 0o711);
const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TMPDIR: dir } });
rmSync(dir, { recursive: true, force: true });
if (run.error) process.stderr.write(`${command}: ${run.error.message}\n`);
process.exit(run.status ?? 1);
