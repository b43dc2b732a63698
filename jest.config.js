/** Jest runs the TypeScript sources directly (ts-jest); type errors are caught by `npm run typecheck`. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/nodes'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }],
  },
  setupFiles: ['<rootDir>/test/setup/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/cleanup.ts'],
  testTimeout: 60000,
  // Each test file starts its own simulator on an ephemeral 127.0.0.1 port; two workers fit the 2-core machines.
  maxWorkers: 2,
};
