/**
 * Scenario 10's lines of the printed table and its markdown table for docs/running-at-scale.md ("How cost grows"):
 * per side, wall time, CPU time and peak RSS of the process, each also per item (RSS as its growth over the
 * process's RSS before the execution, per item). Targets at N = 10,000 at zero latency (the issue's): peak RSS at
 * most HTTP Request's; time per item within 1.2× this package's at N = 100 and at most 1.05× HTTP Request's; CPU
 * per item at most HTTP Request's.
 */
import { AUTO_PACE } from '../../nodes/DraftingWorkspace/pace/pace';
import type { GrowthChildResult } from './growthChild';
import type { Row } from './report';
import type { GrowthRow } from '../scenarios/growth';

const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'n/a');
const perItem = (ms: number, items: number) => `${(ms / items).toFixed(2)} ms`;
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
const kbPerItem = (side: GrowthChildResult, items: number) =>
	`${((side.peakRssBytes - side.beforeRssBytes) / 1024 / items).toFixed(1)} KB`;
const x = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
const failedSide = (side: GrowthChildResult) => side.failed > 0 || side.status !== 'success';
const lost = (side: GrowthChildResult) =>
	failedSide(side) ? `, ${side.failed} failed (${side.status})` : '';

const describeSide = (side: GrowthChildResult, items: number): string =>
	`${s(side.wallMs)} (${perItem(side.wallMs, items)}/item), CPU ${s(side.cpuMs)} (${perItem(side.cpuMs, items)}/item), peak RSS ${mb(side.peakRssBytes)} (+${kbPerItem(side, items)}/item)${lost(side)}`;

function target(row: GrowthRow, rows: GrowthRow[]): { text: string; met: boolean | null } {
	if (row.profile !== 'zero' || row.items !== 10_000) return { text: '-', met: null };
	const small = rows.find(
		(other) => other.key === row.key && other.profile === 'zero' && other.items === 100,
	);
	const perItemNow = row.ours.wallMs / row.items;
	const flat = small ? perItemNow <= 1.2 * (small.ours.wallMs / small.items) : false;
	const met =
		row.ours.failed === 0 &&
		row.ours.peakRssBytes <= row.http.peakRssBytes &&
		flat &&
		row.ours.wallMs <= 1.05 * row.http.wallMs &&
		row.ours.cpuMs <= row.http.cpuMs;
	return {
		text: 'peak RSS ≤ HTTP Request; time/item ≤ 1.2× at N=100 and ≤ 1.05× HTTP Request; CPU/item ≤ HTTP Request',
		met,
	};
}

const cpuAndTime = (side: GrowthChildResult, items: number) =>
	`${s(side.wallMs)} (${perItem(side.wallMs, items)}), CPU ${s(side.cpuMs)} (${perItem(side.cpuMs, items)})${lost(side)}`;
/** A failed execution's time and CPU are those of a different job: no ratio is drawn from them. */
const ratios = (of: GrowthChildResult, to: GrowthChildResult) =>
	failedSide(of) || failedSide(to)
		? 'n/a (a side failed)'
		: `time ${x(of.wallMs / to.wallMs)}, CPU ${x(of.cpuMs / to.cpuMs)}`;

const AT_CEILING = `${AUTO_PACE.liftedCeiling} at a time`;

/** A row measured against the floor: what the node adds over n8n's helper, and what n8n's helper costs over HTTP Request. */
type FloorRow = GrowthRow & Required<Pick<GrowthRow, 'floor' | 'floorAll'>>;
const withFloor = (row: GrowthRow): row is FloorRow => !!row.floor && !!row.floorAll;

function floorRow(row: FloorRow): Row {
	return {
		scenario: '10. How cost grows',
		metric: `at once: ${row.label}, N=${row.items}, against n8n's request helper alone`,
		ours: describeSide(row.ours, row.items),
		alternative: `n8n's helper ${AT_CEILING}: ${describeSide(row.floor, row.items)}; every item at once: ${describeSide(row.floorAll, row.items)}`,
		ratio: `package ÷ helper ${AT_CEILING}: ${ratios(row.ours, row.floor)}; helper at once ÷ HTTP Request: ${ratios(row.floorAll, row.http)}`,
		target: '- (the floor: what n8n costs without any node logic)',
		met: null,
	};
}

export function growthRows(rows: GrowthRow[]): Row[] {
	return [
		...rows.map((row) => {
			const { text, met } = target(row, rows);
			const small = rows.find(
				(other) => other.key === row.key && other.profile === row.profile && other.items === 100,
			);
			const flat =
				small && row.items !== 100
					? `; time/item ÷ N=100 ${x(row.ours.wallMs / row.items / (small.ours.wallMs / small.items))}`
					: '';
			return {
				scenario: '10. How cost grows',
				metric: `${row.profile === 'zero' ? 'at once' : 'realistic'}: ${row.label}, N=${row.items}`,
				ours: describeSide(row.ours, row.items),
				alternative: describeSide(row.http, row.items),
				ratio: `time ${x(row.ours.wallMs / row.http.wallMs)}, CPU ${x(row.ours.cpuMs / row.http.cpuMs)}, peak RSS ${x(row.ours.peakRssBytes / row.http.peakRssBytes)}${flat}`,
				target: text,
				met,
			};
		}),
		...rows.filter(withFloor).map(floorRow),
	];
}

/** The floor's table of docs/running-at-scale.md: the node, n8n's helper alone doing its requests, HTTP Request. */
export function growthFloorMarkdown(rows: GrowthRow[]): string {
	const lines = [
		`| Operation | N | This package | n8n's helper, ${AT_CEILING} | n8n's helper, every item at once | HTTP Request | Package ÷ helper ${AT_CEILING} | Helper at once ÷ HTTP Request |`,
		'|---|---|---|---|---|---|---|---|',
	];
	for (const row of rows.filter(withFloor))
		lines.push(
			`| ${row.label} | ${row.items.toLocaleString('en-US')} | ${[row.ours, row.floor, row.floorAll, row.http].map((side) => cpuAndTime(side, row.items)).join(' | ')} | ${ratios(row.ours, row.floor)} | ${ratios(row.floorAll, row.http)} |`,
		);
	return lines.join('\n');
}

/** The table of docs/running-at-scale.md: one line per operation, profile and N. */
export function growthMarkdown(rows: GrowthRow[]): string {
	const lines = [
		'| Operation | Service | N | This package: time (per item) | CPU (per item) | peak RSS (growth per item) | HTTP Request: time (per item) | CPU (per item) | peak RSS (growth per item) |',
		'|---|---|---|---|---|---|---|---|---|',
	];
	for (const row of rows) {
		const cells = (side: GrowthChildResult) => [
			`${s(side.wallMs)} (${perItem(side.wallMs, row.items)})${lost(side)}`,
			`${s(side.cpuMs)} (${perItem(side.cpuMs, row.items)})`,
			`${mb(side.peakRssBytes)} (${kbPerItem(side, row.items)})`,
		];
		lines.push(
			`| ${row.label} | ${row.profile === 'zero' ? 'at once' : 'realistic'} | ${row.items.toLocaleString('en-US')} | ${[...cells(row.ours), ...cells(row.http)].join(' | ')} |`,
		);
	}
	return lines.join('\n');
}

/** The line printed as each measurement lands (the scenario is long). */
export function growthLine(row: GrowthRow): string {
	return growthRows([row])
		.map((line) => `bench: 10. ${line.metric}: ${line.ours} | ${line.alternative} | ${line.ratio}`)
		.join('\n');
}
