/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * The simulator in its own process, so a benchmark's memory and CPU figures are the n8n side's alone.
 * Options come as JSON in argv[2]; the URL is printed as `SIMULATOR_URL <url>`; admin hooks are reached
 * over the simulator's admin HTTP API.
 */
import { createSimulator } from '../../test/simulator';

async function main(): Promise<void> {
	const options = JSON.parse(process.argv[2] ?? '{}') as Parameters<typeof createSimulator>[0];
	const sim = createSimulator(options);
	const url = await sim.start();
	process.stdout.write(`SIMULATOR_URL ${url}\n`);
	const stop = (): void => void sim.stop().finally(() => process.exit(0));
	process.on('SIGTERM', stop);
	process.on('SIGINT', stop);
	process.on('disconnect', stop);
}

main().catch((error: unknown) => {
	process.stderr.write(`simulator failed: ${String(error)}\n`);
	process.exit(1);
});
