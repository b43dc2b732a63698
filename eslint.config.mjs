// Lints as n8n verifies community packages: the plugin's `recommended` config is the cloud one
// (it includes no-restricted-imports and no-restricted-globals), plus typescript-eslint.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'bench/**', 'e2e/**', 'examples/**', '**/*.js', '**/*.mjs'] },
	...tseslint.configs.recommended,
	n8nCommunityNodesPlugin.configs.recommended,
	{
		// The package.json rules (n8n object, no runtime dependencies, peer dependencies…) read the file as JSON.
		files: ['package.json'],
		languageOptions: { parser: tseslint.parser },
		rules: {
			'@typescript-eslint/no-unused-expressions': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: { parserOptions: { projectService: false } },
		rules: {
			'@typescript-eslint/no-explicit-any': 'error',
		},
	},
);
