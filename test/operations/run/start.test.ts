// Run → Start through n8n's engine against the simulator: Input Mode and the field mapper, Wait for Completion, Simplify, runs that fail, the AI tool.
import type { IDataObject } from 'n8n-workflow';

import { compactContractSummary } from '../../expectations/compactRun';
import { ACTION_NODE, NODE_TYPE, TOOL_NODE_TYPE } from '../../harness';
import { resourceMapping, type EditorRequest } from '../../harness/loadOptions';
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin } from '../../simulator';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';
import { SECOND, SUMMARY, binaryBytes, fast, mapper, relayedText, startBodies, startNda, startRun, startText, summaryPdf, waitUntil, wf } from '../support';

const ctx = useIntegrationContext({ runTimeScale: 0.2, sseHeartbeatMs: 200 });
const asTool = { nodeType: TOOL_NODE_TYPE };
/** Run → Start without an Input Mode: From the Workflow's Entry Step. */
const start = (workflowId: string, inputFields: IDataObject) => ({ resource: 'run', operation: 'start', workflowId: byId(workflowId), inputFields });
const startAndWait = (workflowId: string, extra: IDataObject = {}) => startText(workflowId, 'A contract to extract clauses from', { waitForCompletion: true, ...fast, ...extra });
const editor = (parameters: IDataObject): EditorRequest => ({ nodeType: NODE_TYPE, parameters: parameters as EditorRequest['parameters'], credential: { baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full } });
const REASON = 'The clause extractor could not parse the document. step_failed';
const MESSAGE = new RegExp(`^Run (run_\\S+) failed: ${REASON} \\[item 0\\]$`);
/** Runs started through the API (the fixture also holds runs people started in the app). */
const apiRuns = () => runAdmin(ctx.sim).runs().filter((run) => run.keyId !== null);

describe("Input Mode by default (From the Workflow's Entry Step)", () => {
	it('an agent-entry workflow: the text is sent', async () => {
		const parameters = start(wf.agentSummary, mapper({ text: 'Supply agreement between Acme and Initech…' }));
		const result = await ctx.run(parameters);
		expect(items(result)[0]).toMatchObject({ runId: expect.any(String), status: 'Pending', workflowId: wf.agentSummary });
		expect(startBodies(ctx)).toEqual([{ workflowId: wf.agentSummary, input: 'Supply agreement between Acme and Initech…' }]);
	});

	it('an input-form workflow: the fields', async () => {
		const parameters = start(wf.inputNda, mapper({ counterparty: 'Initech', effective_date: '2026-03-01', term_months: 24 }));
		expect((await ctx.run(parameters)).status).toBe('success');
		expect(startBodies(ctx)).toEqual([{ workflowId: wf.inputNda, input: { counterparty: 'Initech', effective_date: '2026-03-01', term_months: 24 } }]);
	});

	it('Map Automatically: each item’s text goes to an agent workflow; the workflow is read once for all items', async () => {
		const texts = ['First contract', 'Second contract', 'Third contract'].map((text) => ({ json: { text, other: 1 } }));
		const result = await ctx.run(start(wf.agentSummary, mapper(null, 'autoMapInputData')), 'full', { items: texts });
		expect(result.status).toBe('success');
		expect(startBodies(ctx).map((body) => body.input)).toEqual(['First contract', 'Second contract', 'Third contract']);
		const reads = ctx.sim.admin.requests().filter((entry) => entry.path === `/workflows/${wf.agentSummary}`);
		expect(reads).toHaveLength(1);
	});

	it('an empty text names the field and the workflow; nothing is started', async () => {
		const result = await ctx.run(start(wf.agentSummary, mapper({ text: '  ' })));
		expect(failure(result).message).toBe('Input Text is empty');
		expect(failure(result).description).toMatch(/^Workflow "Contract summary" starts with an agent step, which takes text: enter it under Input Fields → Input Text/);
		expect(startBodies(ctx)).toEqual([]);
	});

	it('the explicit modes: Text and JSON', async () => {
		const text = { resource: 'run', operation: 'start', workflowId: byId(wf.agentSummary), inputMode: 'text', inputText: 'Plain text' };
		const json = { resource: 'run', operation: 'start', workflowId: byId(wf.inputNda), inputMode: 'json', inputJson: '{"counterparty":"Initech","effective_date":"2026-03-01"}' };
		expect((await ctx.run(text)).status).toBe('success');
		expect((await ctx.run(json)).status).toBe('success');
		expect(startBodies(ctx).map((body) => body.input)).toEqual(['Plain text', { counterparty: 'Initech', effective_date: '2026-03-01' }]);
	});
});

describe('the Input Fields mapper, as the editor asks for it', () => {
	it('From the Workflow’s Entry Step: one Input Text column for an agent workflow, the form’s fields for an input workflow', async () => {
		const agent = await resourceMapping(editor({ resource: 'run', operation: 'start', workflowId: byId(wf.agentSummary) }), 'getRunInputFields');
		expect(agent.fields).toEqual([expect.objectContaining({ id: 'text', displayName: 'Input Text', type: 'string', required: true })]);
		const form = await resourceMapping(editor({ resource: 'run', operation: 'start', workflowId: byId(wf.inputNda) }), 'getRunInputFields');
		expect(form.fields.map((field) => field.id)).toEqual(['counterparty', 'effective_date', 'term_months', 'governing_law', 'include_non_solicit', 'source_document']);
	});

	it('Map Fields keeps its notice for an agent workflow', async () => {
		const answer = await resourceMapping(editor({ resource: 'run', operation: 'start', workflowId: byId(wf.agentSummary), inputMode: 'fields' }), 'getRunInputFields');
		expect(answer).toEqual({ fields: [], emptyFieldsNotice: 'This workflow starts with an agent step, which takes text: set Input Mode to Text.' });
	});

	it('dates are text with the form in the label (or "date" where it would not fit), the document field labelled', async () => {
		const answer = await resourceMapping(editor({ resource: 'run', operation: 'start', workflowId: byId(wf.inputNda) }), 'getRunInputFields');
		const columns = Object.fromEntries(answer.fields.map((field) => [field.id, field]));
		expect(columns.effective_date).toMatchObject({ type: 'string', displayName: 'Effective date (date)' });
		expect(columns.source_document.displayName).toBe('Source document (binary)');
	});
});

describe('Map Fields on an input-entry workflow', () => {
	it('sends the mapped fields, converted to their types, and leaves empty optional fields out', async () => {
		const runId = await startRun(ctx, 
			startNda({ counterparty: 'Initech', effective_date: '2026-03-01T00:00:00.000Z', term_months: '24', governing_law: '', include_non_solicit: null }),
		);
		expect(runId).toMatch(/^run_/);
		const [body] = startBodies(ctx);
		expect(body).toEqual({ workflowId: wf.inputNda, input: { counterparty: 'Initech', effective_date: '2026-03-01', term_months: 24 } });
	});

	it('a missing required field stops the item with an error listing the field, and nothing is sent', async () => {
		const result = await ctx.run(startNda({ effective_date: '2026-03-01', term_months: 12 }));
		expect(result.status).toBe('error');
		expect(failure(result).message).toBe('The input for workflow "NDA drafting" is not complete: Counterparty is required but empty');
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
		const auto = { ...startNda({}), inputFields: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: false } };
		const result = await ctx.run(auto, 'full', { items: [{ json: { counterparty: 'Initech', effective_date: '2026-03-01', governing_lw: 'Delaware' } }] });
		expect(items(result)[0]).toMatchObject({ runId: expect.any(String), workflowId: wf.inputNda, unmatchedInputKeys: ['governing_lw'] });
		expect(startBodies(ctx)[0].input).toEqual({ counterparty: 'Initech', effective_date: '2026-03-01' });

		const missing = await ctx.run(auto, 'full', { items: [{ json: { counter_party: 'Initech', effective_date: '2026-03-01' } }] });
		expect(failure(missing).message).toBe('The input for workflow "NDA drafting" is not complete: Counterparty is required but empty');
		expect(failure(missing).description).toMatch(/^Keys of the item that match no field \(Map Automatically ignored them; check their spelling\): counter_party\./);
		expect(startBodies(ctx)).toHaveLength(1);
	});

	it('an agent-entry workflow in Map Fields mode says to use Text', async () => {
		const result = await ctx.run({ ...startNda({}), workflowId: byId(wf.agentSummary) });
		expect(failure(result).message).toBe('Workflow "Contract summary" has no input fields to map');
		expect(failure(result).description).toContain('set Input Mode to Text');
	});

	it('document fields take id pairs from an earlier step, and the run can hand the document back', async () => {
		const upload = runAdmin(ctx.sim).seedInputDocument({
			keyId: FIXTURE_IDS.keys.full,
			filename: 'source.md',
			contentType: 'text/markdown',
			data: Buffer.from('# Source terms\n').toString('base64'),
		});
		const result = await ctx.runChain(
			[
				startNda({ counterparty: 'Initech', effective_date: '2026-03-01', source_document: '={{ $json.upload }}' }),
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
		expect(startBodies(ctx)[0].input).toMatchObject({ source_document: { documentId: upload.documentId, documentVersionId: upload.documentVersionId } });
		const [item] = result.output(SECOND);
		expect(binaryBytes(item).toString()).toBe('# Source terms\n');
		expect(item.binary?.data).toMatchObject({ fileName: 'source.md', mimeType: 'text/markdown' });
	});

});

describe('Map Fields reads choices and dates leniently', () => {
	it('sends the option text and the date as yyyy-MM-dd: the run starts', async () => {
		const loose = { counterparty: 'Initech', effective_date: "={{ DateTime.fromISO('2026-03-01') }}", governing_law: 'new york' };
		const result = await ctx.run(startNda(loose));
		expect(items(result)[0]).toMatchObject({ runId: expect.any(String) });
		expect(startBodies(ctx)[0].input).toEqual({ counterparty: 'Initech', effective_date: '2026-03-01', governing_law: 'New York' });
	});
});

describe('Start with Wait for Completion', () => {
	it('Start with "Wait for Completion" follows the run in the same step', async () => {
		const result = await ctx.run(startText(wf.agentSummary, 'text', { waitForCompletion: true, downloadFiles: false, ...fast }));
		const [item] = result.output(ACTION_NODE);
		expect(item.json).toMatchObject({ workflowId: wf.agentSummary, status: 'Completed', wait: { outcome: 'finished' } });
		expect(item.binary).toBeUndefined();
	});

	it('relays StepProgress deltas with sendChunk when the execution streams', async () => {
		const result = await ctx.run(startText(wf.agentSummary, 'text', { waitForCompletion: true, downloadFiles: false, ...fast }), 'full', {
			streaming: true,
		});
		expect(relayedText(result).join('')).toContain('Summary: a two-year supply agreement');
	});

	it('the NDA run renders a DOCX', async () => {
		const result = await ctx.run(startNda({ counterparty: 'Initech', effective_date: '2026-03-01' }, { waitForCompletion: true, ...fast }));
		const [item] = result.output(ACTION_NODE);
		expect(item.binary?.data).toMatchObject({ fileName: 'nda.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
		expect(binaryBytes(item).subarray(0, 2).toString()).toBe('PK');
	});

	it('the full record tells its files in the one shape: size in bytes, absolute link, downloaded or not', async () => {
		const downloaded = (await ctx.run(startAndWait(wf.agentSummary))).output(ACTION_NODE)[0];
		const runId = String(downloaded.json.runId);
		expect(downloaded.json.files).toEqual([summaryPdf(ctx, runId, binaryBytes(downloaded).length)]);
		expect(binaryBytes(downloaded).length).toBeGreaterThan(100);
		// Not downloaded: described all the same, without a binary field.
		const undownloaded = (await ctx.run(startAndWait(wf.agentSummary, { downloadFiles: false }))).output(ACTION_NODE)[0];
		expect(undownloaded.binary).toBeUndefined();
		expect(undownloaded.json.files).toEqual([summaryPdf(ctx, String(undownloaded.json.runId), expect.any(Number) as unknown as number, false)]);
	});

	it('Simplify: the result text and the one file shape', async () => {
		const item = (await ctx.run(startAndWait(wf.agentSummary, { simplify: true }))).output(ACTION_NODE)[0];
		const runId = String(item.json.runId);
		expect(item.json).toEqual({
			runId,
			workflowId: wf.agentSummary,
			workflowName: 'Contract summary',
			status: 'Completed',
			finished: true,
			pausedForReview: false,
			output: SUMMARY,
			files: [summaryPdf(ctx, runId, binaryBytes(item).length)],
		});
	});

	it('Simplify on a run not finished yet: output null, no files', async () => {
		const [item] = items(await ctx.run(startText(wf.agentSummary, 'x', { simplify: true })));
		expect(item).toMatchObject({ status: 'Pending', finished: false, output: null, files: [] });
	});
});

describe('Start with Wait for Completion: a started run is never reported as "nothing happened"', () => {
	const startAndFollow = (workflowId: string, waitOptions: IDataObject) => startText(workflowId, 'Board memo: approve the budget.', { waitForCompletion: true, downloadFiles: false, waitOptions });

	it('a wait that times out throws an error whose own fields carry the run id (context.created)', async () => {
		const result = await ctx.run(startAndFollow(wf.review, { timeout: 2, checkInterval: 1 }));
		expect(result.status).toBe('error');
		const [run] = apiRuns();
		expect(apiRuns()).toHaveLength(1);
		for (const error of [result.error, result.nodeError(ACTION_NODE)] as IDataObject[])
			expect((error.context as IDataObject).created).toEqual({ runId: run.runId, workflowId: wf.review });
		expect(failure(result).message).toBe(`Run ${run.runId} did not finish within 2 s (status Running, paused at a review step)`);
		expect(failure(result).description).toMatch(/^The run goes on in the service: do not start it again\. Follow it with Run → Wait For Run/);
		expect(failure(result).description).toContain(`(run ID ${run.runId})`);
	});

	it('with Continue On Fail the error item carries details.created.runId, on the error output', async () => {
		const result = await ctx.run(startAndFollow(wf.review, { timeout: 1, checkInterval: 1 }), 'full', { onError: 'continueErrorOutput' });
		const [errorItem] = result.output(ACTION_NODE, 1);
		const [run] = apiRuns();
		expect(errorItem.json).toMatchObject({ error: expect.stringContaining(run.runId), details: { created: { runId: run.runId, workflowId: wf.review } } });
		expect(Object.keys(errorItem.json).sort()).toEqual(['details', 'error']);
	});

	it('a run that fails, Fail the Item When the Run Fails off: output (not thrown) with its run id and its error', async () => {
		const result = await ctx.run({ ...startAndFollow(wf.failing, { timeout: 60, checkInterval: 1 }), failWhenRunFails: false });
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({ runId: apiRuns()[0].runId, workflowId: wf.failing, status: 'Failed', wait: { outcome: 'finished', error: expect.any(String) } });
	});

	/** Follows a review run (it never ends by itself), cancelled after `cancelAfterMs`: cancelled, its run recorded. */
	const cancelledWithItsRun = async (cancelAfterMs: number) => {
		const result = await ctx.run(startAndFollow(wf.review, { timeout: 60, checkInterval: 1 }), 'full', { cancelAfterMs });
		expect(result.status).toBe('canceled');
		const [run] = apiRuns();
		const error = (result.nodeError(ACTION_NODE) ?? result.error) as IDataObject | undefined;
		expect((error?.context as IDataObject | undefined)?.created).toEqual({ runId: run.runId, workflowId: wf.review });
	};

	it('a cancelled execution stops at once and its error still records the run id', async () => {
		await cancelledWithItsRun(800);
		await waitUntil(() => ctx.sim.admin.requests().every((entry) => entry.durationMs !== null));
	});

	it('cancelled while its start is on the way: the start is heard to its answer, and the error records the run it created', async () => {
		// The start answers after 1.5 s, the execution is cancelled after 0.3 s: the service creates the run either way.
		ctx.sim.admin.addFault({ kind: 'delay', ms: 1500, phase: 'after', method: 'POST', path: '/workflows/runs' });
		await cancelledWithItsRun(300);
		// Nothing was followed after the cancel.
		expect(ctx.sim.admin.requests().filter((entry) => entry.path.endsWith('/events'))).toHaveLength(0);
	});
});

describe('Start + Wait on a workflow whose run fails', () => {
	it('the item fails, naming the run, its reason and the item; the error carries the run and what was created', async () => {
		const result = await ctx.run(startAndWait(wf.failing, { downloadFiles: false }));
		expect(result.status).toBe('error');
		const { message, description } = failure(result);
		expect(message).toMatch(MESSAGE);
		const runId = MESSAGE.exec(message)?.[1];
		expect(description).toMatch(/^The run was started once and has ended in the service\. Read it with Run → Get \(run ID run_\S+\)\.\nThe run ended Failed in the service/);
		expect(description).toContain('turn off Fail the Item When the Run Fails');
		const context = (result.nodeError(ACTION_NODE) as IDataObject).context as IDataObject;
		expect(context.created).toEqual({ runId, workflowId: wf.failing });
		expect(context.run).toMatchObject({ runId, status: 'Failed', wait: { outcome: 'finished' } });
		expect(apiRuns()).toHaveLength(1);
	});

	it('with the option off: a green item with status "Failed", its reason and no files', async () => {
		const result = await ctx.run(startAndWait(wf.failing, { downloadFiles: false, failWhenRunFails: false }));
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({ status: 'Failed', wait: { outcome: 'finished', error: REASON }, files: [] });
	});

	it('Continue On Fail: an error item carrying the run (and the created ids); the error output too', async () => {
		const regular = await ctx.run(startAndWait(wf.failing, { downloadFiles: false, simplify: true }), 'full', { onError: 'continueRegularOutput' });
		const [item] = items(regular);
		expect(item.error).toMatch(MESSAGE);
		expect(item.created).toEqual({ runId: (item.run as IDataObject).runId, workflowId: wf.failing });
		expect(item.run).toMatchObject({ status: 'Failed', finished: true, reason: REASON, output: 'Reading. ' });

		const errorOutput = await ctx.run(startAndWait(wf.failing, { downloadFiles: false }), 'full', { onError: 'continueErrorOutput' });
		expect(errorOutput.output(ACTION_NODE, 0)).toEqual([]);
		const [routed] = errorOutput.output(ACTION_NODE, 1);
		expect(routed.json).toMatchObject({ error: expect.stringMatching(MESSAGE), details: { run: { status: 'Failed' }, created: { workflowId: wf.failing } } });
	});

	it('in a batch without Continue On Fail: the failing run stops the node, and createdInBatch lists every run started', async () => {
		const batch = [{ json: { wf: wf.agentSummary } }, { json: { wf: wf.failing } }];
		const result = await ctx.run(startAndWait('={{ $json.wf }}', { downloadFiles: false }), 'full', { items: batch });
		expect(result.status).toBe('error');
		expect(failure(result).message).toMatch(/^Run run_\S+ failed: .* \[item 1\]$/);
		const created = ((result.nodeError(ACTION_NODE) as IDataObject).context as IDataObject).createdInBatch as IDataObject[];
		expect(created.map((entry) => [entry.itemIndex, entry.workflowId])).toEqual([
			[0, wf.agentSummary],
			[1, wf.failing],
		]);
		expect(apiRuns()).toHaveLength(2);
	});

	it('as an AI agent’s tool the option is off by default: the agent gets the run with its reason', async () => {
		const result = await ctx.run(startAndWait(wf.failing, { downloadFiles: false }), 'full', { nodeType: TOOL_NODE_TYPE });
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({ status: 'Failed', finished: true, reason: REASON });
	});
});

describe('Start with Wait for Completion as an AI tool', () => {
	it('answers the compact run: status, rendered files with names and links; one start', async () => {
		const result = await ctx.run(startText(wf.agentSummary, undefined, { waitForCompletion: true, ...fast }), 'full', asTool);
		expect(result.status).toBe('success');
		const [answer] = items(result);
		expect(apiRuns()).toHaveLength(1);
		expect(answer).toEqual(compactContractSummary(ctx.url, String(answer.runId)));
		// The file itself is still on the item (n8n drops binary data from a tool's answer to the agent).
		expect(result.output('Drafting Workspace')[0].binary?.data?.mimeType).toBe('application/pdf');
	});

	it('the node itself keeps the full record by default (Simplify off)', async () => {
		const result = await ctx.run(startText(wf.agentSummary, undefined, { waitForCompletion: true, ...fast }));
		const [record] = items(result);
		expect(record).toHaveProperty('steps');
		expect(record).toHaveProperty('wait.outcome', 'finished');
		expect(record).not.toHaveProperty('finished');
	});

	it('Simplify off in the tool gives the full record', async () => {
		const result = await ctx.run(startText(wf.agentSummary, undefined, { waitForCompletion: true, simplify: false, ...fast }), 'full', asTool);
		expect(items(result)[0]).toHaveProperty('steps');
	});

	it('a failed run gives its reason, as an answer rather than an error', async () => {
		const result = await ctx.run(startText(wf.failing, undefined, { waitForCompletion: true, ...fast }), 'full', asTool);
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({
			status: 'Failed',
			finished: true,
			files: [],
			reason: expect.stringContaining('The clause extractor could not parse the document.'),
		});
	});
});

describe('the bounded wait of the AI tool', () => {
	it('a run that outlasts the wait limit: the compact current state, started once, no error', async () => {
		// Board memo with review pauses at its review step until someone approves: it never finishes here. On Pause
		// is set to Keep Waiting, so only the wait limit ends the wait.
		const result = await ctx.run(startText(wf.review, undefined, { waitForCompletion: true, toolWaitLimit: 2, waitOptions: { ...fast.waitOptions, onPause: 'keepWaiting' } }), 'full', asTool);
		expect(result.status).toBe('success');
		expect(apiRuns()).toHaveLength(1);
		const [answer] = items(result);
		expect(answer).toMatchObject({ runId: expect.any(String), status: expect.any(String), finished: false, pausedForReview: true, files: [] });
		expect(answer.note).toContain("It has not finished after 2 s (this tool's wait limit)");
		expect(answer.note).toContain(`call Wait For Run (or Get) later with run ID ${String(answer.runId)}`);
		expect(answer.note).toContain('do not start it again');
		expect(answer.note).toContain('a person must approve it in the workspace');
	});

	it('a review pause answers at once by default (an agent is not kept waiting for a person)', async () => {
		const result = await ctx.run(startText(wf.review, undefined, { waitForCompletion: true, ...fast }), 'full', asTool);
		expect(result.status).toBe('success');
		expect(apiRuns()).toHaveLength(1);
		const [answer] = items(result);
		expect(answer).toMatchObject({ finished: false, pausedForReview: true, files: [] });
		expect(answer.note).toContain('a person must approve it in the workspace');
		expect(answer.note).not.toContain('wait limit');
	});

	it('the wait limit beats the Timeout’s “Fail the Item”: the run was started, so it is never a failure', async () => {
		const parameters = startText(wf.review, undefined, { waitForCompletion: true, toolWaitLimit: 60, waitOptions: { checkInterval: 1, timeout: 1, onTimeout: 'error', onPause: 'keepWaiting' } });
		const result = await ctx.run(parameters, 'full', asTool);
		expect(result.status).toBe('success');
		expect(apiRuns()).toHaveLength(1);
		expect(items(result)[0]).toMatchObject({ finished: false, note: expect.stringContaining('It has not finished after 1 s;') });
	});
});
