/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Runs the simulator alone: `npx tsx test/simulator/cli.ts [--host A] [--port N]` (or `npm run simulator -- …`).
 * Host: --host, else SIM_HOST, else 127.0.0.1 (this machine only); `--host 0.0.0.0` listens on every interface
 * so an n8n in Docker or on another machine can reach it. Port: --port, else SIM_PORT, else 4010 (0: any free one).
 * Prints the Base URL(s) to paste into n8n's credential, the `full` demo key and the admin token.
 */
import { networkInterfaces } from 'node:os';
import { createSimulator, FIXTURE_KEYS } from './index';

const USAGE = `Usage: npm run simulator -- [--host ADDRESS] [--port N]
  --host ADDRESS  address to listen on (default 127.0.0.1, this machine only; SIM_HOST)
                  0.0.0.0 listens on every interface: n8n in Docker or on another machine can connect
  --port N        port (default 4010; 0 picks a free one; SIM_PORT)`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv: string[]): { host: string; port: number } {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    const match = /^--(host|port)(?:=(.*))?$/.exec(arg);
    if (!match) fail(`Unknown argument: ${arg}`);
    const value = match[2] ?? argv[(i += 1)];
    if (value === undefined) fail(`--${match[1]} needs a value.`);
    values[match[1]] = value;
  }

  const host = values.host ?? (process.env.SIM_HOST || '127.0.0.1');
  if (host.trim() === '') fail('Invalid host: empty');
  const rawPort = values.port ?? process.env.SIM_PORT;
  if (rawPort === undefined || rawPort === '') return { host, port: 4010 };
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`Invalid port: ${rawPort}`);
  return { host, port };
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
  const { host, port: requestedPort } = parseArgs(process.argv.slice(2));
  const sim = createSimulator({ host, port: requestedPort });
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
    lines.push('                             (on Linux start the container with --add-host=host.docker.internal:host-gateway)');
    for (const address of externalIPv4()) lines.push(`  n8n on another machine:    http://${address}:${port}`);
  } else if (LOOPBACK.test(host)) {
    lines.push(`  n8n in Docker:             not reachable on ${host}; restart with --host 0.0.0.0 and use`);
    lines.push(`                             http://host.docker.internal:${port} (Linux: --add-host=host.docker.internal:host-gateway)`);
  }
  lines.push(
    `API Key for the credential (all scopes, user alice, workspace ws_acme): ${FIXTURE_KEYS.full}`,
    `Admin token (x-admin-token header for ${url}/__admin/...): ${sim.options.adminToken}`,
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
