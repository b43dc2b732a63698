// Issue 26, items 6 and 8b, through n8n's engine and the editor's requests against the simulator. Version 2's Input
// Mode "From the Workflow's Entry Step" (its default) sends text to a workflow that starts with an agent step and
// the form's fields to one that starts with an input form, reading the workflow once per execution; the mapper shows
// the matching columns. Version 2's Download Input Document lists the run's documents. Version 1 is unchanged.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, NODE_TYPE } from '../harness';
import { listSearch, resourceMapping, type EditorRequest } from '../harness/loadOptions';
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin } from '../simulator';
import { IntegrationContext, failure, items } from './support';

const ctx = new IntegrationContext();
const wf = FIXTURE_IDS.workflows;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const mapper = (value: IDataObject | null, mappingMode = 'defineBelow') => ({ mappingMode, value, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: false });
/** Run → Start without an Input Mode: each version's default. */
const start = (workflowId: string, inputFields: IDataObject) => ({ resource: 'run', operation: 'start', workflowId: byId(workflowId), inputFields });

function startBodies(): IDataObject[] {
	return ctx.sim.admin
		.requests()
		.filter((entry) => entry.method === 'POST' && entry.path === '/workflows/runs')
		.map((entry) => entry.requestBody as IDataObject);
}

const editor = (typeVersion: number, parameters: IDataObject): EditorRequest => ({
	nodeType: NODE_TYPE,
	typeVersion,
	parameters: parameters as EditorRequest['parameters'],
	credential: { baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full },
});

beforeAll(async () => ctx.start({ runTimeScale: 0.2 }));
afterAll(async () => ctx.stop());
beforeEach(() => ctx.sim.admin.reset());
afterEach(() => expect(ctx.leaks()).toEqual([]));

describe('Run → Start, Input Mode by default', () => {
	it('an agent-entry workflow: version 1 (Map Fields) refuses it; version 2 sends the text', async () => {
		const parameters = start(wf.agentSummary, mapper({ text: 'Supply agreement between Acme and Initech…' }));
		const v1 = await ctx.run(parameters, 'full', { typeVersion: 1 });
		expect(failure(v1).message).toBe('Workflow "Contract summary" has no input fields to map');
		expect(startBodies()).toEqual([]);

		const v2 = await ctx.run(parameters, 'full', { typeVersion: 2 });
		expect(items(v2)[0]).toMatchObject({ runId: expect.any(String), status: 'Pending', workflowId: wf.agentSummary });
		expect(startBodies()).toEqual([{ workflowId: wf.agentSummary, input: 'Supply agreement between Acme and Initech…' }]);
	});

	it('an input-form workflow: the fields in both versions', async () => {
		const parameters = start(wf.inputNda, mapper({ counterparty: 'Initech', effective_date: '2026-03-01', term_months: 24 }));
		for (const typeVersion of [1, 2]) {
			ctx.sim.admin.clearRequests();
			expect((await ctx.run(parameters, 'full', { typeVersion })).status).toBe('success');
			expect(startBodies()).toEqual([{ workflowId: wf.inputNda, input: { counterparty: 'Initech', effective_date: '2026-03-01', term_months: 24 } }]);
		}
	});

	it('Map Automatically: each item’s text goes to an agent workflow; the workflow is read once for all items', async () => {
		const texts = ['First contract', 'Second contract', 'Third contract'].map((text) => ({ json: { text, other: 1 } }));
		const result = await ctx.run(start(wf.agentSummary, mapper(null, 'autoMapInputData')), 'full', { typeVersion: 2, items: texts });
		expect(result.status).toBe('success');
		expect(startBodies().map((body) => body.input)).toEqual(['First contract', 'Second contract', 'Third contract']);
		const reads = ctx.sim.admin.requests().filter((entry) => entry.path === `/workflows/${wf.agentSummary}`);
		expect(reads).toHaveLength(1);
	});

	it('an empty text names the field and the workflow; nothing is started', async () => {
		const result = await ctx.run(start(wf.agentSummary, mapper({ text: '  ' })), 'full', { typeVersion: 2 });
		expect(failure(result).message).toBe('Input Text is empty');
		expect(failure(result).description).toMatch(/^Workflow "Contract summary" starts with an agent step, which takes text: enter it under Input Fields → Input Text/);
		expect(startBodies()).toEqual([]);
	});

	it('the explicit modes stay: Text and JSON in version 2 as in version 1', async () => {
		const text = { resource: 'run', operation: 'start', workflowId: byId(wf.agentSummary), inputMode: 'text', inputText: 'Plain text' };
		const json = { resource: 'run', operation: 'start', workflowId: byId(wf.inputNda), inputMode: 'json', inputJson: '{"counterparty":"Initech","effective_date":"2026-03-01"}' };
		expect((await ctx.run(text, 'full', { typeVersion: 2 })).status).toBe('success');
		expect((await ctx.run(json, 'full', { typeVersion: 2 })).status).toBe('success');
		expect(startBodies().map((body) => body.input)).toEqual(['Plain text', { counterparty: 'Initech', effective_date: '2026-03-01' }]);
	});
});

describe('the Input Fields mapper, as the editor asks for it', () => {
	it('version 2 (From the Workflow’s Entry Step): one Input Text column for an agent workflow, the form’s fields for an input workflow', async () => {
		const agent = await resourceMapping(editor(2, { resource: 'run', operation: 'start', workflowId: byId(wf.agentSummary) }), 'getRunInputFields');
		expect(agent.fields).toEqual([expect.objectContaining({ id: 'text', displayName: 'Input Text', type: 'string', required: true })]);
		const form = await resourceMapping(editor(2, { resource: 'run', operation: 'start', workflowId: byId(wf.inputNda) }), 'getRunInputFields');
		expect(form.fields.map((field) => field.id)).toEqual(['counterparty', 'effective_date', 'term_months', 'governing_law', 'include_non_solicit', 'source_document']);
	});

	it('Map Fields (version 1’s default, and chosen in version 2) keeps its notice for an agent workflow', async () => {
		for (const [typeVersion, parameters] of [
			[1, {}],
			[2, { inputMode: 'fields' }],
		] as const) {
			const answer = await resourceMapping(editor(typeVersion, { resource: 'run', operation: 'start', workflowId: byId(wf.agentSummary), ...parameters }), 'getRunInputFields');
			expect(answer).toEqual({ fields: [], emptyFieldsNotice: 'This workflow starts with an agent step, which takes text: set Input Mode to Text.' });
		}
	});
});

describe('Run → Download Input Document: the run’s documents to pick from (version 2)', () => {
	async function runWithDocument(): Promise<{ runId: string; documentVersionId: string }> {
		const upload = runAdmin(ctx.sim).seedInputDocument({ keyId: FIXTURE_IDS.keys.full, filename: 'nda-source.md', contentType: 'text/markdown', data: Buffer.from('# Terms\n').toString('base64') });
		const started = await ctx.run(start(wf.inputNda, mapper({ counterparty: 'Initech', effective_date: '2026-03-01', source_document: JSON.stringify(upload) })), 'full', { typeVersion: 2 });
		expect(started.status).toBe('success');
		return { runId: String(items(started)[0].runId), documentVersionId: upload.documentVersionId };
	}

	it('From list names each document, its field and its version; the picked one downloads', async () => {
		const { runId, documentVersionId } = await runWithDocument();
		const parameters = { resource: 'run', operation: 'downloadInputDocument', runId: byId(runId) };
		const { results } = await listSearch(editor(2, parameters), 'searchRunInputDocuments');
		expect(results).toEqual([{ name: `nda-source.md · input field source_document · ${documentVersionId}`, value: documentVersionId }]);
		expect((await listSearch(editor(2, parameters), 'searchRunInputDocuments', 'no such')).results).toEqual([]);

		const picked = await ctx.run({ ...parameters, documentVersionId: { __rl: true, mode: 'list', value: results[0].value } }, 'full', { typeVersion: 2 });
		expect(picked.status).toBe('success');
		expect(Buffer.from(picked.output(ACTION_NODE)[0].binary?.data.data ?? '', 'base64').toString()).toBe('# Terms\n');
	});

	it('no run chosen yet, or one only an expression gives: an empty list, and no request', async () => {
		ctx.sim.admin.clearRequests();
		for (const runId of [byId(''), byId('={{ $json.runId }}')]) {
			const { results } = await listSearch(editor(2, { resource: 'run', operation: 'downloadInputDocument', runId }), 'searchRunInputDocuments');
			expect(results).toEqual([]);
		}
		expect(ctx.sim.admin.requests()).toEqual([]);
	});

	it('an Input Document that resolves to nothing says what to do, in version 2’s words', async () => {
		const documentVersionId = { __rl: true, mode: 'id', value: '={{ $json.missing }}' };
		const result = await ctx.run({ resource: 'run', operation: 'downloadInputDocument', runId: byId('run_x'), documentVersionId }, 'full', { typeVersion: 2 });
		expect(failure(result).message).toBe('Input Document is empty');
	});
});
