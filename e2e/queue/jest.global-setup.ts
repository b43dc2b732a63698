/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Jest runs test code with a copy of `process` on which signal and exit listeners never fire, so the clean-up
// of the queue-mode test lives here, in the real Jest process (the file runs in band): every PID and clean-up
// the driver starts is written to a registry folder (DW_PROCESS_REGISTRY, see e2e/lib/processes.ts), and a
// Ctrl+C, SIGTERM or SIGHUP kills what is still alive, stops PostgreSQL and removes the folders.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { cleanUpRegistry } from '../lib/processes';

export default function globalSetup(): void {
  const dir = mkdtempSync(join(tmpdir(), 'dw-process-registry-'));
  process.env.DW_PROCESS_REGISTRY = dir;
  const cleanUp = (why: string) => {
    const actions = cleanUpRegistry(dir);
    rmSync(dir, { recursive: true, force: true });
    if (actions.length) process.stderr.write(`\n[queue] ${why}: ${actions.join('; ')}\n`);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      cleanUp(`${signal} received`);
      process.kill(process.pid, signal);
    });
  }
  process.once('exit', () => cleanUp('exit'));
}
