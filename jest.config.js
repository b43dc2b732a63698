/**
 * Jest runs the TypeScript sources directly (ts-jest); type errors are caught by `npm run typecheck`.
 * Two projects, reported separately: "nodes" (the package: unit, integration, reliability and model tests) and
 * "simulator" (the simulated service's own tests).
 */
const shared = {
	testEnvironment: 'node',
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }],
	},
	setupFiles: ['<rootDir>/test/setup/env.ts', '<rootDir>/test/setup/regexTimeout.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/setup/cleanup.ts'],
};

module.exports = {
	testTimeout: 60000,
	// Jest's default cache lives in the temporary folder, which test/setup/jest-summary.js makes anew for every run:
	// kept here instead, the compiled test files carry over from one run to the next.
	cacheDirectory: '<rootDir>/.cache/jest',
	// Each test file starts its own simulator on an ephemeral 127.0.0.1 port; two workers fit the 2-core machines.
	maxWorkers: 2,
	projects: [
		{
			...shared,
			displayName: 'nodes',
			roots: ['<rootDir>/test', '<rootDir>/nodes'],
			// The examples and the catalog search run with n8n's own nodes from the e2e host: `npm run test:e2e` installs
			// it, then runs them.
			testPathIgnorePatterns: [
				'/node_modules/',
				'<rootDir>/test/simulator/',
				...(process.env.WITH_N8N_HOST === '1'
					? []
					: [
							'<rootDir>/test/operations/examples.test.ts',
							'<rootDir>/test/unit/package/catalogSearch.test.ts',
						]),
			],
		},
		{
			...shared,
			displayName: 'simulator',
			roots: ['<rootDir>/test/simulator'],
		},
	],
};
