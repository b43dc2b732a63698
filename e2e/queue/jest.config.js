/**
 * The queue-mode scenarios (e2e/queue/*.queue.test.ts): one n8n main, two workers, Redis and PostgreSQL, all
 * started by the test file. Run them with `npm run test:queue` (e2e/queue/run.ts), which builds and packs the
 * package and installs the n8n host first.
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/e2e/queue'],
	testMatch: ['**/*.queue.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }],
	},
	// The whole file takes about 5 minutes (the trigger scenario waits for n8n's one-minute poll schedule).
	testTimeout: 420000,
	// One file, run in band (npm run test:queue passes --runInBand): the handlers installed by the global setup
	// in the real Jest process then stop every process on Ctrl+C or SIGTERM.
	maxWorkers: 1,
	globalSetup: '<rootDir>/e2e/queue/jest.global-setup.ts',
	globalTeardown: '<rootDir>/e2e/queue/jest.global-teardown.ts',
	verbose: true,
};
