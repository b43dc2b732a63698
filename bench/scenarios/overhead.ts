/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { resolve } from 'node:path';

import { FIXED_BATCH_SIZE } from '../../nodes/DraftingWorkspace/pace/batching';
import { READ_CONCURRENCY } from '../../nodes/DraftingWorkspace/pace/work';
import { credentialFor } from '../../test/harness';
import { FIXTURE_IDS, FIXTURE_KEYS } from '../../test/simulator';
import { runTimed } from '../lib/engine';
import { requestFloor } from '../lib/floorNode';
import {
	attribute,
	inclusiveTime,
	profiled,
	selfTimes,
	writeProfile,
	type Attribution,
} from '../lib/profile';
import type { SimulatorProcess } from '../lib/simulatorProcess';
import { summarize, type Summary } from '../lib/stats';
import { connect, httpRequest, manualTrigger, ours, type BenchNode } from '../lib/workflow';

/**
 * Scenario 5, per-item overhead: N items of a cheap JSON read (Workflow → Get) through this package and
 * through the HTTP Request node with the same credential (predefined credential type). Only the measured
 * node's own time counts (engine hooks); the item source is outside it. Wall time swings with the machine (a
 * 2-core box shared with other jobs read 0.74×–1.46×), so the figure that means something is the process's CPU
 * time during the node, over many interleaved rounds: median and spread.
 */
export interface OverheadResult {
	items: number;
	rounds: number;
	/** This package's read window at a fixed Batch Size of 10 (reads at least 8). */
	window: number;
	/** Wall time of the measured node (engine hooks). */
	ours: Summary;
	httpRequest: Summary;
	/** CPU time (user + system) of this process while the measured node ran: what the node costs, not the network. */
	oursCpu: Summary;
	httpRequestCpu: Summary;
	/** This package with Batch Size N: every item at once, as the HTTP Request node sends them. */
	oursAllAtOnceCpu: Summary;
	/**
	 * The floor, in the same rounds: n8n's request helper alone (bench/lib/floorNode.ts), one expression and one GET
	 * per item, as many at once as this package's node reads (`window`), and all at once; what this package costs
	 * above the floor at the same window is its own, and what the floor costs more at the window than all at once is
	 * the window's (n8n's and Node's, not this package's).
	 */
	floorCpu: Summary;
	floorAllAtOnceCpu: Summary;
	failures: Record<Side, number>;
}

type Side = 'ours' | 'oursAllAtOnce' | 'httpRequest' | 'floor' | 'floorAllAtOnce';

/**
 * The read window this scenario compares with the floor: a fixed Batch Size of 10 (reads at least their own pool),
 * the former default; Auto has no fixed window to put a floor beside, and its per-item path is the all-at-once one's.
 */
const OURS_WINDOW = Math.max(READ_CONCURRENCY, FIXED_BATCH_SIZE);

function itemsSource(count: number): BenchNode {
	const items = Array.from({ length: count }, (_, index) => ({
		json: { index, workflowId: FIXTURE_IDS.workflows.agentSummary },
	}));
	return { name: 'Items', type: 'test.testItems', parameters: { items: JSON.stringify(items) } };
}

function workflowWith(measured: BenchNode, count: number) {
	return {
		nodes: [manualTrigger(), itemsSource(count), measured],
		connections: connect([
			['Manual Trigger', 'Items'],
			['Items', measured.name],
		]),
	};
}

/** The median of the rounds' own ratios: each round's sides ran back to back, so the machine's drift cancels. */
export function pairedRatio(
	mine: number[],
	theirs: number[],
): { median: number; low: number; high: number } {
	const ratios = mine.map((value, index) => value / theirs[index]).sort((a, b) => a - b);
	return {
		median: ratios[Math.floor(ratios.length / 2)],
		low: ratios[0],
		high: ratios[ratios.length - 1],
	};
}

export async function perItemOverhead(
	sim: SimulatorProcess,
	count = 1000,
	repeats = 15,
): Promise<OverheadResult> {
	const credentials = [credentialFor(sim.url, FIXTURE_KEYS.full)];
	const workflowId = { __rl: true, mode: 'id', value: '={{ $json.workflowId }}' };
	const url = `=${sim.url}/workflows/{{ $json.workflowId }}`;
	const nodes: Record<Side, BenchNode> = {
		ours: ours('Measured', {
			resource: 'workflow',
			operation: 'get',
			workflowId,
			batching: { pace: 'fixed', batchSize: FIXED_BATCH_SIZE },
		}),
		oursAllAtOnce: ours('Measured', {
			resource: 'workflow',
			operation: 'get',
			workflowId,
			batching: { batchSize: count },
		}),
		httpRequest: httpRequest('Measured', { method: 'GET', url }),
		floor: requestFloor('Measured', { mode: 'json', url, concurrency: OURS_WINDOW }),
		floorAllAtOnce: requestFloor('Measured', { mode: 'json', url, concurrency: count }),
	};
	const sides = Object.keys(nodes) as Side[];
	const times = Object.fromEntries(sides.map((side) => [side, [] as number[]])) as Record<
		Side,
		number[]
	>;
	const cpu = Object.fromEntries(sides.map((side) => [side, [] as number[]])) as Record<
		Side,
		number[]
	>;
	const failures = Object.fromEntries(sides.map((side) => [side, 0])) as Record<Side, number>;
	// Alternate the sides, and which goes first, so drift (JIT, GC, the machine) spreads evenly; the first round
	// warms up. CPU time is process.cpuUsage() around the node (the simulator is another process).
	for (let round = 0; round <= repeats; round++) {
		for (const side of round % 2 ? [...sides].reverse() : sides) {
			let before: NodeJS.CpuUsage | undefined;
			let used = Number.NaN;
			const run = await runTimed(workflowWith(nodes[side], count), {
				credentials,
				configureHooks: (hooks) => {
					hooks.addHandler('nodeExecuteBefore', (name) => {
						if (name === 'Measured') before = process.cpuUsage();
					});
					hooks.addHandler('nodeExecuteAfter', (name) => {
						if (name !== 'Measured' || !before) return;
						const delta = process.cpuUsage(before);
						used = (delta.user + delta.system) / 1000;
					});
				},
			});
			const output = run.result.output('Measured');
			const failed =
				run.result.status !== 'success'
					? count
					: output.filter((item) => item.json.error !== undefined).length;
			if (round === 0) continue;
			failures[side] += failed;
			times[side].push(
				(run.finishedAt.get('Measured') ?? Number.NaN) -
					(run.startedAt.get('Measured') ?? Number.NaN),
			);
			cpu[side].push(used);
		}
	}
	const median = (side: Side) => summarize(cpu[side]).median;
	// run.ts prints the table's rows; the floor is said here (and kept in results.json).
	console.log(
		`bench: 5. floor, n8n's request helper alone: ${OURS_WINDOW} at a time (this package's window) CPU ${Math.round(median('floor'))} ms, ` +
			`all ${count} at once ${Math.round(median('floorAllAtOnce'))} ms (${failures.floor + failures.floorAllAtOnce} failed); ` +
			`this package ${Math.round(median('ours') - median('floor'))} ms above the floor at its window, ` +
			`${Math.round(median('oursAllAtOnce') - median('floorAllAtOnce'))} ms above it all at once; the HTTP Request node (all at once) ` +
			`${Math.round(median('httpRequest') - median('floorAllAtOnce'))} ms above it`,
	);
	return {
		items: count,
		rounds: repeats,
		window: OURS_WINDOW,
		ours: summarize(times.ours),
		httpRequest: summarize(times.httpRequest),
		oursCpu: summarize(cpu.ours),
		httpRequestCpu: summarize(cpu.httpRequest),
		oursAllAtOnceCpu: summarize(cpu.oursAllAtOnce),
		floorCpu: summarize(cpu.floor),
		floorAllAtOnceCpu: summarize(cpu.floorAllAtOnce),
		failures,
	};
}

/** Which script URLs are each profiled side's own code (bench/lib/profile.ts, `attribute`). */
const PACKAGE_DIST = `${resolve(__dirname, '..', '..', 'dist')}/`;
const NODE_CODE: Record<string, (url: string) => boolean> = {
	ours: (url) => url.includes(PACKAGE_DIST),
	oursFixedId: (url) => url.includes(PACKAGE_DIST),
	httpRequest: (url) => url.includes('n8n-nodes-base/dist/nodes/HttpRequest/'),
	floor: (url) => url.includes('bench/lib/floorNode'),
};

/** "node code 80 ms; n8n called from it 420 ms (getNodeParameter 390, …); everything else …", per 1,000 items. */
function describeAttribution(attribution: Attribution, perThousand: number): string {
	const ms = (value: number): string => `${Math.round(value * perThousand)} ms`;
	const called = Object.entries(attribution.calledFromNode).sort((a, b) => b[1] - a[1]);
	const calledTotal = called.reduce((sum, [, value]) => sum + value, 0);
	const top = called
		.slice(0, 5)
		.map(([fn, value]) => `${fn} ${ms(value)}`)
		.join(', ');
	return `node code ${ms(attribution.node)}; n8n called from it ${ms(calledTotal)} (${top}); everything else ${ms(attribution.rest)} (engine, request I/O and callbacks); GC ${ms(attribution.gc)}; idle ${ms(attribution.idle)}`;
}

/**
 * `--profile`: three rounds of each side under the CPU profiler, after a warm-up; prints each side's top functions
 * by self time, the time spent inside n8n's parameter resolution, and where the time went per 1,000 items: the
 * node's own code, what n8n does when the node calls it, and the rest (`attribute`). Writes
 * bench/overhead-<side>.cpuprofile (open it in Chrome DevTools or VS Code).
 */
export async function profileOverhead(
	sim: SimulatorProcess,
	dir: string,
	count = 1000,
): Promise<Record<string, unknown>> {
	const credentials = [credentialFor(sim.url, FIXTURE_KEYS.full)];
	const nodes = {
		ours: ours('Measured', {
			resource: 'workflow',
			operation: 'get',
			workflowId: { __rl: true, mode: 'id', value: '={{ $json.workflowId }}' },
		}),
		oursFixedId: ours('Measured', {
			resource: 'workflow',
			operation: 'get',
			workflowId: { __rl: true, mode: 'id', value: FIXTURE_IDS.workflows.agentSummary },
		}),
		httpRequest: httpRequest('Measured', {
			method: 'GET',
			url: `=${sim.url}/workflows/{{ $json.workflowId }}`,
		}),
		floor: requestFloor('Measured', {
			mode: 'json',
			url: `=${sim.url}/workflows/{{ $json.workflowId }}`,
			concurrency: OURS_WINDOW,
		}),
	};
	for (const node of Object.values(nodes))
		await runTimed(workflowWith(node, count), { credentials });
	const report: Record<string, unknown> = {};
	const rounds = 3;
	for (const [side, node] of Object.entries(nodes)) {
		const { profile } = await profiled(async () => {
			for (let round = 0; round < rounds; round++)
				await runTimed(workflowWith(node, count), { credentials });
		});
		writeProfile(`${dir}/overhead-${side}.cpuprofile`, profile);
		const total = (profile.endTime - profile.startTime) / 1000;
		const parameters = inclusiveTime(
			profile,
			/^(getNodeParameter|getParameterValue|resolveParameter|resolveSimpleParameterValue)$/,
		);
		const expressions = inclusiveTime(profile, /^(getParameterValue|resolveSimpleParameterValue)$/);
		const validate = inclusiveTime(
			profile,
			/^(validateValueAgainstSchema|validateResourceLocatorParameter|extractValue)$/,
		);
		const request = inclusiveTime(
			profile,
			/^(httpRequestWithAuthentication|requestWithAuthentication|httpRequest)$/,
		);
		const attribution = attribute(profile, NODE_CODE[side]);
		report[side] = {
			totalMs: total,
			parametersMs: parameters,
			expressionsMs: expressions,
			validateAndExtractMs: validate,
			requestHelpersMs: request,
			attribution,
			top: selfTimes(profile),
		};
		console.log(
			`bench: profile ${side}: ${Math.round(total)} ms for ${rounds} × ${count} items; getNodeParameter ${Math.round(parameters)} ms (expression resolution ${Math.round(expressions)} ms, validate/extract ${Math.round(validate)} ms); request helpers ${Math.round(request)} ms`,
		);
		console.log(`  per 1,000 items: ${describeAttribution(attribution, 1000 / (rounds * count))}`);
		for (const entry of selfTimes(profile, 12))
			console.log(
				`  ${entry.ms.toFixed(0).padStart(6)} ms ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.fn}`,
			);
	}
	return report;
}
