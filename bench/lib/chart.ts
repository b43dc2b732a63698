/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { writeFileSync } from 'node:fs';

/**
 * A small SVG of latency distributions: one row per series, each sample a dot on a log-scaled time axis,
 * the median a bar. No dependency; readable in any browser or the GitHub file view.
 */
export interface Series {
	label: string;
	valuesMs: number[];
	colour: string;
}

export function writeLatencyChart(path: string, title: string, series: Series[]): void {
	const width = 760;
	const rowHeight = 60;
	const left = 190;
	const right = 30;
	const top = 50;
	const height = top + series.length * rowHeight + 50;
	const all = series
		.flatMap((entry) => entry.valuesMs)
		.filter((value) => Number.isFinite(value) && value > 0);
	const min = Math.max(1, Math.min(...all) / 1.5);
	const max = Math.max(...all) * 1.5;
	const x = (value: number) =>
		left +
		((Math.log10(Math.max(value, min)) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))) *
			(width - left - right);
	const ticks: number[] = [];
	for (let decade = 10 ** Math.floor(Math.log10(min)); decade <= max; decade *= 10)
		for (const step of [1, 2, 5])
			if (decade * step >= min && decade * step <= max) ticks.push(decade * step);
	const parts: string[] = [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
		`<rect width="100%" height="100%" fill="white"/>`,
		`<text x="${left}" y="24" font-size="14" font-weight="bold">${title}</text>`,
	];
	for (const tick of ticks) {
		parts.push(
			`<line x1="${x(tick)}" y1="${top - 10}" x2="${x(tick)}" y2="${height - 40}" stroke="#ddd"/>`,
		);
		parts.push(
			`<text x="${x(tick)}" y="${height - 24}" text-anchor="middle" fill="#555">${tick >= 1000 ? `${tick / 1000} s` : `${tick} ms`}</text>`,
		);
	}
	series.forEach((entry, index) => {
		const y = top + index * rowHeight + rowHeight / 2;
		const sorted = [...entry.valuesMs].sort((a, b) => a - b);
		const median = sorted[Math.floor((sorted.length - 1) / 2)];
		parts.push(`<text x="${left - 10}" y="${y + 4}" text-anchor="end">${entry.label}</text>`);
		sorted.forEach((value, sample) => {
			const jitter = ((sample % 5) - 2) * 4;
			parts.push(
				`<circle cx="${x(value).toFixed(1)}" cy="${y + jitter}" r="4" fill="${entry.colour}" fill-opacity="0.6"/>`,
			);
		});
		if (median !== undefined)
			parts.push(
				`<line x1="${x(median)}" y1="${y - 18}" x2="${x(median)}" y2="${y + 18}" stroke="${entry.colour}" stroke-width="3"/>`,
			);
	});
	parts.push(
		`<text x="${left}" y="${height - 6}" fill="#555">log scale; dots are samples, the bar is the median</text>`,
		'</svg>',
	);
	writeFileSync(path, `${parts.join('\n')}\n`);
}
