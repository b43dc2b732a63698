/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { FIXED_BATCH_SIZE } from '../../nodes/DraftingWorkspace/pace/batching';
import { LATENCY_PROFILES } from '../../test/simulator/latency-profiles';
import { PACE_CASES, requestsOf, type Chain, type PaceCase } from '../lib/paceCases';
import { startSimulatorProcess, type SimulatorProcess } from '../lib/simulatorProcess';
import { measure, type PaceSide } from './pace';

/**
 * Scenario 9, "Auto against each profile": this package's node at its default (Batch Size: Auto) and at a fixed
 * window of 10, n8n's HTTP Request node at its defaults (every item at once) and with Batching set for the key
 * (5 items per second), against the simulator's service profiles (test/simulator/latency-profiles.ts): fast,
 * capped (8 at once, a 429 past it), slowing (later answers past 8 at once) and rate-limited (300 a minute). Each
 * item is one request of 1 s (50 ms round trip + 950 ms service). Each side gets a fresh simulator state. Besides
 * the time and the items lost, the simulator's request log gives the requests refused (429) and the most in
 * flight at once. Each operation first runs once on every side, unmeasured, on the profile's fresh simulator
 * process: the first run of a process pays for compiling its code (the simulator renders slower, n8n prepares
 * requests slower), and that cost would fall on whichever side happened to go first.
 */
const AUTO_PROFILES = ['fast', 'capped', 'slowing', 'rate-limited'] as const;
type AutoProfile = (typeof AUTO_PROFILES)[number];
const AUTO_CASES = ['produce', 'chat', 'start', 'download'];
const SIZES: Record<AutoProfile, number[]> = {
	fast: [20, 200, 600],
	capped: [20, 60, 200, 600],
	slowing: [20, 200, 600],
	'rate-limited': [20, 200, 600],
};

export interface AutoSide extends PaceSide {
	/** Requests the service refused with a 429 (each is a POST or GET sent again after the rest). */
	refused: number;
	requests: number;
	/** The most requests in flight at the service at once (from the request log's arrival and duration). */
	peak: number;
}

export interface AutoRow {
	profile: AutoProfile;
	key: string;
	label: string;
	items: number;
	/** The profile's bound in seconds: ⌈N / what it serves at once⌉ × 1 s, or the rate limit's minimum. */
	bound: number;
	auto: AutoSide;
	fixed: AutoSide;
	httpDefaults: AutoSide;
	httpBatching: AutoSide;
}

/**
 * The profile's bound: what it serves at once decides the rounds of 1 s; a rate limit its minutes, for every
 * request the case makes (its items' and, for this package's node, its reads once per execution: at 600 items and
 * 300 a minute, Produce's template read is the 601st request, which the limit lets through a minute later).
 */
function profileBound(profile: AutoProfile, items: number, testCase: PaceCase): number {
	const shape = LATENCY_PROFILES[profile];
	const itemS = (shape.roundTripMs + shape.runStartMs) / 1000;
	const atOnce = shape.capacity ?? shape.comfortableLoad ?? items;
	const limit = shape.rateLimitPerMinute ?? 300;
	return Math.max(
		itemS * Math.ceil(items / atOnce),
		Math.floor((requestsOf(testCase, items) - 1) / limit) * 60,
	);
}

interface LogEntry {
	at: string;
	status: number;
	durationMs: number | null;
}

/** Refused requests and the most in flight at once, from the simulator's log of the measurement. */
async function loadOf(
	sim: SimulatorProcess,
): Promise<Pick<AutoSide, 'refused' | 'requests' | 'peak'>> {
	const log = await sim.admin<LogEntry[]>('GET', '/requests');
	const edges = log.flatMap((entry) => {
		const at = Date.parse(entry.at);
		return [
			[at, 1],
			[at + (entry.durationMs ?? 0), -1],
		] as Array<[number, number]>;
	});
	edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	let open = 0;
	let peak = 0;
	for (const [, step] of edges) peak = Math.max(peak, (open += step));
	return {
		refused: log.filter((entry) => entry.status === 429).length,
		requests: log.length,
		peak,
	};
}

/** Every side once at a small N, not measured (see above): within the capped profile's 8, so nothing is refused. */
const WARM_UP_ITEMS = 8;

type SideName = 'auto' | 'fixed' | 'httpDefaults' | 'httpBatching';

/** The four sides of a row, in the order they are measured. */
const sidesOf = (sim: SimulatorProcess, testCase: PaceCase): Record<SideName, Chain> => ({
	auto: testCase.ours(),
	fixed: testCase.ours(FIXED_BATCH_SIZE),
	httpDefaults: testCase.http(sim.url, false),
	httpBatching: testCase.http(sim.url, true),
});

async function warmUp(sim: SimulatorProcess, testCase: PaceCase): Promise<void> {
	for (const chain of Object.values(sidesOf(sim, testCase)))
		await measure(sim, testCase, WARM_UP_ITEMS, chain);
}

async function side(
	sim: SimulatorProcess,
	testCase: PaceCase,
	count: number,
	chain: Chain,
): Promise<AutoSide> {
	const measured = await measure(sim, testCase, count, chain);
	return { ...measured, ...(await loadOf(sim)) };
}

const listArg = (name: string) =>
	process.argv
		.find((arg) => arg.startsWith(`--${name}=`))
		?.slice(name.length + 3)
		.split(',');

/**
 * Every profile, operation and size in turn (`--auto-profiles=capped`, `--auto-cases=produce`,
 * `--auto-sizes=60` pick a subset); one simulator process per profile.
 */
export async function autoAgainstProfiles(
	onRow: (row: AutoRow) => void = () => undefined,
): Promise<AutoRow[]> {
	const profiles = listArg('auto-profiles') ?? [...AUTO_PROFILES];
	const cases = listArg('auto-cases') ?? AUTO_CASES;
	const sizes = listArg('auto-sizes')?.map(Number);
	const rows: AutoRow[] = [];
	for (const profile of AUTO_PROFILES.filter((name) => profiles.includes(name))) {
		const sim = await startSimulatorProcess({ latency: profile, rateLimitWindowMs: 60_000 });
		try {
			for (const testCase of PACE_CASES.filter((candidate) => cases.includes(candidate.key))) {
				await warmUp(sim, testCase);
				const sides = sidesOf(sim, testCase);
				for (const count of SIZES[profile].filter((size) => !sizes || sizes.includes(size))) {
					const row: AutoRow = {
						profile,
						key: testCase.key,
						label: testCase.label.replace(/ \(.*\)$/, ''),
						items: count,
						bound: profileBound(profile, count, testCase),
						auto: await side(sim, testCase, count, sides.auto),
						fixed: await side(sim, testCase, count, sides.fixed),
						httpDefaults: await side(sim, testCase, count, sides.httpDefaults),
						httpBatching: await side(sim, testCase, count, sides.httpBatching),
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
