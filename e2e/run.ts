// npm run test:e2e: build, pack, make sure the n8n host is installed, then run the e2e Jest suite through
// test/setup/jest-summary.js (so the output ends with "jest: N passed, N failed, N skipped").
// Extra arguments go to Jest, e.g. `npm run test:e2e -- -t trigger`.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { ensureHost, REPO_DIR } from './lib/host';
import { buildPackage, packPackage } from './lib/pack';

const started = Date.now();
const say = (line: string) => process.stdout.write(`[e2e] ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);

function main(): number {
  say('building the package');
  buildPackage();
  const tarball = packPackage();
  say(`packed ${tarball}`);
  try {
    const host = ensureHost();
    say(`n8n ${host.n8nVersion} on Node ${host.nodeVersion}: running the e2e tests`);
    const jest = spawnSync(process.execPath, [join(REPO_DIR, 'test', 'setup', 'jest-summary.js'), '--config', join(REPO_DIR, 'e2e', 'jest.config.js'), ...process.argv.slice(2)], {
      cwd: REPO_DIR,
      stdio: 'inherit',
      env: { ...process.env, E2E_PACKAGE_TARBALL: tarball },
    });
    return jest.status ?? 1;
  } finally {
    rmSync(dirname(tarball), { recursive: true, force: true });
  }
}

try {
  process.exitCode = main();
} catch (error) {
  process.stderr.write(`[e2e] ${(error as Error).message}\n`);
  process.stderr.write('jest: 0 passed, 1 failed, 0 skipped (the e2e suite did not start)\n');
  process.exitCode = 1;
}
