/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject } from 'n8n-workflow';

import { FIXED_BATCH_SIZE } from '../../nodes/DraftingWorkspace/pace/batching';
import { credentialFor } from '../../test/harness';
import { FIXTURE_KEYS } from '../../test/simulator';
import { runTimed } from '../lib/engine';
import { PACE_CASES, PACE_SIZES, requestsOf, type Chain, type PaceCase } from '../lib/paceCases';
import { startSimulatorProcess, type SimulatorProcess } from '../lib/simulatorProcess';
import { connect, manualTrigger, type BenchNode } from '../lib/workflow';

/**
 * Scenario 8, "At the service's pace": each operation with the simulator at the realistic profile and
 * the key at its default 300 requests a minute, this package (at a fixed Batch Size of 10, and Batch Size
 * N) against n8n's HTTP Request node at its defaults and with Batching set for the limit, and against the
 * service's bound, which is computed, not measured. The simulator is reset before every measurement: a fresh
 * rate-limit window and state, so one side's requests never starve the next.
 */
export const LIMIT_PER_MINUTE = 300;
/** The window scenario 8 measured as the default (a fixed Batch Size of 10; the default is now Auto: scenario 9). */
export const DEFAULT_WINDOW = FIXED_BATCH_SIZE;

export interface PaceSide {
	seconds: number;
	failed: number;
	/** What the service spent per item: the durations of every request it answered in this measurement, over N. */
	serviceMsPerItem: number;
}

export interface PaceRow {
	key: string;
	label: string;
	items: number;
	itemMs: number;
	requests: number;
	/**
	 * The bound at the default Batch Size and at Batch Size N (seconds), with the item time the service took in that
	 * measurement where it took longer than the profile's (the simulator renders documents in one thread, so ten at
	 * once take it longer than one; a real service renders them side by side).
	 */
	bound: { windowDefault: number; windowN: number };
	ours: { windowDefault: PaceSide; windowN: PaceSide };
	httpDefaults: PaceSide;
	httpBatching: PaceSide;
}

/**
 * max(item time × ⌈N / window⌉, the limit's minimum for the requests). The key's limit is a sliding minute: a fresh
 * key admits 300 requests at once, and the (k × 300 + 1)th request no earlier than k minutes after the first (the
 * minimum of scenario 3), so R requests need at least ⌊(R − 1) / 300⌋ minutes.
 */
function serviceBound(itemMs: number, items: number, window: number, requests: number): number {
	return Math.max(
		(itemMs * Math.ceil(items / window)) / 1000,
		Math.floor((requests - 1) / LIMIT_PER_MINUTE) * 60,
	);
}

function withSource(items: IDataObject[], chain: Chain) {
	const source: BenchNode = {
		name: 'Items',
		type: 'test.testItems',
		parameters: { items: JSON.stringify(items) },
	};
	// Continue On Fail on the requesting nodes (this package's, HTTP Request), so failed items are counted, not fatal.
	const requesting = (node: BenchNode) =>
		node.type === 'n8n-nodes-base.httpRequest' || !node.type.startsWith('n8n-nodes-base.');
	const nodes = chain.nodes.map((node) =>
		requesting(node) ? { ...node, onError: 'continueRegularOutput' as const } : node,
	);
	return {
		nodes: [manualTrigger(), source, ...nodes],
		connections: connect([['Manual Trigger', 'Items'], ['Items', chain.first], ...chain.edges]),
	};
}

// A run record has `error: null`; a failed item (either side, Continue On Fail) has an error object or message.
const errorOf = (json: IDataObject): boolean => json.error !== undefined && json.error !== null;

/** Resets the simulator, builds the items, runs the chain once: wall time from its first node to its last. */
export async function measure(
	sim: SimulatorProcess,
	testCase: PaceCase,
	count: number,
	chain: Chain,
): Promise<PaceSide> {
	await sim.admin('POST', '/reset');
	const items = await testCase.items(sim, count);
	const reached: IDataObject[] = [];
	const run = await runTimed(withSource(items, chain), {
		credentials: [credentialFor(sim.url, FIXTURE_KEYS.full)],
		onNodeFinished: (node, task) => {
			if (node === chain.last)
				reached.push(...(task.data?.main?.[0] ?? []).map((item) => item.json));
		},
	});
	const good = reached.filter((json) =>
		chain.doneStatus ? json.status === chain.doneStatus : !errorOf(json),
	).length;
	const failed = run.result.status === 'success' ? count - good : count;
	if (failed) {
		const example = reached.find(errorOf) ?? run.result.error;
		console.warn(
			`bench: pace ${testCase.key} N=${count} ${chain.first}: ${failed} failed, e.g. ${JSON.stringify(example ?? 'no output').slice(0, 300)}`,
		);
	}
	const seconds =
		((run.finishedAt.get(chain.last) ?? Number.NaN) -
			(run.startedAt.get(chain.first) ?? Number.NaN)) /
		1000;
	const log = await sim.admin<Array<{ durationMs: number | null }>>('GET', '/requests');
	const serviceMsPerItem = log.reduce((sum, entry) => sum + (entry.durationMs ?? 0), 0) / count;
	return { seconds, failed, serviceMsPerItem };
}

async function measureCase(
	sim: SimulatorProcess,
	testCase: PaceCase,
	count: number,
): Promise<PaceRow> {
	const windowDefault = await measure(sim, testCase, count, testCase.ours(DEFAULT_WINDOW));
	const windowN = await measure(sim, testCase, count, testCase.ours(count));
	const httpDefaults = await measure(sim, testCase, count, testCase.http(sim.url, false));
	const httpBatching = await measure(sim, testCase, count, testCase.http(sim.url, true));
	const requests = requestsOf(testCase, count);
	return {
		key: testCase.key,
		label: testCase.label,
		items: count,
		itemMs: testCase.itemMs,
		requests,
		bound: {
			windowDefault: serviceBound(
				Math.max(testCase.itemMs, windowDefault.serviceMsPerItem),
				count,
				DEFAULT_WINDOW,
				requests,
			),
			windowN: serviceBound(
				Math.max(testCase.itemMs, windowN.serviceMsPerItem),
				count,
				count,
				requests,
			),
		},
		ours: { windowDefault, windowN },
		httpDefaults,
		httpBatching,
	};
}

/** Every operation and size in turn, in one simulator at the realistic profile and the default key limit. */
export async function atTheServicesPace(
	onRow: (row: PaceRow) => void = () => undefined,
): Promise<PaceRow[]> {
	const sim = await startSimulatorProcess({
		latency: 'realistic',
		defaultRateLimitPerMinute: LIMIT_PER_MINUTE,
	});
	const rows: PaceRow[] = [];
	try {
		// `--pace-cases=uploadWait,chat`: only those operations (a row measured again); every one by default.
		const only = process.argv
			.find((arg) => arg.startsWith('--pace-cases='))
			?.slice('--pace-cases='.length)
			.split(',');
		for (const testCase of PACE_CASES.filter((candidate) => !only || only.includes(candidate.key)))
			for (const count of PACE_SIZES) {
				const row = await measureCase(sim, testCase, count);
				rows.push(row);
				onRow(row);
			}
		return rows;
	} finally {
		await sim.stop();
	}
}
