// The end of the browser run: stops the shared world (the simulator, n8n, Chromium: jest.global-setup.ts), then
// kills and removes whatever a failure left behind (see e2e/lib/jest-registry.ts) and says so.
import { tearDownRegistry } from '../lib/jest-registry';
import { worldHolder } from './jest.global-setup';

export default async function globalTeardown(): Promise<void> {
	await worldHolder.browserWorld?.close();
	tearDownRegistry('browser');
}
