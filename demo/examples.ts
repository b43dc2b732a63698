/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The demo's examples executed in n8n (`n8n execute`, and the Run Finished trigger under `n8n start`): every
// produced file written to demo-output/ and checked (the PDFs parse, the DOCX files open), then a summary.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';

import { EXAMPLE_WORKFLOWS } from '../e2e/lib/demo-setup';
import { REPO_DIR } from '../e2e/lib/host';
import type { N8n } from '../e2e/lib/n8n';
import type { ExecuteResult } from '../e2e/lib/n8n-types';
import { waitUntil } from '../e2e/lib/waiting';
import { FIXTURE_KEYS, runAdmin, type Simulator } from '../test/simulator';
import { say, started } from './progress';
import { shortened } from './summary';

export const OUTPUT_DIR = join(REPO_DIR, 'demo-output');
const TRIGGER_WORKFLOW = EXAMPLE_WORKFLOWS.runFinished;

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
	if (!document.includes(mustContain))
		throw new Error(`the document does not mention "${mustContain}"`);
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
	const detail = error
		? `${error.message}${error.description ? ` (${error.description})` : ''}`
		: n8n.redact(
				`${result.stdout}\n${result.stderr}`
					.split('\n')
					.filter((line) => /error|fail|denied|allowed/i.test(line))
					.slice(-8)
					.join('\n'),
			);
	throw new Error(`${what} failed (exit code ${result.exitCode}): ${detail}`);
}

export async function runExamples(n8n: N8n, sim: Simulator, url: string): Promise<void> {
	const written: Written[] = [];
	const lines: string[] = [];

	say('example 1: start a run of "Contract summary", follow it to the end, collect its PDF');
	const first = ok(n8n, await n8n.execute('dwExampleRunPdf'), 'Start a run and collect its PDF');
	const [run] = first.items('Start Contract Summary');
	const pdf = n8n.readBinary(run.binary?.data);
	save(
		String(run.binary?.data?.fileName ?? 'contract-summary.pdf'),
		pdf,
		await checkPdf(pdf),
		written,
	);
	lines.push(
		`Start run + wait    run ${String(run.json.runId)}: ${String(run.json.status)} in ${String((run.json.wait as { waitedSeconds?: number })?.waitedSeconds ?? '?')} s, PDF collected`,
	);

	say('example 2: offer letters from the rows of examples/data/new-hires.csv');
	const second = ok(
		n8n,
		await n8n.execute('dwExampleBatchOffers'),
		'Offer letters from a spreadsheet',
	);
	const letters = second.items('Produce Offer Letter');
	for (const letter of letters) {
		const bytes = n8n.readBinary(letter.binary?.data);
		const name = String(letter.json.title ?? letter.json.documentId);
		save(
			`${name}.docx`,
			bytes,
			await checkDocx(bytes, name.replace(/^Offer letter for /, '')),
			written,
		);
	}
	lines.push(
		`Batch produce       ${letters.length} documents (${letters.map((letter) => String(letter.json.documentId)).join(', ')}), status ${[...new Set(letters.map((letter) => String(letter.json.status)))].join('/')}`,
	);

	say('example 3: chat completion with a JSON Schema answer');
	const third = ok(n8n, await n8n.execute('dwExampleChatJson'), 'Chat with structured output');
	const [answer] = third.items('Extract Key Terms');
	const json = Buffer.from(`${JSON.stringify(answer.json, null, 2)}\n`);
	save('key-terms.json', json, `JSON with ${Object.keys(answer.json).join(', ')}`, written);
	lines.push(`Chat (JSON Schema)  ${JSON.stringify(answer.json)}`);

	say("example 4: n8n's Basic LLM Chain with the Drafting Workspace Chat Model");
	const chain = ok(n8n, await n8n.execute('dwExampleChainDraft'), 'A chain with the Chat Model');
	const [clause] = chain.items('Draft the Clause');
	lines.push(`Chain + Chat Model  ${shortened(JSON.stringify(clause.json), 90)}`);

	say('example 5: the Run Finished trigger, published and run by `n8n start`');
	await n8n.publishWorkflow(TRIGGER_WORKFLOW);
	// The first activation records what has already finished (history never fires); the demo then finishes a
	// run while n8n is stopped, and the next activation poll fires it, as a poll one minute later would.
	await n8n.start();
	await waitUntil(
		'the trigger to save its first state',
		() => n8n.readStaticData(TRIGGER_WORKFLOW) !== undefined,
		60_000,
	);
	await n8n.stop();
	const response = await fetch(`${url}/workflows/runs`, {
		method: 'POST',
		headers: { authorization: `Bearer ${FIXTURE_KEYS.full}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			workflowId: 'wf_contract_summary',
			input: 'Lease of 1 Main Street: summarise the break clause.',
		}),
	});
	const { runId } = (await response.json()) as { runId: string };
	await waitUntil(
		'the run to finish',
		() => runAdmin(sim).run(runId)?.status === 'Completed',
		30_000,
	);
	await n8n.start();
	const fired = await waitUntil(
		'the trigger to fire',
		() => n8n.executions(TRIGGER_WORKFLOW).find((execution) => execution.status === 'success'),
		60_000,
	);
	await n8n.stop();
	// "Attach Rendered Files" is on in the example: the simulator saw the trigger download the run's file.
	const downloads = sim.admin
		.requests()
		.filter(
			(entry) => entry.method === 'GET' && entry.path.startsWith(`/workflows/runs/${runId}/files/`),
		);
	lines.push(
		`Run Finished trigger  fired once for run ${runId} (n8n execution ${fired.id}, mode ${fired.mode}); ${downloads.length} rendered file(s) attached`,
	);

	console.log('\nWhat ran, in n8n 2.41.1 with the package installed from its npm tarball:');
	for (const line of lines) console.log(`  ${line}`);
	console.log(`\nFiles written to demo-output/:`);
	for (const entry of written)
		console.log(
			`  ${entry.file.padEnd(52)} ${String(entry.bytes).padStart(8)} bytes  ${entry.check}`,
		);
	console.log(
		`\nDemo finished in ${((Date.now() - started) / 1000).toFixed(0)} s. Explore it in the editor: npm run demo -- --ui`,
	);
}
