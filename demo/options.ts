/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The demo's command line: --ui, --dev, --latency (the options are told in run.ts).
import { parseLatencyArgument, type LatencySetting } from '../test/simulator';

export const dev = process.argv.includes('--dev');
export const ui = dev || process.argv.includes('--ui');

/**
 * `--latency zero|realistic|<JSON>` (or `--latency=…`): the simulator's service time per endpoint. Without it the
 * demo runs at the simulator's own quick pace; `realistic` shows the package at the service's pace, as users
 * will meet it (a run takes about 10 s, a produced document a second, a chat answer two).
 */
export function latencyArgument(argv: string[]): LatencySetting {
	const index = argv.findIndex((arg) => arg === '--latency' || arg.startsWith('--latency='));
	if (index === -1) return 'zero';
	const arg = argv[index];
	const value = arg === '--latency' ? argv[index + 1] : arg.slice('--latency='.length);
	if (value === undefined)
		throw new Error(
			'--latency needs a value: zero, realistic, fast, capped, slowing, rate-limited or a JSON object of fields',
		);
	return parseLatencyArgument(value);
}
