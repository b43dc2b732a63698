/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The end of the queue-mode run: the test file stopped everything itself; this kills and removes whatever a
// failure left behind (see jest.global-setup.ts) and says so.
import { rmSync } from 'node:fs';

import { cleanUpRegistry } from '../lib/processes';

export default function globalTeardown(): void {
  const dir = process.env.DW_PROCESS_REGISTRY;
  if (!dir) return;
  const actions = cleanUpRegistry(dir);
  rmSync(dir, { recursive: true, force: true });
  if (actions.length) process.stderr.write(`[queue] left behind by the test and cleaned up now: ${actions.join('; ')}\n`);
}
