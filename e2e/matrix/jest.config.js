/**
 * The version matrix: the essentials in every n8n the package claims (e2e/matrix/hosts). Run it with
 * `npm run test:matrix`, which builds and packs the package, installs the hosts and writes the table.
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/e2e/matrix'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }],
	},
	// Each version's setup and essentials take about a minute (n8n commands of 2-6 s each, two starts for the trigger).
	testTimeout: 180000,
	// The hosts come in two files (essentials.ts): two n8n at once, as the e2e suite runs them on the 2-core machines.
	maxWorkers: 2,
	verbose: true,
};
