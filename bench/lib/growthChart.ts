/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { writeFileSync } from 'node:fs';

import type { GrowthRow } from '../scenarios/growth';

/**
 * bench/growth.svg: scenario 10's cost per item against N (log scale), both sides of every operation, at zero
 * latency: wall time per item, CPU time per item, and the process's peak RSS growth per item (over its RSS before
 * the execution). This package in solid lines, n8n's HTTP Request node dashed, one colour per operation. No
 * dependency; readable in any browser or the GitHub file view.
 */
const COLOURS = ['#1f77b4', '#2ca02c', '#9467bd', '#d62728', '#ff7f0e'];

type Measure = {
	title: string;
	unit: string;
	of: (side: GrowthRow['ours'], items: number) => number;
};

const MEASURES: Measure[] = [
	{ title: 'Wall time per item', unit: 'ms', of: (side, items) => side.wallMs / items },
	{ title: 'CPU time per item', unit: 'ms', of: (side, items) => side.cpuMs / items },
	{
		title: 'Peak RSS growth per item',
		unit: 'KB',
		of: (side, items) => (side.peakRssBytes - side.beforeRssBytes) / 1024 / items,
	},
];

export function writeGrowthChart(path: string, rows: GrowthRow[]): void {
	const zero = rows.filter((row) => row.profile === 'zero');
	const keys = [...new Set(zero.map((row) => row.key))];
	const panelWidth = 300;
	const panelHeight = 240;
	const margin = { left: 60, top: 50, gap: 50 };
	const width = margin.left + MEASURES.length * (panelWidth + margin.gap);
	const legendTop = margin.top + panelHeight + 50;
	const height = legendTop + keys.length * 18 + 50;
	const sizes = [...new Set(zero.map((row) => row.items))].sort((a, b) => a - b);
	const parts: string[] = [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
		`<rect width="100%" height="100%" fill="white"/>`,
		`<text x="${margin.left}" y="24" font-size="14" font-weight="bold">How cost grows with N (simulator answering at once): this package solid, HTTP Request dashed</text>`,
	];
	MEASURES.forEach((measure, panel) => {
		const x0 = margin.left + panel * (panelWidth + margin.gap);
		const values = zero
			.flatMap((row) => [measure.of(row.ours, row.items), measure.of(row.http, row.items)])
			.filter(Number.isFinite);
		const max = Math.max(1e-9, ...values) * 1.1;
		const logMin = Math.log10(sizes[0] ?? 1);
		const logMax = Math.log10(sizes[sizes.length - 1] ?? 10);
		const x = (items: number) =>
			x0 +
			(logMax === logMin ? 0.5 : (Math.log10(items) - logMin) / (logMax - logMin)) * panelWidth;
		const y = (value: number) =>
			margin.top + panelHeight - (Math.max(0, value) / max) * panelHeight;
		parts.push(
			`<text x="${x0}" y="${margin.top - 12}" font-weight="bold">${measure.title} (${measure.unit})</text>`,
		);
		parts.push(
			`<rect x="${x0}" y="${margin.top}" width="${panelWidth}" height="${panelHeight}" fill="none" stroke="#999"/>`,
		);
		for (let tick = 0; tick <= 4; tick++) {
			const value = (max * tick) / 4;
			parts.push(
				`<line x1="${x0}" y1="${y(value)}" x2="${x0 + panelWidth}" y2="${y(value)}" stroke="#eee"/>`,
			);
			parts.push(
				`<text x="${x0 - 6}" y="${y(value) + 4}" text-anchor="end" fill="#555">${value >= 10 ? value.toFixed(0) : value.toFixed(1)}</text>`,
			);
		}
		for (const items of sizes)
			parts.push(
				`<text x="${x(items)}" y="${margin.top + panelHeight + 16}" text-anchor="middle" fill="#555">N=${items}</text>`,
			);
		keys.forEach((key, index) => {
			const series = zero.filter((row) => row.key === key).sort((a, b) => a.items - b.items);
			for (const side of ['ours', 'http'] as const) {
				// A failed execution's time is that of a different job: its line ends before it.
				const points = series
					.filter(({ [side]: result }) => result.failed === 0 && result.status === 'success')
					.map(
						(row) => `${x(row.items).toFixed(1)},${y(measure.of(row[side], row.items)).toFixed(1)}`,
					)
					.join(' ');
				const dash = side === 'http' ? ' stroke-dasharray="6 4"' : '';
				parts.push(
					`<polyline points="${points}" fill="none" stroke="${COLOURS[index % COLOURS.length]}" stroke-width="2"${dash}/>`,
				);
			}
		});
	});
	keys.forEach((key, index) => {
		const label = zero.find((row) => row.key === key)?.label ?? key;
		const yy = legendTop + index * 18;
		parts.push(
			`<line x1="${margin.left}" y1="${yy}" x2="${margin.left + 30}" y2="${yy}" stroke="${COLOURS[index % COLOURS.length]}" stroke-width="2"/>`,
		);
		parts.push(`<text x="${margin.left + 38}" y="${yy + 4}">${label}</text>`);
	});
	parts.push(
		`<text x="${margin.left}" y="${height - 14}" fill="#555">N on a log scale; every point is one execution in a fresh process, a line ends before an execution that failed (bench/README.md, scenario 10)</text>`,
		'</svg>',
	);
	writeFileSync(path, `${parts.join('\n')}\n`);
}
