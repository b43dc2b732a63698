// The queue-mode run's process registry (see e2e/lib/jest-registry.ts): a Ctrl+C, SIGTERM or SIGHUP kills
// what the test started, stops PostgreSQL and removes the folders.
import { installRegistry } from '../lib/jest-registry';

export default function globalSetup(): void {
	installRegistry('queue');
}
