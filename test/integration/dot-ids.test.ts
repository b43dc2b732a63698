// An ID made only of dots ("." or "..", typed or mapped) would be resolved by the URL parser as a path segment:
// Run → Get with ".." asked GET /workflows/runs/.. = GET /workflows/, the workflow list. Refused before anything
// is sent, with an error naming the item and the fix; Continue On Fail keeps the other items.
import { FIXTURE_IDS } from '../simulator';
import { getEachWorkflow } from '../operations/support';
import { byId, failure, items, useIntegrationContext } from './support';

const ctx = useIntegrationContext();

const OPERATIONS = [
	['run', 'get', 'runId'],
	['run', 'cancel', 'runId'],
	['workflow', 'get', 'workflowId'],
	['template', 'get', 'templateId'],
] as const;

describe('an ID made only of dots is refused, nothing sent', () => {
	it.each(
		OPERATIONS.flatMap(([resource, operation, field]) =>
			['.', '..'].map((id) => [resource, operation, field, id] as const),
		),
	)('%s → %s with %s %p', async (resource, operation, field, id) => {
		const result = await ctx.run({ resource, operation, [field]: byId(id) });
		expect(result.status).toBe('error');
		expect(failure(result).message).toMatch(/an ID made only of dots names no resource/);
		expect(failure(result).description).toMatch(/Check the ID/);
		expect(ctx.sim.admin.requests().filter((entry) => entry.path !== '/models')).toEqual([]);
	});

	it('Continue On Fail: the dotted item gets its error, the others their records, in order', async () => {
		const ids = [FIXTURE_IDS.workflows.agentSummary, '..', FIXTURE_IDS.workflows.review];
		const result = await getEachWorkflow(ctx, ids);
		const out = items(result);
		expect(out.map((item) => item.workflowId ?? item.error)).toEqual([
			ids[0],
			expect.stringMatching(/only of dots/),
			ids[2],
		]);
		expect(
			ctx.sim.admin
				.requests()
				.some((entry) => entry.path === '/workflows' || entry.path === '/workflows/'),
		).toBe(false);
	});
});
