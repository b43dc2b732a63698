import type { Failure, IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, FIXTURE_KEYS } from '../simulator';
import { PollHarness } from '../harness/poll';
import { ACTION_NODE, type HarnessRun } from '../harness';
import { failure, useIntegrationContext } from './support';
import { byId } from '../harness';

/**
 * The error an execution ends with says why in n8n's words (`failure`, what n8n 2.41's poll backoff reads):
 * through n8n-core's engine against the simulator, as n8n stores it for the execution and for the node's task.
 */
const ctx = useIntegrationContext();
const LIST = { resource: 'workflow', operation: 'getAll', returnAll: true };

/** The failure on the error n8n keeps for the execution, checked to be the one on the node's task error too. */
function declaredFailure(result: HarnessRun): Failure | undefined {
	expect(result.status).toBe('error');
	const stored = (result.error as { failure?: Failure } | undefined)?.failure;
	expect((result.nodeError(ACTION_NODE) as { failure?: Failure } | undefined)?.failure).toEqual(
		stored,
	);
	return stored;
}

const listHits = () => ctx.sim.admin.requests().filter((entry) => entry.path === '/workflows');

it('a 429 that outlasts the retries: rate-limited, with the wait the last answer asked for', async () => {
	ctx.sim.admin.addFault({
		path: '/workflows',
		kind: 'status',
		status: 429,
		retryAfterSeconds: 1,
		times: 2,
	});
	ctx.sim.admin.addFault({
		path: '/workflows',
		kind: 'status',
		status: 429,
		retryAfterSeconds: 120,
		times: 1,
	});
	const result = await ctx.run(LIST);
	expect(listHits().map((entry) => entry.status)).toEqual([429, 429, 429]);
	expect(failure(result).description).toContain('The node tried 3 times, then stopped');
	expect(declaredFailure(result)).toEqual({ cause: 'rate-limited', retryAfterMs: 120_000 });
});

it('a revoked key: credential-invalid, with no wait', async () => {
	expect(declaredFailure(await ctx.run(LIST, 'revoked'))).toEqual({ cause: 'credential-invalid' });
});

it('quota_exceeded: quota-exhausted, resetting at the reset_at the service sent', async () => {
	ctx.sim.admin.addFault({
		path: '/workflows',
		kind: 'status',
		status: 429,
		errorType: 'quota_exceeded',
		retryAfterSeconds: 600,
	});
	const result = await ctx.run(LIST);
	const resetAt = ((result.error as { context?: IDataObject }).context?.serviceBody as IDataObject)
		.reset_at;
	expect(typeof resetAt).toBe('string');
	expect(declaredFailure(result)).toEqual({
		cause: 'quota-exhausted',
		resetsAtEpochMs: Date.parse(String(resetAt)),
	});
	expect(listHits()).toHaveLength(1);
});

it.each([
	['a key without the scope (missing_scope)', 'noWorkflowsRead' as const, LIST],
	[
		'a key whose allowlist omits the workflow (workflow_not_in_allowlist)',
		'allowlisted' as const,
		{ resource: 'workflow', operation: 'get', workflowId: byId(FIXTURE_IDS.workflows.inputNda) },
	],
	[
		'an unknown id (404)',
		'full' as const,
		{ resource: 'workflow', operation: 'get', workflowId: byId('wf_missing') },
	],
])('%s: configuration-invalid', async (_label, key, parameters) => {
	expect(declaredFailure(await ctx.run(parameters, key))).toEqual({
		cause: 'configuration-invalid',
	});
});

it('API keys disabled on the deployment (503 feature_disabled): configuration-invalid, not a wait', async () => {
	ctx.sim.admin.addFault({ path: '/workflows', kind: 'status', status: 503 });
	expect(declaredFailure(await ctx.run(LIST))).toEqual({ cause: 'configuration-invalid' });
});

it('a service that refuses connections: temporarily-unavailable', async () => {
	const result = await ctx.run(LIST, 'full', { baseUrl: 'http://127.0.0.1:1' });
	expect(declaredFailure(result)).toEqual({ cause: 'temporarily-unavailable' });
});

it('the trigger’s poll throws the declared failure n8n’s poll backoff reads: a revoked key rests, it is not hammered', async () => {
	const harness = await PollHarness.create(
		{ events: ['Completed'] },
		{ baseUrl: ctx.url, apiKey: FIXTURE_KEYS.revoked },
	);
	const { error } = await harness.poll();
	expect((error as { failure?: Failure }).failure).toEqual({ cause: 'credential-invalid' });
	const unset = await (
		await PollHarness.create({ events: [] }, { baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full })
	).poll();
	expect((unset.error as { failure?: Failure }).failure).toEqual({
		cause: 'configuration-invalid',
	});
});
