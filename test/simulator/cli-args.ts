/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The arguments of `npm run simulator -- …` (cli.ts), apart from the process so tests can check what is
 * accepted and what is refused without starting a simulator. A refusal throws CliUsageError; cli.ts prints
 * it with the usage and exits 2.
 */
import { LatencySettingError, parseLatencyArgument, type LatencySetting } from './latency-profiles';

export const USAGE = `Usage: npm run simulator -- [--host ADDRESS] [--port N] [--latency PROFILE]
  --host ADDRESS     address to listen on (default 127.0.0.1, this machine only; SIM_HOST)
                     0.0.0.0 listens on every interface: n8n in Docker or on another machine can connect
  --port N           port (default 4010; 0 picks a free one; SIM_PORT)
  --latency PROFILE  service time per endpoint: zero (default, answers at once), realistic (the real
                     service's pace), a service profile (1 s an item): fast (takes everything), capped (8 at
                     once, a 429 past it), slowing (later answers past 8 at once), rate-limited (300 a minute),
                     or a JSON object of fields over one of them, e.g.
                     '{"profile":"realistic","chatAnswerMs":500}' (test/simulator/README.md, "Latency profiles")`;

export interface CliArgs {
	host: string;
	port: number;
	latency: LatencySetting;
}

export class CliUsageError extends Error {}

const FLAG = /^--(host|port|latency)(?:=(.*))?$/s;

/** `help: true` when --help or -h was given (the caller prints USAGE); otherwise the settings to start with. */
export function parseCliArgs(
	argv: string[],
	env: NodeJS.ProcessEnv,
): { help: true } | ({ help: false } & CliArgs) {
	const values: Record<string, string> = {};
	for (let i = 0; i < argv.length; i += 1) {
		const arg = argv[i];
		if (arg === '--help' || arg === '-h') return { help: true };
		const match = FLAG.exec(arg);
		if (!match) throw new CliUsageError(`Unknown argument: ${arg}`);
		const value = match[2] ?? argv[(i += 1)];
		if (value === undefined) throw new CliUsageError(`--${match[1]} needs a value.`);
		values[match[1]] = value;
	}

	const host = values.host ?? (env.SIM_HOST || '127.0.0.1');
	if (host.trim() === '') throw new CliUsageError('Invalid host: empty');
	return {
		help: false,
		host,
		port: parsePort(values.port ?? env.SIM_PORT),
		latency: parseLatency(values.latency),
	};
}

function parsePort(raw: string | undefined): number {
	if (raw === undefined || raw === '') return 4010;
	const port = Number(raw);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new CliUsageError(`Invalid port: ${raw}`);
	return port;
}

function parseLatency(raw: string | undefined): LatencySetting {
	if (raw === undefined) return 'zero';
	try {
		return parseLatencyArgument(raw);
	} catch (error) {
		if (error instanceof LatencySettingError) throw new CliUsageError(error.message);
		throw error;
	}
}
