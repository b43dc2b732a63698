/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Runs the simulator alone: `npx tsx test/simulator/cli.ts [--port N]` (or `npm run simulator`).
 * Port: --port, else SIM_PORT, else 4010. Prints the URL, the `full` demo key and the admin token.
 */
import { createSimulator, FIXTURE_KEYS } from './index';

function portFromArgs(argv: string[]): number {
  const index = argv.indexOf('--port');
  const raw = index >= 0 ? argv[index + 1] : process.env.SIM_PORT;
  if (raw === undefined || raw === '') return 4010;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid port: ${raw}`);
    process.exit(2);
  }
  return port;
}

async function main(): Promise<void> {
  const sim = createSimulator({ port: portFromArgs(process.argv.slice(2)) });
  const url = await sim.start();
  console.log(`Drafting Workspace simulator listening on ${url}`);
  console.log(`Demo API key (all scopes, user alice, ws_acme): ${FIXTURE_KEYS.full}`);
  console.log(`Admin token (x-admin-token header for ${url}/__admin/...): ${sim.options.adminToken}`);

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
