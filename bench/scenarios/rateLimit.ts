import { credentialFor } from '../../test/harness';
import { FIXTURE_IDS, FIXTURE_KEYS } from '../../test/simulator';
import { runTimed } from '../lib/engine';
import { startSimulatorProcess } from '../lib/simulatorProcess';
import { connect, httpRequest, manualTrigger, ours, type BenchNode } from '../lib/workflow';

/**
 * Scenario 3, a rate-limited batch: 600 Start Run items with the key at the contract's default limit of 300
 * requests per minute (real time, no scaling). The limit's minimum for 600 requests is one window: the
 * 301st request can be admitted 60 s after the first. Each side gets its own fresh simulator, so neither
 * inherits the other's window. Both run with "continue on error" so failed items can be counted (with
 * n8n's default "stop", the HTTP Request node would simply stop at its first 429).
 */
interface RateLimitSide {
	failedItems: number;
	succeededItems: number;
	wallSeconds: number;
}

export interface RateLimitResult {
	items: number;
	limitPerMinute: number;
	minimumSeconds: number;
	ours: RateLimitSide;
	httpRequest: RateLimitSide;
}

const LIMIT_PER_MINUTE = 300;

function itemsSource(count: number): BenchNode {
	const items = Array.from({ length: count }, (_, index) => ({
		json: { index, text: `Contract ${index + 1}: summarise it.` },
	}));
	return { name: 'Items', type: 'test.testItems', parameters: { items: JSON.stringify(items) } };
}

async function side(count: number, makeNode: (url: string) => BenchNode): Promise<RateLimitSide> {
	const sim = await startSimulatorProcess({ defaultRateLimitPerMinute: LIMIT_PER_MINUTE });
	try {
		const node = { ...makeNode(sim.url), onError: 'continueRegularOutput' as const };
		const run = await runTimed(
			{
				nodes: [manualTrigger(), itemsSource(count), node],
				connections: connect([
					['Manual Trigger', 'Items'],
					['Items', node.name],
				]),
			},
			{ credentials: [credentialFor(sim.url, FIXTURE_KEYS.full)] },
		);
		const output = run.result.output(node.name);
		const failedItems =
			output.filter((item) => item.json.error !== undefined || typeof item.json.runId !== 'string')
				.length +
			(count - output.length);
		return {
			failedItems,
			succeededItems: count - failedItems,
			wallSeconds:
				((run.finishedAt.get(node.name) ?? Number.NaN) -
					(run.startedAt.get(node.name) ?? Number.NaN)) /
				1000,
		};
	} finally {
		await sim.stop();
	}
}

export async function rateLimitedBatch(count = 600): Promise<RateLimitResult> {
	const workflowId = FIXTURE_IDS.workflows.agentSummary;
	const [mine, theirs] = await Promise.all([
		side(count, () =>
			ours('Start Run', {
				resource: 'run',
				operation: 'start',
				workflowId: { __rl: true, mode: 'id', value: workflowId },
				inputMode: 'text',
				inputText: '={{ $json.text }}',
			}),
		),
		side(count, (url) =>
			httpRequest('Start Run', {
				method: 'POST',
				url: `${url}/workflows/runs`,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: `={{ JSON.stringify({ workflowId: '${workflowId}', input: $json.text }) }}`,
			}),
		),
	]);
	return {
		items: count,
		limitPerMinute: LIMIT_PER_MINUTE,
		minimumSeconds: (Math.ceil(count / LIMIT_PER_MINUTE) - 1) * 60,
		ours: mine,
		httpRequest: theirs,
	};
}
