import type { IDataObject } from 'n8n-workflow';

import { items, seedCompletedRuns, useIntegrationContext } from './support';
import { byId } from '../harness';

/**
 * The key's rate limit is shared: when one request is answered 429 with a Retry-After, every request with that
 * key rests until it has passed, instead of each item retrying on its own and burning the key's requests. Read
 * from the simulator's request log (arrival instants and durations), through n8n's engine.
 */
const ctx = useIntegrationContext({ runTimeScale: 0 });
const RUN_PATH = '/workflows/runs/*';

const runGets = () =>
	ctx.sim.admin
		.requests()
		.filter((entry) => entry.method === 'GET' && entry.path.startsWith('/workflows/runs/'));

it.each([
	[429, { status: 429, retryAfterSeconds: 1 }],
	[423, { status: 423 }],
] as const)(
	'a %i on one item rests every item with the key: nothing is sent until the rest has passed, and every item still gets its record, in order',
	async (_status, fault) => {
		const ids = seedCompletedRuns(ctx, 24);
		// Every read takes 100 ms, so the 8 reads in flight keep sending new ones while the first waits. A fixed window
		// of 8: Auto would have sent all 24 before the refusal came back (the window model test covers Auto's turns).
		ctx.sim.admin.addFault({ kind: 'delay', ms: 100, method: 'GET', path: RUN_PATH, times: 1_000 });
		ctx.sim.admin.addFault({ kind: 'status', ...fault, method: 'GET', path: RUN_PATH, times: 1 });
		const batching = { pace: 'fixed', batchSize: 8 };
		const result = await ctx.run(
			{ resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}'), batching },
			'full',
			{
				items: ids.map((runId) => ({ json: { runId } })),
			},
		);
		expect(result.status).toBe('success');
		expect(items(result).map((item: IDataObject) => item.runId)).toEqual(ids);

		const log = runGets();
		const refused = log.filter((entry) => entry.status === fault.status);
		expect(refused).toHaveLength(1);
		const restFrom = Date.parse(refused[0].at) + (refused[0].durationMs ?? 0);
		// A 429 asks for 1 s (Retry-After); a first 423 backs off 250 ms. Only requests already on their way when the
		// refusal was answered may still arrive during the rest: fewer than the 8 reads the node keeps in flight,
		// however late a busy machine delivers them. A node that did not rest would send the other 16 items' reads.
		const restMs = fault.status === 429 ? 1_000 : 250;
		const arrivedDuringRest = log.filter((entry) => {
			const at = Date.parse(entry.at);
			return at > restFrom && at < restFrom + restMs;
		});
		expect(arrivedDuringRest.length).toBeLessThan(8);
		expect(log.filter((entry) => entry.status === 200)).toHaveLength(24);
	},
);
