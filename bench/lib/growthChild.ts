/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * One side of one scenario-10 measurement, alone in a fresh process (as `n8n execute` runs one execution): the
 * items are built, then the workflow runs once through n8n-core's engine. Prints one JSON line `GROWTH_RESULT {…}`:
 * the measured nodes' wall time and this process's CPU time between the engine's hooks (first node starts, last
 * node ends), the process's peak RSS (its lifetime high-water mark, startup included, as an `n8n execute` probe
 * sees it) and its RSS just before the execution, so the growth per item is (peak − before) / N.
 *
 * With `snapshotAtMs`, writes a V8 heap snapshot that long after the first measured node started (while the
 * batch is in flight), to find what holds memory per item (bench/lib/heapSummary.ts reads it).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { writeHeapSnapshot } from 'node:v8';
import { join } from 'node:path';

import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

import { HOST_DIR } from '../../e2e/lib/host';
import { credentialFor, registerNodeTypes } from '../../test/harness';
import { FIXTURE_KEYS } from '../../test/simulator';
import { runTimed } from './engine';
import { AUTO_PACE } from '../../nodes/DraftingWorkspace/pace/pace';
import { requestFloor } from './floorNode';
import { GROWTH_CASES, type GrowthCase } from './growthCases';
import type { Chain } from './paceCases';
import { connect, manualTrigger, type BenchNode } from './workflow';

/**
 * This package's node, n8n's HTTP Request node, and the floor (n8n's request helper alone, the node's requests):
 * at Auto's ceiling (`floor`) and every item at once as HTTP Request sends them (`floorAll`).
 */
export type GrowthSide = 'ours' | 'http' | 'floor' | 'floorAll';

export interface GrowthChildInput {
	caseKey: string;
	side: GrowthSide;
	items: number;
	simUrl: string;
	/** This package's node at a fixed Batch Size instead of Auto. */
	batchSize?: number;
	snapshotAtMs?: number;
	snapshotPath?: string;
	/** Writes V8's sampled allocations of the execution here (garbage included: what was allocated, not what is held). */
	allocationsPath?: string;
	/** Writes V8's CPU profile of the execution here (where the process's CPU time went, by function). */
	cpuProfilePath?: string;
}

export interface GrowthChildResult {
	wallMs: number;
	cpuMs: number;
	peakRssBytes: number;
	beforeRssBytes: number;
	/** The most V8 heap in use (live objects and garbage not yet collected) and the most V8 had reserved, sampled every 50 ms. */
	peakHeapUsedBytes: number;
	peakHeapTotalBytes: number;
	failed: number;
	status: string;
	error?: string;
}

type NodeClass = new () => INodeType | IVersionedNodeType;

function registerHttpRequest(): void {
	const path = join(
		HOST_DIR,
		'node_modules',
		'n8n-nodes-base',
		'dist',
		'nodes',
		'HttpRequest',
		'HttpRequest.node.js',
	);
	const module = require(path) as Record<string, NodeClass>;
	registerNodeTypes({
		'n8n-nodes-base.httpRequest': { type: new module.HttpRequest(), sourcePath: '' },
	});
}

function chainOf(testCase: GrowthCase, input: GrowthChildInput): Chain {
	const { side, simUrl, items } = input;
	if (side === 'ours') return testCase.ours(input.batchSize);
	if (side === 'http') return testCase.http(simUrl);
	const request = testCase.floor?.(simUrl);
	if (!request) throw new Error(`case ${testCase.key} has no floor`);
	const concurrency = side === 'floor' ? AUTO_PACE.liftedCeiling : items;
	const node = requestFloor('Floor', { mode: 'post', ...request, concurrency });
	return { nodes: [node], edges: [], first: 'Floor', last: 'Floor' };
}

async function main(): Promise<void> {
	const input = JSON.parse(process.argv[2] ?? '{}') as GrowthChildInput;
	const testCase = GROWTH_CASES.find((candidate) => candidate.key === input.caseKey);
	if (!testCase) throw new Error(`unknown case ${input.caseKey}`);
	registerHttpRequest();
	const chain = chainOf(testCase, input);
	const source: BenchNode = {
		name: 'Items',
		type: 'test.testItems',
		parameters: { items: JSON.stringify(testCase.items(input.items)) },
	};
	const workflow = {
		nodes: [manualTrigger(), source, ...chain.nodes],
		connections: connect([['Manual Trigger', 'Items'], ['Items', chain.first], ...chain.edges]),
	};
	const gc = (globalThis as { gc?: () => void }).gc;
	gc?.();
	const beforeRssBytes = process.memoryUsage().rss;
	let cpuAtStart: NodeJS.CpuUsage | undefined;
	let cpuMs = Number.NaN;
	let outputItems = 0;
	let snapshotTimer: NodeJS.Timeout | undefined;
	let peakHeapUsedBytes = 0;
	let peakHeapTotalBytes = 0;
	const sampler = setInterval(() => {
		const { heapUsed, heapTotal } = process.memoryUsage();
		peakHeapUsedBytes = Math.max(peakHeapUsedBytes, heapUsed);
		peakHeapTotalBytes = Math.max(peakHeapTotalBytes, heapTotal);
	}, 50);
	const session = input.allocationsPath || input.cpuProfilePath ? new Session() : undefined;
	session?.connect();
	if (input.cpuProfilePath) {
		await session?.post('Profiler.enable');
		await session?.post('Profiler.start');
	}
	// Every 32 KB allocated is sampled, objects collected by either GC kept in the profile.
	if (input.allocationsPath)
		await session?.post('HeapProfiler.startSampling', {
			samplingInterval: 32_768,
			includeObjectsCollectedByMajorGC: true,
			includeObjectsCollectedByMinorGC: true,
		});
	const run = await runTimed(workflow, {
		credentials: [credentialFor(input.simUrl, FIXTURE_KEYS.full)],
		configureHooks: (hooks) => {
			hooks.addHandler('nodeExecuteBefore', (node) => {
				if (node !== chain.first || cpuAtStart) return;
				cpuAtStart = process.cpuUsage();
				if (input.snapshotAtMs !== undefined && input.snapshotPath)
					snapshotTimer = setTimeout(
						() => writeHeapSnapshot(input.snapshotPath),
						input.snapshotAtMs,
					);
			});
			hooks.addHandler('nodeExecuteAfter', (node, task) => {
				if (node !== chain.last) return;
				const used = process.cpuUsage(cpuAtStart);
				cpuMs = (used.user + used.system) / 1000;
				outputItems = (task.data?.main?.[0] ?? []).filter((item) => !item.json.error).length;
			});
		},
	});
	if (snapshotTimer) clearTimeout(snapshotTimer);
	clearInterval(sampler);
	if (session && input.allocationsPath) {
		const { profile } = await session.post('HeapProfiler.stopSampling');
		writeFileSync(input.allocationsPath, JSON.stringify(profile));
	}
	if (session && input.cpuProfilePath) {
		const { profile } = await session.post('Profiler.stop');
		writeFileSync(input.cpuProfilePath, JSON.stringify(profile));
	}
	const wallMs =
		(run.finishedAt.get(chain.last) ?? Number.NaN) - (run.startedAt.get(chain.first) ?? Number.NaN);
	const result: GrowthChildResult = {
		wallMs,
		cpuMs,
		peakRssBytes: process.resourceUsage().maxRSS * 1024,
		beforeRssBytes,
		peakHeapUsedBytes,
		peakHeapTotalBytes,
		failed: input.items - outputItems,
		status: run.result.status,
		...(run.result.error ? { error: JSON.stringify(run.result.error).slice(0, 300) } : {}),
	};
	process.stdout.write(`GROWTH_RESULT ${JSON.stringify(result)}\n`);
}

main()
	.then(() => process.exit(0))
	.catch((error: unknown) => {
		process.stderr.write(`growth child failed: ${String(error)}\n`);
		process.exit(1);
	});
