// A Base URL typed with /v1 (what OpenAI-style credentials ask for) works for every node and every
// request: the action node's operations and downloads, its pickers, the trigger, the Chat Model, the credential test.
// Each runs through n8n-core against the simulator; every request must reach a contract path (no /v1/workflows).
import type { IDataObject } from 'n8n-workflow';

import { NODE_TYPE, credentialFor, runWorkflow } from '../harness';
import { testCredential } from '../harness/credentialTest';
import { listSearch, resourceMapping } from '../harness/loadOptions';
import { registerModelConsumer } from '../harness/modelConsumer';
import { PollHarness } from '../harness/poll';
import { FIXTURE_IDS, FIXTURE_KEYS, TEMPLATE_IDS } from '../simulator';
import { produce } from '../operations/support';
import { byId, failure, items, useIntegrationContext } from './support';

const ctx = useIntegrationContext({ runTimeScale: 0.05, sseHeartbeatMs: 200, chatChunkDelayMs: 1 });
const wf = FIXTURE_IDS.workflows;

/** The ways a user types the Base URL with /v1. */
const FORMS = ['/v1', '/v1/', '//V1//'];

/** Every request the simulator saw went to a path of the contract (none under /v1 but the chat adapter's): no 404, no 405. */
function expectContractPaths(): void {
	const requests = ctx.sim.admin.requests();
	expect(requests.length).toBeGreaterThan(0);
	for (const { path, status } of requests) {
		expect(path).toMatch(
			/^\/(workflows|workflow-inputs|document-templates|documents|v1\/(models|chat\/completions)$)/,
		);
		expect([404, 405]).not.toContain(status);
	}
}

registerModelConsumer();

describe.each(FORMS)('Base URL typed as <service>%s', (form) => {
	const baseUrl = () => `${ctx.url}${form}`;
	/** A chain of the action node on this Base URL whose second node outputs the PDF. */
	async function pdfFromChain(steps: IDataObject[]) {
		const result = await ctx.runChain(steps, 'full', { baseUrl: baseUrl() });
		expect(result.status).toBe('success');
		expect(result.output('Drafting Workspace 2')[0].binary?.data).toMatchObject({
			mimeType: 'application/pdf',
		});
		return result;
	}

	it('the credential test passes', async () => {
		expect(await testCredential({ baseUrl: baseUrl(), apiKey: FIXTURE_KEYS.full })).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expectContractPaths();
	});

	it('Start → Wait: the run, its record and its rendered file download (Simplify links on the service root)', async () => {
		const result = await pdfFromChain([
			{
				resource: 'run',
				operation: 'start',
				workflowId: byId(wf.agentSummary),
				inputMode: 'text',
				inputText: 'Supply agreement…',
			},
			{
				resource: 'run',
				operation: 'wait',
				runId: byId('={{ $json.runId }}'),
				waitOptions: { checkInterval: 1, timeout: 60 },
			},
			{ resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}'), simplify: true },
		]);
		const [simplified] = items(result, 'Drafting Workspace 3');
		expect(JSON.stringify(simplified)).toContain(`${ctx.url}/workflows/runs/`);
		expectContractPaths();
	});

	it('Produce From Template, then Document → Download through the links it gave', async () => {
		await pdfFromChain([
			produce({ 'employee.name': 'Jordan Lee', role: 'Associate' }),
			{ resource: 'document', operation: 'download', format: 'pdf' },
		]);
		expectContractPaths();
	});

	it('Workflow → Get Many, Chat → List Models and Chat → Complete', async () => {
		const result = await ctx.runChain(
			[
				{ resource: 'workflow', operation: 'getAll', returnAll: true },
				{ resource: 'chat', operation: 'listModels' },
				{
					resource: 'chat',
					operation: 'complete',
					model: 'dw-standard',
					messages: { values: [{ role: 'user', content: 'Hello' }] },
				},
			],
			'full',
			{ baseUrl: baseUrl() },
		);
		expect(result.status).toBe('success');
		expect(items(result).map((workflow) => workflow.workflowId)).toContain(wf.agentSummary);
		expectContractPaths();
	});

	it('the pickers and the mapper fill: workflows, runs, templates, models, a workflow’s input fields', async () => {
		const credential = { baseUrl: baseUrl(), apiKey: FIXTURE_KEYS.full };
		const node = (nodeType = NODE_TYPE, parameters = {}) => ({ nodeType, credential, parameters });
		expect(JSON.stringify(await listSearch(node(), 'searchWorkflows'))).toContain(wf.agentSummary);
		expect(JSON.stringify(await listSearch(node(), 'searchTemplates'))).toContain(
			TEMPLATE_IDS.offerLetter,
		);
		expect(await listSearch(node(), 'searchRuns')).toMatchObject({ results: expect.any(Array) });
		expect(JSON.stringify(await listSearch(node(), 'searchChatModels'))).toContain('dw-standard');
		expect(
			JSON.stringify(
				await listSearch(
					node('n8n-nodes-drafting-workspace.lmChatDraftingWorkspace'),
					'searchChatModels',
				),
			),
		).toContain('dw-standard');
		const fields = await resourceMapping(
			node(NODE_TYPE, {
				resource: 'run',
				operation: 'start',
				inputMode: 'fields',
				workflowId: byId(wf.inputNda),
			}),
			'getRunInputFields',
		);
		expect(JSON.stringify(fields)).toContain('counterparty');
		expectContractPaths();
	});

	it('the Chat Model answers a chain', async () => {
		const result = await runWorkflow(
			{
				nodes: [
					{ name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', parameters: {} },
					{ name: 'Chain', type: 'test.modelConsumer', parameters: { mode: 'invoke' } },
					{
						name: 'Model',
						type: 'n8n-nodes-drafting-workspace.lmChatDraftingWorkspace',
						parameters: { model: byId('dw-standard'), options: {} },
						credentials: {
							draftingWorkspaceApi: { id: 'cred-1', name: 'Drafting Workspace account' },
						},
					},
				],
				connections: {
					'Manual Trigger': { main: [[{ node: 'Chain', type: 'main', index: 0 }]] },
					Model: { ai_languageModel: [[{ node: 'Chain', type: 'ai_languageModel', index: 0 }]] },
				},
			},
			{ credentials: [credentialFor(baseUrl(), FIXTURE_KEYS.full)] },
		);
		ctx.record(result);
		expect(result.status).toBe('success');
		expect(String(result.output('Chain')[0].json.text)).toMatch(/Summarise the termination clause/);
		expectContractPaths();
	});

	it('the trigger fires for a run that finishes after activation, with its file', async () => {
		const harness = await PollHarness.create(
			{ events: ['Completed'], options: { attachFiles: true } },
			{ baseUrl: baseUrl(), apiKey: FIXTURE_KEYS.full },
		);
		expect((await harness.poll()).error).toBeUndefined();
		const started = await ctx.run({
			resource: 'run',
			operation: 'start',
			workflowId: byId(wf.agentSummary),
			inputMode: 'text',
			inputText: 'x',
			waitForCompletion: true,
			downloadFiles: false,
		});
		const [{ runId }] = items(started);
		const { items: fired, error } = await harness.poll();
		expect(error).toBeUndefined();
		expect(fired?.map((item) => item.json.runId)).toEqual([runId]);
		expect(fired?.[0].binary?.data).toMatchObject({ mimeType: 'application/pdf' });
		expectContractPaths();
	});
});

describe('a Base URL that points at the wrong place reads as such', () => {
	it('a list and a run read under a path the API is not at: No endpoint, with the fix for the Base URL', async () => {
		const baseUrl = `${ctx.url}/not-the-api`;
		for (const [parameters, request] of [
			[
				{ resource: 'workflow', operation: 'getAll', returnAll: true },
				'GET /not-the-api/workflows',
			],
			[
				{ resource: 'run', operation: 'get', runId: byId('run_1') },
				'GET /not-the-api/workflows/runs/run_1',
			],
		] as const) {
			const result = await ctx.run(parameters, 'full', { baseUrl });
			expect(result.status).toBe('error');
			expect(failure(result).message).toBe(
				`No endpoint at ${request} (404): the Base URL may point at the wrong place`,
			);
			expect(failure(result).description).toMatch(
				/^Set the credential's Base URL to the root of the service's API, as shown next to your API keys \(e\.g\. https:\/\/workspace\.example\.com, with or without \/v1\)/,
			);
		}
	});

	it('a run id that does not exist, at the right Base URL typed with /v1: the run, and how to map its id', async () => {
		const result = await ctx.run(
			{ resource: 'run', operation: 'get', runId: byId('run_mistyped') },
			'full',
			{ baseUrl: `${ctx.url}/v1` },
		);
		expect(failure(result).message).toBe('Run "run_mistyped" was not found (404)');
		expect(failure(result).description).toMatch(
			/^Check the id: map it from the output of the node that started the run, e\.g\. \{\{ \$json\.runId \}\}\./,
		);
	});
});
