// The project's own checks, beside n8n's: `eslint.config.mjs` belongs to n8n (`n8n-node lint` refuses it
// modified in strict mode) and is never edited. `npm run lint:project` runs this file with
// --no-inline-config, so a disable comment cannot switch these rules off: the test tooling's
// `/* eslint-disable */` header (which only keeps n8n's node rules away from it) has no effect here.
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{
		ignores: [
			'dist/**',
			'**/node_modules/**',
			'e2e/.cache/**',
			'e2e/.artifacts/**',
			'e2e/n8n-host/**',
		],
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		extends: [tseslint.configs.recommended],
		rules: {
			// No `any` in what ships, not even behind a disable comment.
			'@typescript-eslint/no-explicit-any': 'error',
		},
	},
	{
		// Test tooling: the simulator, the harness, the suites, the end-to-end driver, the demo, the benchmarks.
		files: ['test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'demo/**/*.ts'],
		extends: [tseslint.configs.recommended],
		rules: {
			// `_name` marks a value left out on purpose (a rest sibling, an unused parameter of an interface).
			'@typescript-eslint/no-unused-vars': [
				'error',
				{
					argsIgnorePattern: '^_',
					varsIgnorePattern: '^_',
					caughtErrorsIgnorePattern: '^_',
					ignoreRestSiblings: true,
				},
			],
			// Tests probe JSON of any shape and fast-check's generic properties; `npm run typecheck` covers them.
			'@typescript-eslint/no-explicit-any': 'off',
			// The benchmarks load n8n's own nodes from the e2e host at run time, by path.
			'@typescript-eslint/no-require-imports': 'off',
		},
	},
);
