// The end of the queue-mode run: the test file stopped everything itself; this kills and removes whatever a
// failure left behind (see e2e/lib/jest-registry.ts) and says so.
import { tearDownRegistry } from '../lib/jest-registry';

export default function globalTeardown(): void {
	tearDownRegistry('queue');
}
