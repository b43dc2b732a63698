/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { GROWTH_CASES } from '../lib/growthCases';
import type { GrowthChildInput, GrowthChildResult, GrowthSide } from '../lib/growthChild';
import { startSimulatorProcess, type SimulatorProcess } from '../lib/simulatorProcess';

/**
 * Scenario 10, "How cost grows": Produce From Template (answers from the item), Produce with Download PDF, Chat
 * Completion and Run → Start at N = 100, 1,000 and 10,000 items against the simulator answering at once, and at
 * N = 1,000 at the realistic profile, the rate limit lifted in both; this package's node at its defaults against
 * n8n's HTTP Request node at its defaults doing the same requests. Each side of each size runs alone in a fresh
 * process (bench/lib/growthChild.ts), as `n8n execute` runs one execution, so the process's peak RSS is that
 * side's alone: wall time and CPU time of the measured nodes, peak RSS, and each per item. The simulator (another
 * process) is reset before every measurement.
 */
type GrowthProfile = 'zero' | 'realistic';
const SIZES: Record<GrowthProfile, number[]> = { zero: [100, 1_000, 10_000], realistic: [1_000] };
const WARM_UP_ITEMS = 8;

export interface GrowthRow {
	key: string;
	label: string;
	profile: GrowthProfile;
	items: number;
	ours: GrowthChildResult;
	http: GrowthChildResult;
	/**
	 * The floor, at N of 1,000 and more at once where the case has one: the node's requests through n8n's request
	 * helper alone, at Auto's ceiling and every item at once.
	 */
	floor?: GrowthChildResult;
	floorAll?: GrowthChildResult;
}

/** The floor's sizes: where the node's cost per item is compared with what n8n's helper alone costs. */
const FLOOR_SIZES = [1_000, 10_000];

/** Runs one side in its own process and reads its GROWTH_RESULT line. */
async function runSide(input: GrowthChildInput): Promise<GrowthChildResult> {
	const child = spawn(
		process.execPath,
		[
			'--expose-gc',
			'--require',
			'tsx/cjs',
			join(__dirname, '..', 'lib', 'growthChild.ts'),
			JSON.stringify(input),
		],
		{
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	let output = '';
	child.stdout?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
	const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
	const line = output.split('\n').find((text) => text.startsWith('GROWTH_RESULT '));
	if (!line)
		throw new Error(
			`growth child ${input.caseKey}/${input.side}/${input.items} exited with ${code} and no result`,
		);
	return JSON.parse(line.slice('GROWTH_RESULT '.length)) as GrowthChildResult;
}

const listArg = (name: string) =>
	process.argv
		.find((arg) => arg.startsWith(`--${name}=`))
		?.slice(name.length + 3)
		.split(',');

/** `--growth-batch-size=N`: this package's node at a fixed Batch Size of N instead of Auto (HTTP Request as ever). */
const BATCH_SIZE = Number(listArg('growth-batch-size')?.[0]) || undefined;

async function measureSide(
	sim: SimulatorProcess,
	input: Omit<GrowthChildInput, 'simUrl'>,
): Promise<GrowthChildResult> {
	await sim.admin('POST', '/reset');
	// `--growth-cpu-profiles=DIR`: each measured side's CPU profile, to see where its CPU time went.
	const profiles = listArg('growth-cpu-profiles')?.[0];
	const cpuProfilePath =
		profiles && input.items !== WARM_UP_ITEMS
			? join(profiles, `${input.caseKey}-${input.side}-${input.items}.cpuprofile`)
			: undefined;
	const result = await runSide({
		...input,
		simUrl: sim.url,
		cpuProfilePath,
		...(input.side === 'ours' && BATCH_SIZE ? { batchSize: BATCH_SIZE } : {}),
	});
	// The service's own count of what the side sent: the same requests on both sides, or not.
	if (input.items !== WARM_UP_ITEMS) {
		const log = await sim.admin<Array<{ status: number }>>('GET', '/requests');
		const statuses = new Map<number, number>();
		for (const { status } of log) statuses.set(status, (statuses.get(status) ?? 0) + 1);
		console.log(
			`bench: 10. ${input.caseKey} ${input.side} N=${input.items}: the service heard ${log.length} requests (${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')})`,
		);
	}
	if (result.failed || result.status !== 'success')
		console.warn(
			`bench: 10. ${input.caseKey} ${input.side} N=${input.items}: ${result.failed} failed, ${result.status}${result.error ? `, e.g. ${result.error}` : ''}`,
		);
	return result;
}

/**
 * Every profile, operation and size (`--growth-profiles=zero`, `--growth-cases=produce,chat`,
 * `--growth-sizes=100,1000` pick a subset); the sides alternate which goes first from one size to the next.
 */
export async function howCostGrows(
	onRow: (row: GrowthRow) => void = () => undefined,
): Promise<GrowthRow[]> {
	const profiles = listArg('growth-profiles') ?? ['zero', 'realistic'];
	const cases = listArg('growth-cases');
	const sizes = listArg('growth-sizes')?.map(Number);
	const rows: GrowthRow[] = [];
	let turn = 0;
	for (const profile of (['zero', 'realistic'] as const).filter((name) =>
		profiles.includes(name),
	)) {
		const sim = await startSimulatorProcess({
			defaultRateLimitPerMinute: 1_000_000,
			latency: profile === 'realistic' ? 'realistic' : undefined,
		});
		try {
			for (const testCase of GROWTH_CASES.filter(
				(candidate) => !cases || cases.includes(candidate.key),
			)) {
				const floors: GrowthSide[] =
					testCase.floor && profile === 'zero' ? ['floor', 'floorAll'] : [];
				// Each side once at N = 8, not measured: the simulator's first renders are slower, on whichever side goes first.
				for (const side of ['ours', 'http', ...floors] satisfies GrowthSide[])
					await measureSide(sim, { caseKey: testCase.key, side, items: WARM_UP_ITEMS });
				for (const items of SIZES[profile].filter((size) => !sizes || sizes.includes(size))) {
					const sides: GrowthSide[] = turn++ % 2 ? ['http', 'ours'] : ['ours', 'http'];
					if (FLOOR_SIZES.includes(items)) sides.push(...floors);
					const measured: Partial<Record<GrowthSide, GrowthChildResult>> = {};
					for (const side of sides)
						measured[side] = await measureSide(sim, { caseKey: testCase.key, side, items });
					const row: GrowthRow = {
						key: testCase.key,
						label: BATCH_SIZE
							? `${testCase.label}, the node at Batch Size ${BATCH_SIZE}`
							: testCase.label,
						profile,
						items,
						ours: measured.ours!,
						http: measured.http!,
						floor: measured.floor,
						floorAll: measured.floorAll,
					};
					rows.push(row);
					onRow(row);
				}
			}
		} finally {
			await sim.stop();
		}
	}
	return rows;
}
