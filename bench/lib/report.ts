/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

import type { Summary } from './stats';

/** One line of the printed table: a figure for each side, their ratio, and its target. */
export interface Row {
	scenario: string;
	metric: string;
	ours: string;
	alternative: string;
	ratio: string;
	target: string;
	met: boolean | null;
}

export function machineDescription(n8nVersion: string): string {
	const cpu = cpus()[0]?.model ?? 'unknown CPU';
	return `${cpus().length} × ${cpu.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version} (${process.platform}/${process.arch}); n8n-core 2.41 engine in-process; n8n-nodes-base ${n8nVersion} (HTTP Request, Wait, If)`;
}

export const ms = (value: number): string =>
	Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a';
export const mb = (bytes: number): string =>
	Number.isFinite(bytes) ? `${(bytes / 2 ** 20).toFixed(1)} MB` : 'n/a';

export function range(summary: Summary, format: (value: number) => string): string {
	if (!summary.n) return 'no samples';
	return `${format(summary.median)} (${format(summary.min)} to ${format(summary.max)}, n=${summary.n})`;
}

export function printTable(rows: Row[]): string {
	const headers = [
		'Scenario',
		'Metric',
		'This package',
		'HTTP Request alternative',
		'Ratio',
		'Target',
		'Met',
	];
	const cells = rows.map((row) => [
		row.scenario,
		row.metric,
		row.ours,
		row.alternative,
		row.ratio,
		row.target,
		row.met === null ? '-' : row.met ? 'yes' : 'NO',
	]);
	const widths = headers.map((header, column) =>
		Math.max(header.length, ...cells.map((line) => line[column].length)),
	);
	const line = (values: string[]) =>
		`| ${values.map((value, column) => value.padEnd(widths[column])).join(' | ')} |`;
	return [
		line(headers),
		`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
		...cells.map(line),
	].join('\n');
}

export function writeResults(path: string, data: unknown): void {
	writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
}
