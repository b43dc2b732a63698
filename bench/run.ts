/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * `npm run bench`: every scenario of bench/README.md in one process, this package side by side with what an
 * n8n user would build from n8n's own nodes, both executed by n8n's engine against the simulator on
 * 127.0.0.1. Prints one table, writes bench/results.json and bench/latency.svg. Figures, not assertions.
 *
 *   npm run bench                      all scenarios
 *   npm run bench -- --only=latency,files   a subset (latency, requests, rate, files, overhead, batches, chat, pace, auto, growth)
 *   npm run bench -- --only=auto --auto-profiles=capped --auto-cases=produce --auto-sizes=60   a part of scenario 9
 *   npm run bench -- --only=overhead --profile   also CPU-profiles the per-item overhead (bench/overhead-*.cpuprofile)
 *   npm run bench -- --latency=realistic    scenarios 1–7 with the simulator at the realistic latency profile
 */
import { initEngine, skipBinaryStore } from './lib/engine';

import { join } from 'node:path';

import { writeLatencyChart } from './lib/chart';
import { registerN8nNodes } from './lib/n8nNodes';
import {
	machineDescription,
	mb,
	ms,
	printTable,
	range,
	writeResults,
	type Row,
} from './lib/report';
import { BENCH_LATENCY, startSimulatorProcess } from './lib/simulatorProcess';
import { runsBatch, startWithFilesBatch, uploadsBatch, type BatchRow } from './scenarios/batches';
import { chatModelStreaming } from './scenarios/chatModel';
import { completionLatency } from './scenarios/latency';
import { largeFiles } from './scenarios/largeFiles';
import { pairedRatio, perItemOverhead, profileOverhead } from './scenarios/overhead';
import { rateLimitedBatch } from './scenarios/rateLimit';
import { requestsPerRun } from './scenarios/requests';
import { atTheServicesPace } from './scenarios/pace';
import { paceRows } from './lib/paceRows';
import { autoAgainstProfiles } from './scenarios/auto';
import { autoRows } from './lib/autoRows';
import { howCostGrows } from './scenarios/growth';
import { batchRows } from './lib/batchRows';
import { growthFloorMarkdown, growthLine, growthMarkdown, growthRows } from './lib/growthRows';
import { writeGrowthChart } from './lib/growthChart';

const SCENARIOS = [
	'latency',
	'requests',
	'rate',
	'files',
	'overhead',
	'batches',
	'chat',
	'pace',
	'auto',
	'growth',
] as const;
/** `--binary-mode=memory` keeps binary data inline (base64 in the items) instead of n8n's default filesystem store. */
const BINARY_MODE = process.argv.includes('--binary-mode=memory') ? 'memory' : 'filesystem';
type Scenario = (typeof SCENARIOS)[number];

function selected(): Set<Scenario> {
	const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
	if (!only) return new Set(SCENARIOS);
	return new Set(
		only
			.split(',')
			.filter((name): name is Scenario => (SCENARIOS as readonly string[]).includes(name)),
	);
}

const times = (value: number): string =>
	Number.isFinite(value) ? `${value >= 10 ? Math.round(value) : value.toFixed(2)}×` : 'n/a';

async function main(): Promise<void> {
	if (!(globalThis as { gc?: unknown }).gc)
		console.warn('bench: run with --expose-gc (npm run bench does) for steady memory baselines');
	if (BINARY_MODE === 'filesystem') await initEngine();
	else skipBinaryStore();
	const n8nVersion = registerN8nNodes();
	const machine = `${machineDescription(n8nVersion)}, simulator latency: ${BENCH_LATENCY}${BENCH_LATENCY === 'realistic' ? ' (scenario 8 is always realistic)' : ' (scenario 8: realistic)'}`;
	console.log(`bench: ${machine}`);
	const wanted = selected();
	const rows: Row[] = [];
	const results: Record<string, unknown> = {
		machine,
		latency: BENCH_LATENCY,
		startedAt: new Date().toISOString(),
	};
	// Scenarios 1, 4 and 5 share one simulator with the rate limit lifted; 2 and 3 start their own.
	const sim = await startSimulatorProcess({
		defaultRateLimitPerMinute: 1_000_000,
		sseHeartbeatMs: 15_000,
	});
	try {
		if (wanted.has('latency')) {
			console.log(
				'bench: 1. completion latency (runs end at random instants; 12 runs per side)...',
			);
			const latency = await completionLatency(sim);
			results.latency = latency;
			const ratio = latency.loop.median / latency.ours.median;
			rows.push({
				scenario: '1. Completion latency',
				metric: 'time from the terminal event to the workflow knowing',
				ours: range(latency.ours, ms),
				alternative: `${range(latency.loop, ms)}, HTTP Request + Wait ${latency.intervalSeconds} s + If`,
				ratio: `${times(ratio)} faster`,
				target: 'median ≤ 50 ms and ≥ 50× better',
				met: latency.ours.median <= 50 && ratio >= 50,
			});
			writeLatencyChart(
				join(__dirname, 'latency.svg'),
				'Completion latency: terminal event → workflow knows',
				[
					{
						label: 'This package (Wait For Run)',
						valuesMs: latency.ours.values,
						colour: '#1f77b4',
					},
					{
						label: `HTTP Request loop (${latency.intervalSeconds} s)`,
						valuesMs: latency.loop.values,
						colour: '#d62728',
					},
				],
			);
			if (latency.errors.length)
				console.warn(`bench: latency errors: ${latency.errors.join('; ')}`);
		}
		if (wanted.has('requests')) {
			console.log(
				'bench: 2. requests per waited run (5 s, 60 s, and a 10-minute run simulated 20× faster)...',
			);
			const requests = await requestsPerRun();
			results.requests = requests;
			for (const row of requests)
				rows.push({
					scenario: '2. Requests per waited run',
					metric: `${row.label}, incl. the file download`,
					ours: String(row.ours),
					alternative: `${row.loop} (poll every 5 s)`,
					ratio: `${times(row.loop / row.ours)} fewer`,
					target: '≤ 3 whatever the length',
					met: row.ours <= 3,
				});
		}
		if (wanted.has('rate')) {
			console.log(
				'bench: 3. rate-limited batch (600 Start Run items, key at 300 requests/minute, real time)...',
			);
			const rate = await rateLimitedBatch();
			results.rateLimit = rate;
			const describe = (side: typeof rate.ours) =>
				`${side.failedItems} failed, ${side.wallSeconds.toFixed(1)} s`;
			rows.push({
				scenario: '3. Rate-limited batch',
				metric: `${rate.items} items at ${rate.limitPerMinute}/min (minimum ${rate.minimumSeconds} s)`,
				ours: `${describe(rate.ours)} (${times(rate.ours.wallSeconds / rate.minimumSeconds)} minimum)`,
				alternative: `${describe(rate.httpRequest)} (default settings)`,
				ratio: `${rate.httpRequest.failedItems - rate.ours.failedItems} fewer failures`,
				target: '0 failed, ≤ 1.15× the minimum',
				met: rate.ours.failedItems === 0 && rate.ours.wallSeconds <= 1.15 * rate.minimumSeconds,
			});
		}
		if (wanted.has('files')) {
			console.log('bench: 4. large files (50 MB upload and download; peak memory growth)...');
			const files = await largeFiles(sim);
			results.largeFiles = files;
			for (const row of files) {
				rows.push({
					scenario: '4. Large files',
					metric: `${row.label}: peak RSS growth (${BINARY_MODE} binary mode)`,
					ours: `${range(row.ours, mb)} = ${times(row.ours.median / row.fileBytes)} file`,
					alternative: `${range(row.httpRequest, mb)} = ${times(row.httpRequest.median / row.fileBytes)} file`,
					ratio:
						row.ours.median < 2 ** 20
							? 'this package < 1 MB'
							: `${times(row.httpRequest.median / row.ours.median)} less`,
					target: '≤ 1.5× the file size',
					met: row.ours.median <= 1.5 * row.fileBytes,
				});
				if (row.errors.length) console.warn(`bench: ${row.label}: ${row.errors.join('; ')}`);
			}
		}
		if (wanted.has('overhead')) {
			console.log('bench: 5. per-item overhead (1,000 items of Workflow → Get)...');
			if (process.argv.includes('--profile'))
				results.overheadProfile = await profileOverhead(sim, __dirname);
			const overhead = await perItemOverhead(sim);
			results.overhead = overhead;
			// Paired: each round's sides ran back to back, so the median of the rounds' own ratios cancels the drift.
			const allAtOnce = pairedRatio(
				overhead.oursAllAtOnceCpu.values,
				overhead.httpRequestCpu.values,
			);
			rows.push({
				scenario: '5. Per-item overhead',
				metric: `${overhead.items} items, CPU time of the node, all at once on both sides (this package with Batch Size ${overhead.items}), ${overhead.rounds} interleaved rounds (failed: ${overhead.failures.oursAllAtOnce} vs ${overhead.failures.httpRequest})`,
				ours: range(overhead.oursAllAtOnceCpu, ms),
				alternative: `${range(overhead.httpRequestCpu, ms)}, predefined credential`,
				ratio: `${times(allAtOnce.median)} the CPU (median of the rounds' ratios; per round ${times(allAtOnce.low)} to ${times(allAtOnce.high)})`,
				target: 'ratio ≤ 1.2',
				met: allAtOnce.median <= 1.2,
			});
			const atWindow = pairedRatio(overhead.oursCpu.values, overhead.httpRequestCpu.values);
			const aboveFloor = pairedRatio(overhead.oursCpu.values, overhead.floorCpu.values);
			const floorWindow = pairedRatio(overhead.floorCpu.values, overhead.floorAllAtOnceCpu.values);
			rows.push({
				scenario: '5. Per-item overhead',
				metric: `${overhead.items} items, CPU time of the node at its default window (${overhead.window} at a time; the HTTP Request node sends all at once), against n8n's request helper alone at the same window (floor: ${range(overhead.floorCpu, ms)}, ${times(floorWindow.median)} its own CPU all at once)`,
				ours: range(overhead.oursCpu, ms),
				alternative: `${range(overhead.httpRequestCpu, ms)}, predefined credential`,
				ratio: `${times(atWindow.median)} the HTTP Request node's CPU (per round ${times(atWindow.low)} to ${times(atWindow.high)}); ${times(aboveFloor.median)} the floor's at the same window`,
				target: '≤ 1.2× the floor at the same window',
				met: aboveFloor.median <= 1.2,
			});
			rows.push({
				scenario: '5. Per-item overhead',
				metric: `${overhead.items} items, wall time of the node (noisy: for reference)`,
				ours: range(overhead.ours, ms),
				alternative: range(overhead.httpRequest, ms),
				ratio: `${times(overhead.ours.median / overhead.httpRequest.median)} the time`,
				target: '-',
				met: null,
			});
		}
		if (wanted.has('batches')) {
			console.log(
				'bench: 6. batches (50 runs of 10 s; 100 uploads and 20 Start Run items × 2 files, ingestion 2 s)...',
			);
			const batches: BatchRow[] = [
				await runsBatch(),
				await uploadsBatch(),
				await startWithFilesBatch(),
			];
			results.batches = batches;
			rows.push(...batchRows(batches));
		}
		if (wanted.has('chat')) {
			console.log(
				"bench: 7. chat model streaming (Drafting Workspace Chat Model vs n8n's OpenAI Chat Model on the simulator's /v1)...",
			);
			// Its own simulator: chat chunks 10 ms apart, as a model writing, so the first token and the end differ.
			const chatSim = await startSimulatorProcess({
				defaultRateLimitPerMinute: 1_000_000,
				chatChunkDelayMs: 10,
			});
			try {
				const chat = await chatModelStreaming(chatSim, 10);
				results.chatModel = chat;
				const metric = `${chat.answerWords}-word answer, chunks ${chat.chunkDelayMs} ms apart${chat.answersEqual ? ', same text' : ', TEXTS DIFFER'}`;
				for (const [label, key] of [
					['time to first token', 'firstToken'],
					['total time', 'total'],
				] as const) {
					const ratio = chat[key].ours.median / chat[key].openAi.median;
					rows.push({
						scenario: '7. Chat model streaming',
						metric: `${label}, ${metric}`,
						ours: range(chat[key].ours, ms),
						alternative: `${range(chat[key].openAi, ms)}, n8n OpenAI Chat Model`,
						ratio: `${times(ratio)} the time`,
						target: 'ratio ≤ 1.2',
						met: ratio <= 1.2,
					});
				}
				if (chat.errors.length) console.warn(`bench: chat model errors: ${chat.errors.join('; ')}`);
			} finally {
				await chatSim.stop();
			}
		}
		if (wanted.has('pace')) {
			console.log(
				"bench: 8. at the service's pace (realistic latency, key at 300/min; N = 50 and 200; about 10 minutes)...",
			);
			// Its own simulator (realistic profile, default limit); each row is printed as it lands, the run is long.
			const pace = await atTheServicesPace((row) => {
				const [line] = paceRows([row]);
				console.log(`bench: 8. ${line.metric}: ${line.ours} | ${line.alternative}`);
			});
			results.pace = pace;
			rows.push(...paceRows(pace));
		}
		if (wanted.has('auto')) {
			console.log(
				'bench: 9. Auto against each profile (fast, capped, slowing, rate-limited; N = 20, 200, 600; long)...',
			);
			const auto = await autoAgainstProfiles((row) => {
				const [line] = autoRows([row]);
				console.log(
					`bench: 9. ${line.metric}: ${line.ours} | ${line.alternative} | ${line.ratio} | ${line.met === null ? '-' : line.met ? 'met' : 'NOT met'}`,
				);
			});
			results.auto = auto;
			rows.push(...autoRows(auto));
		}
		if (wanted.has('growth')) {
			console.log(
				'bench: 10. how cost grows (N = 100, 1,000, 10,000 at once and 1,000 realistic; each side in its own process; long)...',
			);
			const growth = await howCostGrows((row) => console.log(growthLine(row)));
			results.growth = growth;
			rows.push(...growthRows(growth));
			writeGrowthChart(join(__dirname, 'growth.svg'), growth);
			console.log(`\n${growthMarkdown(growth)}\n\n${growthFloorMarkdown(growth)}\n`);
		}
	} finally {
		await sim.stop();
	}
	const table = printTable(rows);
	results.table = table;
	writeResults(
		join(__dirname, BENCH_LATENCY === 'realistic' ? 'results-realistic.json' : 'results.json'),
		results,
	);
	console.log(
		`\n${table}\n\nbench: ${machine}\nbench: wrote bench/${BENCH_LATENCY === 'realistic' ? 'results-realistic.json' : 'results.json'}${wanted.has('latency') ? ' and bench/latency.svg' : ''}`,
	);
}

main().catch((error: unknown) => {
	console.error('bench failed:', error);
	process.exit(1);
});
