import { AUTO_PACE } from '../../nodes/DraftingWorkspace/pace/pace';
import { ACTION_NODE } from '../harness';
import { FIXTURE_IDS, runAdmin } from '../simulator';
import { byId, mostOpenAtOnce, useIntegrationContext } from './support';

/**
 * Batch Size Auto on a key an admin gave a higher limit than the default 300 requests a minute: through n8n's
 * engine against the simulator, every answer 1.5 s away. What was in flight at once is read off the simulator's
 * request log (arrival instants and durations), never from a timed assertion.
 */
const ctx = useIntegrationContext({ runTimeScale: 0, chatChunkDelayMs: 0 });
/** A busy machine can log an answer's end well after the client read it: an end counts this much early. */
const SLACK_MS = 150;
const RUN_READ = /^\/workflows\/runs\/[^/]+$/;

it(`a key that admits more than ${AUTO_PACE.liftAbove} within a minute: more than ${AUTO_PACE.ceiling} in flight, never more than ${AUTO_PACE.liftedCeiling}; every item once, in item order and paired`, async () => {
	ctx.sim.admin.setLatency({ roundTripMs: 1_500, rateLimitPerMinute: 1_000_000 });
	const [runId] = runAdmin(ctx.sim).seedRuns([
		{
			workflowId: FIXTURE_IDS.workflows.agentSummary,
			keyId: FIXTURE_IDS.keys.full,
			status: 'Completed' as const,
			startedAt: new Date(Date.now() - 60_000).toISOString(),
		},
	]);
	const count = 2_400;
	const result = await ctx.run(
		{ resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}') },
		'full',
		{ items: Array.from({ length: count }, (_, index) => ({ json: { runId, index } })) },
	);
	expect(result.status).toBe('success');
	const reads = ctx.sim.admin
		.requests()
		.filter((entry) => entry.method === 'GET' && RUN_READ.test(entry.path));
	expect(reads).toHaveLength(count);
	expect(reads.every((entry) => entry.status === 200)).toBe(true);
	const most = mostOpenAtOnce(reads, SLACK_MS);
	expect(most).toBeGreaterThan(AUTO_PACE.ceiling);
	expect(most).toBeLessThanOrEqual(AUTO_PACE.liftedCeiling);
	expect(result.output(ACTION_NODE).map((item) => item.pairedItem)).toEqual(
		Array.from({ length: count }, (_, index) => ({ item: index })),
	);
}, 120_000);
