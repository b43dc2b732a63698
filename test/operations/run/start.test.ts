// Run → Start through n8n's engine against the simulator: Input Mode and the field mapper (the run's input). Following the run: start-wait, start-failed-run, start-tool.
import type { IDataObject } from 'n8n-workflow';

import { NODE_TYPE } from '../../harness';
import { resourceMapping, type EditorRequest } from '../../harness/loadOptions';
import { FIXTURE_KEYS } from '../../simulator';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';
import {
	SECOND,
	binaryBytes,
	mapper,
	seedSourceDocument,
	startBodies,
	startNda,
	startRun,
	wf,
} from '../support';

const ctx = useIntegrationContext({ runTimeScale: 0.2, sseHeartbeatMs: 200 });
/** Run → Start without an Input Mode: From the Workflow's Entry Step. */
const start = (workflowId: string, inputFields: IDataObject) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(workflowId),
	inputFields,
});
const editor = (parameters: IDataObject): EditorRequest => ({
	nodeType: NODE_TYPE,
	parameters: parameters as EditorRequest['parameters'],
	credential: { baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full },
});

describe("Input Mode by default (From the Workflow's Entry Step)", () => {
	it('an agent-entry workflow: the text is sent', async () => {
		const parameters = start(
			wf.agentSummary,
			mapper({ text: 'Supply agreement between Acme and Initech…' }),
		);
		const result = await ctx.run(parameters);
		expect(items(result)[0]).toMatchObject({
			runId: expect.any(String),
			status: 'Pending',
			workflowId: wf.agentSummary,
		});
		expect(startBodies(ctx)).toEqual([
			{ workflowId: wf.agentSummary, input: 'Supply agreement between Acme and Initech…' },
		]);
	});

	it('an input-form workflow: the fields', async () => {
		const parameters = start(
			wf.inputNda,
			mapper({ counterparty: 'Initech', effective_date: '2026-03-01', term_months: 24 }),
		);
		expect((await ctx.run(parameters)).status).toBe('success');
		expect(startBodies(ctx)).toEqual([
			{
				workflowId: wf.inputNda,
				input: { counterparty: 'Initech', effective_date: '2026-03-01', term_months: 24 },
			},
		]);
	});

	it('Map Automatically: each item’s text goes to an agent workflow; the workflow is read once for all items', async () => {
		const texts = ['First contract', 'Second contract', 'Third contract'].map((text) => ({
			json: { text, other: 1 },
		}));
		const result = await ctx.run(start(wf.agentSummary, mapper(null, 'autoMapInputData')), 'full', {
			items: texts,
		});
		expect(result.status).toBe('success');
		expect(startBodies(ctx).map((body) => body.input)).toEqual([
			'First contract',
			'Second contract',
			'Third contract',
		]);
		const reads = ctx.sim.admin
			.requests()
			.filter((entry) => entry.path === `/workflows/${wf.agentSummary}`);
		expect(reads).toHaveLength(1);
	});

	it('an empty text names the field and the workflow; nothing is started', async () => {
		const result = await ctx.run(start(wf.agentSummary, mapper({ text: '  ' })));
		expect(failure(result).message).toBe('Input Text is empty');
		expect(failure(result).description).toMatch(
			/^Workflow "Contract summary" starts with an agent step, which takes text: enter it under Values to Send → Input Text/,
		);
		expect(startBodies(ctx)).toEqual([]);
	});

	it('the explicit modes: Text and JSON', async () => {
		const text = {
			resource: 'run',
			operation: 'start',
			workflowId: byId(wf.agentSummary),
			inputMode: 'text',
			inputText: 'Plain text',
		};
		const json = {
			resource: 'run',
			operation: 'start',
			workflowId: byId(wf.inputNda),
			inputMode: 'json',
			inputJson: '{"counterparty":"Initech","effective_date":"2026-03-01"}',
		};
		expect((await ctx.run(text)).status).toBe('success');
		expect((await ctx.run(json)).status).toBe('success');
		expect(startBodies(ctx).map((body) => body.input)).toEqual([
			'Plain text',
			{ counterparty: 'Initech', effective_date: '2026-03-01' },
		]);
	});
});

describe('the Input Fields mapper, as the editor asks for it', () => {
	it('From the Workflow’s Entry Step: one Input Text column for an agent workflow, the form’s fields for an input workflow', async () => {
		const agent = await resourceMapping(
			editor({ resource: 'run', operation: 'start', workflowId: byId(wf.agentSummary) }),
			'getRunInputFields',
		);
		expect(agent.fields).toEqual([
			expect.objectContaining({
				id: 'text',
				displayName: 'Input Text',
				type: 'string',
				required: true,
			}),
		]);
		const form = await resourceMapping(
			editor({ resource: 'run', operation: 'start', workflowId: byId(wf.inputNda) }),
			'getRunInputFields',
		);
		expect(form.fields.map((field) => field.id)).toEqual([
			'counterparty',
			'effective_date',
			'term_months',
			'governing_law',
			'include_non_solicit',
			'source_document',
		]);
	});

	it('Map Fields keeps its notice for an agent workflow', async () => {
		const answer = await resourceMapping(
			editor({
				resource: 'run',
				operation: 'start',
				workflowId: byId(wf.agentSummary),
				inputMode: 'fields',
			}),
			'getRunInputFields',
		);
		expect(answer).toEqual({
			fields: [],
			emptyFieldsNotice:
				'This workflow starts with an agent step, which takes text: set Input Mode to Text.',
		});
	});

	it('dates are text with the form in the label (or "date" where it would not fit), the document field labelled', async () => {
		const answer = await resourceMapping(
			editor({ resource: 'run', operation: 'start', workflowId: byId(wf.inputNda) }),
			'getRunInputFields',
		);
		const columns = Object.fromEntries(answer.fields.map((field) => [field.id, field]));
		expect(columns.effective_date).toMatchObject({
			type: 'string',
			displayName: 'Effective date (date)',
		});
		expect(columns.source_document.displayName).toBe('Source document (binary)');
	});
});

describe('Map Fields on an input-entry workflow', () => {
	it('sends the mapped fields, converted to their types, and leaves empty optional fields out', async () => {
		const runId = await startRun(
			ctx,
			startNda({
				counterparty: 'Initech',
				effective_date: '2026-03-01T00:00:00.000Z',
				term_months: '24',
				governing_law: '',
				include_non_solicit: null,
			}),
		);
		expect(runId).toMatch(/^run_/);
		const [body] = startBodies(ctx);
		expect(body).toEqual({
			workflowId: wf.inputNda,
			input: { counterparty: 'Initech', effective_date: '2026-03-01', term_months: 24 },
		});
	});

	it('a missing required field stops the item with an error listing the field, and nothing is sent', async () => {
		const result = await ctx.run(startNda({ effective_date: '2026-03-01', term_months: 12 }));
		expect(result.status).toBe('error');
		expect(failure(result).message).toBe(
			'The input for workflow "NDA drafting" is not complete: Counterparty is required but empty',
		);
		expect(startBodies(ctx)).toEqual([]);
	});

	it("the service's field refusals are listed (JSON mode, wrong option and missing field)", async () => {
		const result = await ctx.run({
			resource: 'run',
			operation: 'start',
			workflowId: byId(wf.inputNda),
			inputMode: 'json',
			inputJson: JSON.stringify({ counterparty: 'Initech', governing_law: 'Mars' }),
		});
		expect(result.status).toBe('error');
		const { message, httpCode } = failure(result);
		expect(httpCode).toBe('400');
		expect(message).toContain('effective_date');
		expect(message).toContain('governing_law');
	});

	it('Map Automatically: the item’s keys become fields; keys that match none are named in the output, or in the error they explain', async () => {
		const auto = {
			...startNda({}),
			inputFields: {
				mappingMode: 'autoMapInputData',
				value: null,
				matchingColumns: [],
				schema: [],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		};
		const result = await ctx.run(auto, 'full', {
			items: [
				{
					json: { counterparty: 'Initech', effective_date: '2026-03-01', governing_lw: 'Delaware' },
				},
			],
		});
		expect(items(result)[0]).toMatchObject({
			runId: expect.any(String),
			workflowId: wf.inputNda,
			unmatchedInputKeys: ['governing_lw'],
		});
		expect(startBodies(ctx)[0].input).toEqual({
			counterparty: 'Initech',
			effective_date: '2026-03-01',
		});

		const missing = await ctx.run(auto, 'full', {
			items: [{ json: { counter_party: 'Initech', effective_date: '2026-03-01' } }],
		});
		expect(failure(missing).message).toBe(
			'The input for workflow "NDA drafting" is not complete: Counterparty is required but empty',
		);
		expect(failure(missing).description).toMatch(
			/^Keys of the item that match no field \(Map Automatically ignored them; check their spelling\): counter_party\./,
		);
		expect(startBodies(ctx)).toHaveLength(1);
	});

	it('an agent-entry workflow in Map Fields mode says to use Text', async () => {
		const result = await ctx.run({ ...startNda({}), workflowId: byId(wf.agentSummary) });
		expect(failure(result).message).toBe('Workflow "Contract summary" has no input fields to map');
		expect(failure(result).description).toContain('set Input Mode to Text');
	});

	it('document fields take id pairs from an earlier step, and the run can hand the document back', async () => {
		const upload = seedSourceDocument(ctx);
		const result = await ctx.runChain(
			[
				startNda({
					counterparty: 'Initech',
					effective_date: '2026-03-01',
					source_document: '={{ $json.upload }}',
				}),
				{
					resource: 'run',
					operation: 'downloadInputDocument',
					runId: byId('={{ $json.runId }}'),
					documentVersionId: upload.documentVersionId,
				},
			],
			'full',
			{ items: [{ json: { upload: { ...upload, filename: 'source.md', status: 'ready' } } }] },
		);
		expect(result.status).toBe('success');
		expect(startBodies(ctx)[0].input).toMatchObject({
			source_document: {
				documentId: upload.documentId,
				documentVersionId: upload.documentVersionId,
			},
		});
		const [item] = result.output(SECOND);
		expect(binaryBytes(item).toString()).toBe('# Source terms\n');
		expect(item.binary?.data).toMatchObject({ fileName: 'source.md', mimeType: 'text/markdown' });
	});
});

describe('Map Fields reads choices and dates leniently', () => {
	it('sends the option text and the date as yyyy-MM-dd: the run starts', async () => {
		const loose = {
			counterparty: 'Initech',
			effective_date: "={{ DateTime.fromISO('2026-03-01') }}",
			governing_law: 'new york',
		};
		const result = await ctx.run(startNda(loose));
		expect(items(result)[0]).toMatchObject({ runId: expect.any(String) });
		expect(startBodies(ctx)[0].input).toEqual({
			counterparty: 'Initech',
			effective_date: '2026-03-01',
			governing_law: 'New York',
		});
	});
});
