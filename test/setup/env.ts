/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// n8n-core writes its settings under N8N_USER_FOLDER (default ~/.n8n): keep every test file in a throwaway folder,
// removed after the file (test/setup/cleanup.ts), so a run leaves nothing behind even when Jest is run directly.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.env.N8N_USER_FOLDER) {
  process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'dw-n8n-'));
  process.env.DW_TEST_OWN_USER_FOLDER = process.env.N8N_USER_FOLDER;
}
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_ENCRYPTION_KEY ??= 'drafting-workspace-test-key';
