/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Runs the simulator alone: `npx tsx test/simulator/cli.ts [--host A] [--port N] [--latency P]` (or `npm run simulator -- …`).
 * Host: --host, else SIM_HOST, else 127.0.0.1 (this machine only); `--host 0.0.0.0` listens on every interface
 * so an n8n in Docker or on another machine can reach it. Port: --port, else SIM_PORT, else 4010 (0: any free one).
 * Latency: --latency zero (default) | realistic | a JSON object of fields (cli-args.ts, latency-profiles.ts).
 * Prints the Base URL(s) to paste into n8n's credential, the `full` demo key and the admin token.
 */
import { networkInterfaces } from 'node:os';
import { CliUsageError, parseCliArgs, USAGE, type CliArgs } from './cli-args';
import { createSimulator, describeLatency, FIXTURE_KEYS } from './index';

function fail(message: string): never {
	console.error(`${message}\n${USAGE}`);
	process.exit(2);
}

function parseArgs(argv: string[]): CliArgs {
	try {
		const parsed = parseCliArgs(argv, process.env);
		if (!parsed.help) return parsed;
	} catch (error) {
		if (error instanceof CliUsageError) fail(error.message);
		throw error;
	}
	console.log(USAGE);
	process.exit(0);
}

const WILDCARDS = new Set(['0.0.0.0', '::']);
const LOOPBACK = /^(127\.|::1$|localhost$)/;

/** IPv4 addresses of this machine's other interfaces (LAN, Docker bridge…): where other machines connect. */
function externalIPv4(): string[] {
	return Object.values(networkInterfaces())
		.flatMap((entries) => entries ?? [])
		.filter((entry) => entry.family === 'IPv4' && !entry.internal)
		.map((entry) => entry.address);
}

async function main(): Promise<void> {
	const { host, port: requestedPort, latency } = parseArgs(process.argv.slice(2));
	const sim = createSimulator({ host, port: requestedPort, latency });
	const url = await sim.start();
	const port = new URL(url).port;
	const everywhere = WILDCARDS.has(host);
	const lines = [
		`Drafting Workspace simulator listening on ${url}${everywhere ? ` (bound to ${host}: every interface)` : ''}`,
		'',
		'Base URL for the "Drafting Workspace API" credential in n8n:',
		`  n8n on this machine:       ${url}`,
	];
	if (everywhere) {
		lines.push(`  n8n in Docker:             http://host.docker.internal:${port}`);
		lines.push(
			'                             (on Linux start the container with --add-host=host.docker.internal:host-gateway)',
		);
		for (const address of externalIPv4())
			lines.push(`  n8n on another machine:    http://${address}:${port}`);
	} else if (LOOPBACK.test(host)) {
		lines.push(
			`  n8n in Docker:             not reachable on ${host}; restart with --host 0.0.0.0 and use`,
		);
		lines.push(
			`                             http://host.docker.internal:${port} (Linux: --add-host=host.docker.internal:host-gateway)`,
		);
	}
	lines.push(
		`API Key for the credential (all scopes, user alice, workspace ws_acme): ${FIXTURE_KEYS.full}`,
		`Admin token (x-admin-token header for ${url}/__admin/...): ${sim.options.adminToken}`,
		`Latency profile: ${describeLatency(sim.latency.view())} (GET/PUT ${url}/__admin/latency)`,
		'Stop with Ctrl+C.',
	);
	console.log(lines.join('\n'));

	let stopping = false;
	const shutdown = (signal: string): void => {
		if (stopping) return;
		stopping = true;
		sim.stop().then(
			() => {
				console.log(`Simulator stopped (${signal}).`);
				process.exit(0);
			},
			(error: unknown) => {
				console.error('Simulator failed to stop cleanly:', error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => shutdown('SIGINT'));
	process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
	console.error('Simulator failed to start:', error);
	process.exit(1);
});
