/**
 * End-to-end tests: a real n8n (e2e/n8n-host) runs workflow JSON files against the simulator. Run them with
 * `npm run test:e2e`, which builds and packs the package and installs the host first.
 */
module.exports = {
	rootDir: '..',
	testEnvironment: 'node',
	roots: ['<rootDir>/e2e/tests'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }],
	},
	// Each file spends a few seconds per n8n command (execute ~3 s, start ~6 s); a file takes well under a minute.
	testTimeout: 180000,
	// One n8n process per file at a time (~415 MB each). Three files at once: the trigger files spend minutes waiting
	// for n8n's poll times (little CPU), so the other files run beside them instead of after them.
	maxWorkers: 3,
	verbose: true,
};
