// npm run test:queue: the package in n8n queue mode (main + 2 workers + Redis + PostgreSQL).
// Builds and packs the package, makes sure the n8n host is installed (npm run e2e:host), then runs
// e2e/queue/*.queue.test.ts in band through test/setup/jest-summary.js, so the output ends with
// "jest: N passed, N failed, N skipped". The test file itself installs Redis when missing, starts and stops
// every process, and prints the summary (timings, throughput, memory per process, outcomes).
// Extra arguments go to Jest, e.g. `npm run test:queue -- -t trigger`.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { ensureHost, REPO_DIR } from '../lib/host';
import { buildPackage, packPackage } from '../lib/pack';

const started = Date.now();
const say = (line: string) => process.stdout.write(`[queue] ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);

function main(): number {
  say('building the package');
  buildPackage();
  const tarball = packPackage();
  say(`packed ${tarball}`);
  try {
    const host = ensureHost();
    say(`n8n ${host.n8nVersion} on Node ${host.nodeVersion}: running the queue-mode scenarios`);
    const jest = spawnSync(
      process.execPath,
      [join(REPO_DIR, 'test', 'setup', 'jest-summary.js'), '--config', join(REPO_DIR, 'e2e', 'queue', 'jest.config.js'), '--runInBand', ...process.argv.slice(2)],
      { cwd: REPO_DIR, stdio: 'inherit', env: { ...process.env, E2E_PACKAGE_TARBALL: tarball, QUEUE_TEST_STARTED_AT: String(started) } },
    );
    return jest.status ?? 1;
  } finally {
    rmSync(dirname(tarball), { recursive: true, force: true });
  }
}

try {
  process.exitCode = main();
} catch (error) {
  process.stderr.write(`[queue] ${(error as Error).message}\n`);
  process.stderr.write('jest: 0 passed, 1 failed, 0 skipped (the queue-mode suite did not start)\n');
  process.exitCode = 1;
}
