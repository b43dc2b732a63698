/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// n8n-workflow runs the regular expressions of parameter checks (a resource locator's "By ID" pattern, display
// conditions) in a `vm` script with a 250 ms wall-clock timeout. On a loaded machine the process can be descheduled
// for longer than that in the middle of a match, and the check fails with "Regular expression execution timed
// out": a clock assertion inside n8n. The tests keep n8n's engine (a `vm` script per match) with a timeout no busy
// machine reaches; ReDoS protection is not what they test (every pattern is the package's own).
import { createContext, Script } from 'node:vm';

// A deep import: n8n-workflow exports the setter from this module only.
const { setSafeRegexEngine } = require('n8n-workflow/dist/cjs/safe-regex.js') as {
	setSafeRegexEngine: (
		engine: Record<
			'exec' | 'test' | 'replace' | 'matchAll' | 'split',
			(...args: never[]) => unknown
		>,
	) => void;
};

const TIMEOUT_MS = 30_000;
const context = createContext({
	pattern: '',
	flags: '',
	input: '',
	replacement: '',
	result: undefined as unknown,
});
const script = (body: string) => new Script(`result = ${body}`);
const scripts = {
	exec: script('new RegExp(pattern, flags).exec(input)'),
	test: script('new RegExp(pattern, flags).test(input)'),
	replace: script('input.replace(new RegExp(pattern, flags), replacement)'),
	matchAll: script('Array.from(input.matchAll(new RegExp(pattern, flags)))'),
	split: script('input.split(new RegExp(pattern, flags))'),
};
const run = (
	name: keyof typeof scripts,
	pattern: string,
	input: string,
	flags = '',
	replacement = '',
) => {
	Object.assign(context, { pattern, input, flags, replacement, result: undefined });
	scripts[name].runInContext(context, { timeout: TIMEOUT_MS });
	return context.result;
};
const globalFlag = (flags = '') => (flags.includes('g') ? flags : `${flags}g`);

setSafeRegexEngine({
	exec: (pattern: string, input: string, flags?: string) => run('exec', pattern, input, flags),
	test: (pattern: string, input: string, flags?: string) => run('test', pattern, input, flags),
	replace: (pattern: string, input: string, flags: string | undefined, replacement: string) =>
		run('replace', pattern, input, flags, replacement),
	matchAll: (pattern: string, input: string, flags?: string) =>
		run('matchAll', pattern, input, globalFlag(flags)),
	split: (pattern: string, input: string, flags?: string) => run('split', pattern, input, flags),
} as never);
