/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Import first in a test file whose binary data should live in n8n's filesystem store, as in a default n8n
 * instance (N8N_DEFAULT_BINARY_DATA_MODE=filesystem), instead of inline base64. Jest gives every test file
 * its own module registry, so the store set up here stays in that file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';
// Under Jest, test/setup/env.ts has already given the file its own folder (removed after the file). Outside Jest
// (the bench imports this), the folder made here is removed when the process ends, so nothing stays in /tmp.
if (!process.env.N8N_USER_FOLDER) {
	const folder = mkdtempSync(join(tmpdir(), 'dw-fs-binary-'));
	process.env.N8N_USER_FOLDER = folder;
	process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
}

import 'reflect-metadata';
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import { installCapturingLogger } from '../harness/logger';

export async function initFilesystemBinaryData(): Promise<void> {
	// The harness's logger first: the services built here (and n8n's ErrorReporter with them) would otherwise get
	// n8n's console logger, and every execution error a test provokes on purpose would print to the test output.
	installCapturingLogger();
	await Container.get(BinaryDataService).init();
}
