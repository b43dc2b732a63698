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
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';

import { DEMO_N8N_ENV, DEMO_OWNER, EXAMPLE_WORKFLOWS, importDemoData, setUpOwner } from '../e2e/lib/demo-setup';
import { ensureHost, REPO_DIR } from '../e2e/lib/host';
import { N8n } from '../e2e/lib/n8n';
import type { ExecuteResult } from '../e2e/lib/n8n-types';
import { buildPackage, packPackage } from '../e2e/lib/pack';
import { spawnTracked, terminate } from '../e2e/lib/processes';
import { waitUntil } from '../e2e/lib/waiting';
import { createSimulator, describeLatency, FIXTURE_KEYS, parseLatencyArgument, runAdmin, type LatencySetting, type Simulator } from '../test/simulator';

const OUTPUT_DIR = join(REPO_DIR, 'demo-output');
const TRIGGER_WORKFLOW = EXAMPLE_WORKFLOWS.runFinished;

const started = Date.now();
const say = (line: string): void => void process.stdout.write(`[demo] ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);

interface Written {
  file: string;
  bytes: number;
  check: string;
}

async function checkPdf(bytes: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  return `PDF, ${pdf.getPageCount()} page(s), parses`;
}

async function checkDocx(bytes: Buffer, mustContain: string): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const document = await zip.file('word/document.xml')?.async('string');
  if (!document) throw new Error('not a Word document (no word/document.xml)');
  if (!document.includes(mustContain)) throw new Error(`the document does not mention "${mustContain}"`);
  return `DOCX, opens, mentions "${mustContain}"`;
}

function save(name: string, bytes: Buffer, check: string, written: Written[]): void {
  const file = join(OUTPUT_DIR, name.replace(/[^\w.\- ]+/g, '_'));
  writeFileSync(file, bytes);
  written.push({ file: file.slice(REPO_DIR.length + 1), bytes: bytes.length, check });
}

function ok(n8n: N8n, result: ExecuteResult, what: string): ExecuteResult {
  if (result.ok) return result;
  const error = result.error();
  const detail = error ? `${error.message}${error.description ? ` (${error.description})` : ''}` : n8n.redact(`${result.stdout}\n${result.stderr}`.split("\n").filter((line) => /error|fail|denied|allowed/i.test(line)).slice(-8).join("\n"));
  throw new Error(`${what} failed (exit code ${result.exitCode}): ${detail}`);
}

async function runExamples(n8n: N8n, sim: Simulator, url: string): Promise<void> {
  const written: Written[] = [];
  const lines: string[] = [];

  say('example 1: start a run of "Contract summary", follow it to the end, collect its PDF');
  const first = ok(n8n, await n8n.execute('dwExampleRunPdf'), 'Start a run and collect its PDF');
  const [run] = first.items('Start Contract Summary');
  const pdf = n8n.readBinary(run.binary?.data);
  save(String(run.binary?.data?.fileName ?? 'contract-summary.pdf'), pdf, await checkPdf(pdf), written);
  lines.push(`Start run + wait    run ${String(run.json.runId)}: ${String(run.json.status)} in ${String((run.json.wait as { waitedSeconds?: number })?.waitedSeconds ?? '?')} s, PDF collected`);

  say('example 2: offer letters from the rows of examples/data/new-hires.csv');
  const second = ok(n8n, await n8n.execute('dwExampleBatchOffers'), 'Offer letters from a spreadsheet');
  const letters = second.items('Produce Offer Letter');
  for (const letter of letters) {
    const bytes = n8n.readBinary(letter.binary?.data);
    const name = String(letter.json.title ?? letter.json.documentId);
    save(`${name}.docx`, bytes, await checkDocx(bytes, name.replace(/^Offer letter for /, '')), written);
  }
  lines.push(`Batch produce       ${letters.length} documents (${letters.map((letter) => String(letter.json.documentId)).join(', ')}), status ${[...new Set(letters.map((letter) => String(letter.json.status)))].join('/')}`);

  say('example 3: chat completion with a JSON Schema answer');
  const third = ok(n8n, await n8n.execute('dwExampleChatJson'), 'Chat with structured output');
  const [answer] = third.items('Extract Key Terms');
  const json = Buffer.from(`${JSON.stringify(answer.json, null, 2)}\n`);
  save('key-terms.json', json, `JSON with ${Object.keys(answer.json).join(', ')}`, written);
  lines.push(`Chat (JSON Schema)  ${JSON.stringify(answer.json)}`);

  say("example 4: n8n's Basic LLM Chain with the Drafting Workspace Chat Model");
  const chain = ok(n8n, await n8n.execute('dwExampleChainDraft'), 'A chain with the Chat Model');
  const [clause] = chain.items('Draft the Clause');
  lines.push(`Chain + Chat Model  ${JSON.stringify(clause.json).slice(0, 90)}`);

  say('example 5: the Run Finished trigger, published and run by `n8n start`');
  await n8n.publishWorkflow(TRIGGER_WORKFLOW);
  // The first activation records what has already finished (history never fires); the demo then finishes a
  // run while n8n is stopped, and the next activation poll fires it, as a poll one minute later would.
  await n8n.start();
  await waitUntil('the trigger to save its first state', () => n8n.readStaticData(TRIGGER_WORKFLOW) !== undefined, 60_000);
  await n8n.stop();
  const response = await fetch(`${url}/workflows/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FIXTURE_KEYS.full}`, 'content-type': 'application/json' },
    body: JSON.stringify({ workflowId: 'wf_contract_summary', input: 'Lease of 1 Main Street: summarise the break clause.' }),
  });
  const { runId } = (await response.json()) as { runId: string };
  await waitUntil('the run to finish', () => runAdmin(sim).run(runId)?.status === 'Completed', 30_000);
  await n8n.start();
  const fired = await waitUntil('the trigger to fire', () => n8n.executions(TRIGGER_WORKFLOW).find((execution) => execution.status === 'success'), 60_000);
  await n8n.stop();
  // "Attach Rendered Files" is on in the example: the simulator saw the trigger download the run's file.
  const downloads = sim.admin.requests().filter((entry) => entry.method === 'GET' && entry.path.startsWith(`/workflows/runs/${runId}/files/`));
  lines.push(`Run Finished trigger  fired once for run ${runId} (n8n execution ${fired.id}, mode ${fired.mode}); ${downloads.length} rendered file(s) attached`);

  console.log('\nWhat ran, in n8n 2.41.1 with the package installed from its npm tarball:');
  for (const line of lines) console.log(`  ${line}`);
  console.log(`\nFiles written to demo-output/:`);
  for (const entry of written) console.log(`  ${entry.file.padEnd(52)} ${String(entry.bytes).padStart(8)} bytes  ${entry.check}`);
  console.log(`\nDemo finished in ${((Date.now() - started) / 1000).toFixed(0)} s. Explore it in the editor: npm run demo -- --ui`);
}

/**
 * `tsc --watch` with the installed package's dist/ as its output: every save recompiles into the folder n8n
 * loads the package from. Resolves once the first compilation is done (before n8n starts, so that the
 * initial emit does not trigger a reload).
 */
async function watchBuild(n8n: N8n): Promise<ChildProcess> {
  const outDir = join(n8n.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME, 'dist');
  const tsc = spawnTracked(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json', '--watch', '--preserveWatchOutput', '--outDir', outDir], {
    cwd: REPO_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
    what: 'tsc --watch',
  });
  let compiled = false;
  let rest = '';
  tsc.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      if (/Found \d+ errors?\. Watching for file changes/.test(line)) compiled = true;
      process.stdout.write(`[tsc] ${line.replace(/^\S+ (AM|PM)? ?- /, '')}\n`);
    }
  });
  await waitUntil('the first compilation', () => {
    if (tsc.exitCode !== null) throw new Error(`tsc --watch exited (${tsc.exitCode})`);
    return compiled;
  }, 120_000);
  return tsc;
}

async function openEditor(n8n: N8n): Promise<void> {
  await n8n.publishWorkflow(TRIGGER_WORKFLOW);
  const port = Number(process.env.DEMO_PORT ?? 5678);
  const url = await n8n.start({ port: Number.isInteger(port) && port > 0 ? port : undefined }).catch(async () => await n8n.start());
  const setup = await setUpOwner(url);
  console.log(`\nn8n is running: ${url}`);
  console.log(setup.ok ? `Sign in with ${DEMO_OWNER.email} / ${DEMO_OWNER.password}` : `Create the owner account on first visit (automatic set-up answered ${setup.status}).`);
  console.log('The credential "Drafting Workspace account" points at the simulator; the five example workflows are imported');
  console.log('(the Run Finished trigger is published). Ctrl+C stops n8n and the simulator.');
  if (dev) {
    console.log('Hot reload: saving a file under nodes/ or credentials/ recompiles it into the installed package and n8n');
    console.log('reloads the package ("[n8n] Hot reload triggered…" below); reopen a node\'s panel to see a changed description.');
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

const dev = process.argv.includes('--dev');

/**
 * `--latency zero|realistic|<JSON>` (or `--latency=…`): the simulator's service time per endpoint. Without it the
 * demo runs at the simulator's own quick pace; `realistic` shows the package at the service's pace, as users
 * will meet it (a run takes about 10 s, a produced document a second, a chat answer two).
 */
function latencyArgument(argv: string[]): LatencySetting {
  const index = argv.findIndex((arg) => arg === '--latency' || arg.startsWith('--latency='));
  if (index === -1) return 'zero';
  const arg = argv[index];
  const value = arg === '--latency' ? argv[index + 1] : arg.slice('--latency='.length);
  if (value === undefined) throw new Error('--latency needs a value: zero, realistic, fast, capped, slowing, rate-limited or a JSON object of fields');
  return parseLatencyArgument(value);
}
const PACKAGE_NAME = (JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as { name: string }).name;

async function main(): Promise<void> {
  const ui = dev || process.argv.includes('--ui');
  // Read first: a bad value must stop the demo before it builds anything.
  const latency = latencyArgument(process.argv.slice(2));
  say('building and packing the package');
  buildPackage();
  const tarball = packPackage();
  const host = ensureHost();
  say(`n8n ${host.n8nVersion} on Node ${host.nodeVersion}`);
  const sim = createSimulator({ runTimeScale: 0.3, ingestionMs: 300, latency, port: ui ? Number(process.env.DEMO_SIMULATOR_PORT ?? 4010) : 0 });
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

/** In dev mode, n8n's lines about reloading the package (and any error while doing so). */
function relayReloads(text: string): void {
  for (const line of text.split('\n')) {
    if (/Hot reload (triggered|failed)/.test(line)) process.stdout.write(`[n8n] ${line.trim()}\n`);
  }
}

main().catch((error: unknown) => {
  console.error(`[demo] failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
