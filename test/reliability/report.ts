/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Prints the tables of docs/RELIABILITY.md from what the reliability suite measured (test/reliability/.results,
 * written by each test file). `npm run reliability:report` builds, runs the suite, then prints this.
 */
import type { CellResult } from './faults/cells';
import { FAULTS, readAllResults } from './support/results';

type Json = Record<string, unknown>;

interface Row {
	operation: string;
	input: string;
	errorClass: string;
	message: string;
	itemIndex: number | string;
	httpCode?: string;
	continueOnFail: string;
}

interface Scan {
	textsScanned: number;
	executions: number;
	leaks: string[];
}

const results = readAllResults();
const part = (name: string): Json | undefined => results.find((result) => result.part === name);
const out: string[] = [];
const line = (text = '') => out.push(text);
const escape = (text: string) => text.replace(/\|/g, '\\|');

if (!results.length) {
	console.error(
		'No results in test/reliability/.results: run `npx jest test/reliability` first (npm run reliability:report does both).',
	);
	process.exit(1);
}

const written = results.map((result) => String(result.writtenAt)).sort();
line(
	`Measured by \`npx jest test/reliability\` (results written ${written[0]} … ${written[written.length - 1]}).`,
);
line();

// ---- Fault matrix ----------------------------------------------------------------------------------------------
const faults = part('faults');
const real = part('timeout-real');
let duplicates = 0;
let dropped = 0;
if (faults) {
	const cells = faults.cells as CellResult[];
	const operations = [...new Set(cells.map((cell) => cell.operation))];
	const short = (cell: CellResult | undefined, operation: string, fault: string): string => {
		if (!cell)
			return fault.startsWith('drop')
				? operation === 'Wait: event stream'
					? '(in the row above)'
					: 'n/a: no stream'
				: 'n/a';
		const [first, second] = cell.items;
		const retried = cell.attempts[0] > 1 ? ` ${cell.attempts[0]} attempts` : '';
		const streams =
			first.streamConnections && first.streamConnections > 1
				? ` ${first.streamConnections} stream connections`
				: '';
		if (first.ok && second.ok) return `✓${retried}${streams}`;
		const code = /\(([a-z_A-Z]+)\)$/.exec(first.message ?? '')?.[1] ?? '';
		const acted =
			first.effects === 0
				? 'nothing done'
				: cell.operation === 'Chat'
					? 'answered once, not asked again'
					: first.saysItMayHaveHappened
						? cell.fault === '503 feature_disabled'
							? 'run started once; the error names it'
							: 'done once; the error says it may have been'
						: 'done once, NOT SAID';
		return `✗ ${code || 'stream cut'}: ${acted}; item 1 ✓`;
	};
	line('### Fault matrix: faults tried × outcomes');
	line();
	line(
		"Two items per cell, Continue On Fail on, the fault aimed at item 0's request (a run's event stream is cut on every connection of both items; a chat stream on item 0's). ✓: both items succeeded (attempts: item 0's tries of the faulted request). ✗: item 0 failed with the plain message named by its code, item 1 succeeded.",
	);
	line();
	line(`| Operation (faulted request) | ${FAULTS.join(' | ')} |`);
	line(`|---|${FAULTS.map(() => '---').join('|')}|`);
	for (const operation of operations) {
		const mine = cells.filter((cell) => cell.operation === operation);
		const target = mine.find((cell) => !cell.fault.startsWith('drop'))?.target ?? mine[0].target;
		const drops = mine.find((cell) => cell.fault.startsWith('drop'));
		const dropTarget = drops && drops.target !== target ? `; drops: \`${drops.target}\`` : '';
		line(
			`| ${operation} (\`${target}\`${dropTarget}) | ${FAULTS.map((fault) =>
				short(
					mine.find((cell) => cell.fault === fault),
					operation,
					fault,
				),
			).join(' | ')} |`,
		);
	}
	line();
	const itemsRun = cells.reduce((sum, cell) => sum + cell.items.length, 0);
	const succeeded = cells.reduce(
		(sum, cell) => sum + cell.items.filter((item) => item.ok).length,
		0,
	);
	duplicates += cells.reduce((sum, cell) => sum + cell.duplicates, 0);
	dropped += cells.reduce((sum, cell) => sum + cell.silentlyDropped, 0);
	const realCells = (real?.cells as Json[] | undefined) ?? [];
	duplicates += realCells.reduce((sum, cell) => sum + Number(cell.duplicates ?? 0), 0);
	line(`| Figure | Value |`);
	line(`|---|---|`);
	line(`| Cells tried (compressed timeouts) | ${cells.length} (${itemsRun} items) |`);
	line(
		`| Cells tried with the real 60 s timeout | ${realCells.length} (${realCells.map((cell) => `${String(cell.operation)}: ${String(cell.outcome).replace(/^failed: /, '✗ ')}`).join('; ')}) |`,
	);
	line(`| Items succeeded | ${succeeded} |`);
	line(`| Items failed, each with a plain message | ${itemsRun - succeeded} |`);
	const acted = (chat: boolean) =>
		cells
			.filter((cell) => (cell.operation === 'Chat') === chat)
			.reduce((sum, cell) => sum + cell.actedOnButFailed, 0);
	const said = cells
		.filter((cell) => cell.operation !== 'Chat')
		.reduce(
			(sum, cell) =>
				sum +
				cell.items.filter((item) => !item.ok && item.effects > 0 && item.saysItMayHaveHappened)
					.length,
			0,
		);
	line(
		`| …of which the service had acted on: a run, upload or document exists | ${acted(false)}; the error says the request may have reached the service, or names the started run: ${said} |`,
	);
	line(
		`| …of which the service had acted on: a chat answer was composed and counted | ${acted(true)}; the node asks to run it again (a completion cannot be read back) |`,
	);
	line(
		`| Duplicates (a run, upload, document or completion twice for one input) | ${duplicates} |`,
	);
	line(
		`| Silently dropped (an input without its output, or a success without its effect) | ${dropped} |`,
	);
	line();
}

// ---- Bad inputs -------------------------------------------------------------------------------------------------
const bad = part('bad-input');
if (bad) {
	const rows = bad.rows as Row[];
	const byOperation = new Map<string, Row[]>();
	for (const row of rows)
		byOperation.set(row.operation, [...(byOperation.get(row.operation) ?? []), row]);
	line('### Bad inputs tried');
	line();
	line(
		'| Operation | Rows | Refused by the node (NodeOperationError) | Refused by the service, explained (NodeApiError) |',
	);
	line('|---|---|---|---|');
	for (const [operation, list] of byOperation)
		line(
			`| ${operation} | ${list.length} | ${list.filter((row) => row.errorClass === 'NodeOperationError').length} | ${list.filter((row) => row.errorClass === 'NodeApiError').length} |`,
		);
	line(
		`| **All** | **${rows.length}** | **${rows.filter((row) => row.errorClass === 'NodeOperationError').length}** | **${rows.filter((row) => row.errorClass === 'NodeApiError').length}** |`,
	);
	line();
	line(
		'<details><summary>Every row: the input, the error class, the message, the item it names</summary>',
	);
	line();
	line('| Operation | Bad input | Class | Message | Item |');
	line('|---|---|---|---|---|');
	for (const row of rows)
		line(
			`| ${row.operation} | ${escape(row.input)} | ${row.errorClass}${row.httpCode ? ` ${row.httpCode}` : ''} | ${escape(row.message)} | ${row.itemIndex} |`,
		);
	line();
	line('</details>');
	line();
	line(
		`With Continue On Fail, in every item-level row items 0 and 2 succeeded and item 1 became an error item carrying itemIndex 1; every output kept its pairedItem. Credential rows fail every item alike, each paired. Trigger rows: the poll fails with the message and saves no state.`,
	);
	line();
}

// ---- Secrets --------------------------------------------------------------------------------------------------
const secrets = part('secrets');
let leaks = 0;
let scanned = 0;
let executions = 0;
for (const result of results) {
	const scan = result.scan as Scan | undefined;
	if (!scan) continue;
	leaks += scan.leaks.length;
	scanned += scan.textsScanned;
	executions += scan.executions;
}
line('### Secrets');
line();
if (secrets) {
	const links = secrets.links as Array<{
		via: string;
		link: string;
		outcome: string;
		foreignHits: number;
	}>;
	const refused = links.filter((link) => /^Refused|redirect/.test(link.outcome)).length;
	const vias = new Map<string, number>();
	for (const link of links) vias.set(link.via, (vias.get(link.via) ?? 0) + 1);
	line('| Server-given link or path on another origin | Spellings tried | Refused |');
	line('|---|---|---|');
	for (const [via, count] of vias)
		line(
			`| ${via} | ${count} | ${links.filter((link) => link.via === via && /^Refused|redirect/.test(link.outcome)).length} |`,
		);
	line();
	const foreignHits = results.reduce((sum, result) => sum + Number(result.foreignHits ?? 0), 0);
	line(`| Figure | Value |`);
	line(`|---|---|`);
	line(`| Links and paths to another origin tried | ${links.length}, refused ${refused} |`);
	line(`| Requests the other origin received | ${foreignHits} |`);
	for (const check of secrets.checks as Array<{ check: string; result: string }>)
		line(`| ${escape(check.check)} | ${escape(check.result)} |`);
}
line(
	`| Texts scanned for the keys (outputs, errors, n8n log lines, the service's request logs, the other origin's log) | ${scanned}, from ${executions} executions |`,
);
line(`| Leaks found (any fixture key, its base64, its Bearer header's base64) | ${leaks} |`);
line();

// ---- Properties and concurrency --------------------------------------------------------------------------------
const properties = part('properties');
if (properties) {
	line('### Property-based tests (fast-check)');
	line();
	line('| Property | Cases | Failures |');
	line('|---|---|---|');
	for (const [name, tally] of Object.entries(
		properties.properties as Record<string, { runs: number; failures: number }>,
	))
		line(`| ${name} | ${tally.runs} | ${tally.failures} |`);
	line();
}
const concurrency = part('concurrency');
if (concurrency) {
	const summary = concurrency.summary as Json;
	const byKind = summary.byKind as Record<
		string,
		{ items: number; succeeded: number; failed: number }
	>;
	line(`### Concurrency: one execution, ${String(summary.items)} items, Start Run + Wait`);
	line();
	line('| Items | Count | Succeeded | Failed (own index, plain message) |');
	line('|---|---|---|---|');
	for (const [kind, tally] of Object.entries(byKind))
		line(`| ${kind} | ${tally.items} | ${tally.succeeded} | ${tally.failed} |`);
	line();
	line(
		`Runs started: ${String(summary.runsStarted)} (one per valid item); outputs ${String(summary.outputs)} for ${String(summary.items)} inputs; misaligned ${String(summary.misaligned)}; duplicates ${String(summary.duplicates)}; wrong outcomes ${String(summary.wrongOutcome)}; faults injected on the way ${String(summary.faultsInjected)} (423 and 429 on the start, 20 cut event streams); ${(Number(summary.wallMs) / 1000).toFixed(1)} s.`,
	);
	duplicates += Number(summary.duplicates ?? 0);
	dropped += Number(summary.silentlyDropped ?? 0);
	line();
}

// ---- Totals -------------------------------------------------------------------------------------------------------
const cellsTried =
	((faults?.cells as CellResult[] | undefined)?.length ?? 0) +
	((real?.cells as Json[] | undefined)?.length ?? 0);
const badTried = (bad?.rows as Row[] | undefined)?.length ?? 0;
line('### In sum');
line();
line(
	'| Faults tried (cells) | Bad inputs tried | Duplicates found | Silently dropped | Leaks found |',
);
line('|---|---|---|---|---|');
line(`| ${cellsTried} | ${badTried} | ${duplicates} | ${dropped} | ${leaks} |`);

console.log(out.join('\n'));
