/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * `npm run demo`: the package in a real n8n, end to end, on this machine.
 *
 * 1. Builds and packs the package, installs the pinned n8n (Node 24 brought from the npm registry when the
 *    system Node is older; cached after the first time) and installs the tarball as a community package.
 * 2. Starts the service simulator on 127.0.0.1, imports a credential pointing at it and the example
 *    workflows from examples/.
 * 3. Executes the examples in n8n (`n8n execute`), runs the Run Finished trigger under `n8n start`, writes
 *    every produced file to demo-output/ and checks it (the PDFs parse, the DOCX files open), then prints a
 *    summary.
 *
 * `npm run demo -- --latency realistic` runs it all at the real service's pace (test/simulator/README.md,
 * "Latency profiles"); `--latency fast|capped|slowing|rate-limited` against one of the service profiles (1 s an
 * item; capped refuses past 8 at once, slowing answers later past 8, rate-limited keeps 300 a minute), where
 * Batch Size Auto shows how it finds the pace; the default is the simulator's quick pace.
 *
 * `npm run demo -- --ui` stops after step 2 and starts the n8n editor instead, with an owner account set up,
 * and prints the URL and how to sign in. Ctrl+C stops n8n and the simulator.
 *
 * `npm run dev` (`--dev`) is `--ui` with hot reload: `tsc --watch` compiles nodes/ and credentials/ straight
 * into the installed package's dist/, and n8n (N8N_DEV_RELOAD) reloads the package when its files change.
 * It stands in for `n8n-node dev`, which cannot work here (CONTRIBUTING.md, "n8n's tooling").
 *
 * The examples are run by examples.ts, the editor by editor.ts, the command line read by options.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_N8N_ENV, importDemoData } from '../e2e/lib/demo-setup';
import { ensureHost } from '../e2e/lib/host';
import { N8n } from '../e2e/lib/n8n';
import { buildPackage, packPackage } from '../e2e/lib/pack';
import { terminate } from '../e2e/lib/processes';
import { createSimulator, describeLatency } from '../test/simulator';
import { openEditor, relayReloads, watchBuild } from './editor';
import { OUTPUT_DIR, runExamples } from './examples';
import { dev, latencyArgument, ui } from './options';
import { say } from './progress';

async function main(): Promise<void> {
	// Read first: a bad value must stop the demo before it builds anything.
	const latency = latencyArgument(process.argv.slice(2));
	say('building and packing the package');
	buildPackage();
	const tarball = packPackage();
	const host = ensureHost();
	say(`n8n ${host.n8nVersion} on Node ${host.nodeVersion}`);
	const sim = createSimulator({
		runTimeScale: 0.3,
		ingestionMs: 300,
		latency,
		port: ui ? Number(process.env.DEMO_SIMULATOR_PORT ?? 4010) : 0,
	});
	const url = await sim.start();
	say(`service simulator on ${url}, latency ${describeLatency(sim.latency.view())}`);
	const n8n = await N8n.create({
		tarball,
		host,
		env: { ...DEMO_N8N_ENV, ...(dev ? { N8N_DEV_RELOAD: 'true' } : {}) },
		onServerOutput: dev ? relayReloads : undefined,
	});
	let tsc: ChildProcess | undefined;
	try {
		await importDemoData(n8n, url);
		say('credential and example workflows imported');
		if (ui) {
			if (dev) tsc = await watchBuild(n8n);
			await openEditor(n8n);
			return;
		}
		rmSync(OUTPUT_DIR, { recursive: true, force: true });
		mkdirSync(OUTPUT_DIR, { recursive: true });
		await runExamples(n8n, sim, url);
	} finally {
		if (tsc) await terminate(tsc);
		await n8n.dispose();
		await sim.stop();
		rmSync(join(tarball, '..'), { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	console.error(`[demo] failed: ${(error as Error).message}`);
	process.exitCode = 1;
});
