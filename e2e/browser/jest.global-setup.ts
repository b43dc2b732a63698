// The browser run's process registry (see e2e/lib/jest-registry.ts): a Ctrl+C, SIGTERM or SIGHUP kills what
// the test started (n8n, its task runner, Chromium) and removes the folders.
import { installRegistry } from '../lib/jest-registry';

export default function globalSetup(): void {
  installRegistry('browser');
}
