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
// The harness replaces n8n's logger with one that keeps the lines for the tests (test/harness/logger.ts). Should
// n8n build its own logger anyway (a service made before the harness's is installed), it writes to a file in this
// test file's user folder, never to the test output: executions that a test makes fail on purpose log errors.
// HARNESS_LOG=1 prints what the harness's logger receives.
const userFolder = process.env.N8N_USER_FOLDER;
if (userFolder) {
	process.env.N8N_LOG_OUTPUT ??= 'file';
	process.env.N8N_LOG_FILE_LOCATION ??= join(userFolder, 'logs', 'n8n.log');
}
process.env.N8N_ENCRYPTION_KEY ??= 'drafting-workspace-test-key';
