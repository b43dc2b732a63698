// Issue 26, items 4 and 11, through n8n's engine and the editor's list requests against the simulator: in node
// version 2 Get Many's runs and workflows carry the id as Get names it (runId, workflowId), version 1 keeps `id`;
// the run picker's entries are told apart by their start and ID; Follow at Most says what it bounds.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { DraftingWorkspace } from '../../nodes/DraftingWorkspace/DraftingWorkspace.node';
import { ACTION_NODE, NODE_TYPE } from '../harness';
import { listSearch } from '../harness/loadOptions';
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin } from '../simulator';
import { IntegrationContext, items } from './support';

const ctx = new IntegrationContext();
const wf = FIXTURE_IDS.workflows;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

beforeAll(async () => ctx.start());
afterAll(async () => ctx.stop());
beforeEach(() => ctx.sim.admin.reset());
afterEach(() => expect(ctx.leaks()).toEqual([]));

function seedTwinRuns(): string[] {
	// Two runs of one workflow started in the same minute (a second apart): alike but for their start and ID.
	return runAdmin(ctx.sim).seedRuns([{ workflowId: wf.agentSummary, keyId: FIXTURE_IDS.keys.full, status: 'Completed', startedAt: '2026-03-01T10:15:30.000Z', count: 2, spacingMs: 1000 }]);
}

describe('Run → Get Many', () => {
	it('version 1 outputs the list items as the service sends them (id); version 2 as Get does (runId, no id)', async () => {
		const [newer, older] = seedTwinRuns();
		const v1 = items(await ctx.run({ resource: 'run', operation: 'getAll' }, 'full', { typeVersion: 1 }));
		expect(v1.map((run) => run.id)).toEqual([newer, older]);
		expect(v1.every((run) => run.runId === undefined)).toBe(true);

		const v2 = items(await ctx.run({ resource: 'run', operation: 'getAll' }, 'full', { typeVersion: 2 }));
		expect(v2.map((run) => run.runId)).toEqual([newer, older]);
		expect(v2.every((run) => !('id' in run))).toBe(true);
		// Every other field is the service's, unchanged.
		const { id, ...rest } = v1[0];
		expect(v2[0]).toEqual({ runId: id, ...rest });
		expect(Object.keys(v2[0])[0]).toBe('runId');
	});

	it('Get Many → Get with {{ $json.runId }}: fails in version 1 ("Run is empty"), works in version 2', async () => {
		seedTwinRuns();
		const chain = [
			{ resource: 'run', operation: 'getAll', limit: 2 },
			{ resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}') },
		];
		const v1 = await ctx.runChain(chain, 'full', { typeVersion: 1 });
		expect(v1.status).toBe('error');
		expect(String(v1.nodeError(`${ACTION_NODE} 2`)?.message)).toBe('Run is empty');
		const v2 = await ctx.runChain(chain, 'full', { typeVersion: 2 });
		expect(v2.status).toBe('success');
		expect(items(v2, `${ACTION_NODE} 2`).map((run) => run.status)).toEqual(['Completed', 'Completed']);
	});
});

describe('Workflow → Get Many and Get', () => {
	it('version 1: id; version 2: workflowId, in the list and in the detail alike', async () => {
		const listV1 = items(await ctx.run({ resource: 'workflow', operation: 'getAll', returnAll: true }, 'full', { typeVersion: 1 }));
		const listV2 = items(await ctx.run({ resource: 'workflow', operation: 'getAll', returnAll: true }, 'full', { typeVersion: 2 }));
		expect(listV2.map((workflow) => workflow.workflowId)).toEqual(listV1.map((workflow) => workflow.id));
		expect(listV2.every((workflow) => !('id' in workflow))).toBe(true);

		const get = { resource: 'workflow', operation: 'get', workflowId: byId(wf.inputNda) };
		const [detailV1] = items(await ctx.run(get, 'full', { typeVersion: 1 }));
		const [detailV2] = items(await ctx.run(get, 'full', { typeVersion: 2 }));
		expect(detailV1.id).toBe(wf.inputNda);
		const { id, ...rest } = detailV1;
		expect(detailV2).toEqual({ workflowId: id, ...rest });
		// The steps keep their own ids: only the workflow's is renamed.
		expect((detailV2.steps as IDataObject[])[0].id).toBe(FIXTURE_IDS.steps.inputNda.entry);
	});

	it('Workflow → Get Many → Workflow → Get with {{ $json.workflowId }} (version 2)', async () => {
		const result = await ctx.runChain(
			[
				{ resource: 'workflow', operation: 'getAll', returnAll: false, limit: 1 },
				{ resource: 'workflow', operation: 'get', workflowId: byId('={{ $json.workflowId }}') },
			],
			'full',
			{ typeVersion: 2 },
		);
		expect(result.status).toBe('success');
		expect(items(result, `${ACTION_NODE} 2`)[0].workflowId).toBe(items(result)[0].workflowId);
	});
});

describe('the run picker (From list), as the editor asks for it', () => {
	it('two runs of one workflow in the same minute read differently: start to the second, and the run ID', async () => {
		const [newer, older] = seedTwinRuns();
		for (const typeVersion of [1, 2]) {
			const { results } = await listSearch({ nodeType: NODE_TYPE, typeVersion, parameters: { resource: 'run', operation: 'get' }, credential: { baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full } }, 'searchRuns');
			expect(results).toEqual([
				{ name: `Contract summary · Completed · 2026-03-01 10:15:30 · ${newer}`, value: newer },
				{ name: `Contract summary · Completed · 2026-03-01 10:15:29 · ${older}`, value: older },
			]);
		}
	});
});

test('Follow at Most is named for what it bounds, in both versions; its parameter name stays followAtMost', () => {
	const { properties } = new DraftingWorkspace().description;
	const options = properties.flatMap((property) => (property.type === 'collection' ? (property.options as INodeProperties[]) : []));
	const bounds = options.filter((option) => option.name === 'followAtMost');
	expect(new Set(bounds.map((option) => option.displayName))).toEqual(new Set(['Max Runs Followed at Once', 'Max Uploads Checked at Once']));
	for (const option of bounds) expect(option.description).toMatch(/^How many of this node's (runs|uploaded documents) are (followed|checked) at the same time/);
});
