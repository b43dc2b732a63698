/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Removes the n8n user folder that test/setup/env.ts made for this test file (never one given from outside).
import { rmSync } from 'node:fs';

afterAll(() => {
  const own = process.env.DW_TEST_OWN_USER_FOLDER;
  if (own) rmSync(own, { recursive: true, force: true });
});
