/**
 * The browser scenarios (e2e/browser/*.browser.test.ts): the n8n editor in headless Chromium, with the demo's
 * set-up (the packed package in `n8n start`, the simulator, the credential, the example workflows). Run them
 * with `npm run test:browser` (e2e/browser/run.ts), which builds and packs the package and installs the n8n
 * host first.
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/e2e/browser'],
	testMatch: ['**/*.browser.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }],
	},
	// Per test: the machine is slow (2 cores shared by n8n, its task runner and Chromium); a step takes seconds.
	testTimeout: 120000,
	// One file, run in band (npm run test:browser passes --runInBand): the handlers installed by the global
	// setup in the real Jest process then stop every process on Ctrl+C or SIGTERM.
	maxWorkers: 1,
	globalSetup: '<rootDir>/e2e/browser/jest.global-setup.ts',
	globalTeardown: '<rootDir>/e2e/browser/jest.global-teardown.ts',
	verbose: true,
};
