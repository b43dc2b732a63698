/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { PDFDocument } from 'pdf-lib';

import { ACTION_NODE } from '../harness';
import { FIXTURE_IDS, runAdmin } from '../simulator';
import { IntegrationContext, failure, items } from './support';

const ctx = new IntegrationContext();
const wf = FIXTURE_IDS.workflows;
const steps = FIXTURE_IDS.steps;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const SECOND = `${ACTION_NODE} 2`;

/** Start Run parameters for a workflow that starts with an agent step. */
const startText = (workflowId: string, text = 'Supply agreement between Acme and Initech…', extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(workflowId),
	inputMode: 'text',
	inputText: text,
	...extra,
});

/** Start Run for the NDA workflow through the field mapper. */
const startNda = (value: IDataObject, extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.inputNda),
	inputMode: 'fields',
	inputFields: { mappingMode: 'defineBelow', value, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: false },
	...extra,
});

const waitFor = (runId: string, extra: IDataObject = {}) => ({ resource: 'run', operation: 'wait', runId: byId(runId), ...extra });
const fast = { waitOptions: { checkInterval: 1, timeout: 60 } };

function binaryBytes(item: INodeExecutionData, property = 'data'): Buffer {
	const binary = item.binary?.[property];
	if (!binary) throw new Error(`no binary property ${property}`);
	return Buffer.from(binary.data, 'base64');
}

async function startRun(parameters: IDataObject, key: Parameters<typeof ctx.run>[1] = 'full'): Promise<string> {
	const result = await ctx.run(parameters, key);
	expect(result.status).toBe('success');
	const runId = items(result)[0].runId;
	expect(typeof runId).toBe('string');
	return runId as string;
}

function startRequests(): IDataObject[] {
	return ctx.sim.admin
		.requests()
		.filter((entry) => entry.method === 'POST' && entry.path === '/workflows/runs')
		.map((entry) => entry.requestBody as IDataObject);
}

beforeAll(async () => ctx.start({ runTimeScale: 0.2, sseHeartbeatMs: 200 }));
afterAll(async () => ctx.stop());
beforeEach(() => ctx.sim.admin.reset());
afterEach(() => expect(ctx.leaks()).toEqual([]));

describe('Run → Start and Wait For Run (agent entry)', () => {
	it('Start → Wait gives the Completed record and the rendered PDF as binary with the server’s name and type', async () => {
		const result = await ctx.runChain([startText(wf.agentSummary), { ...waitFor('={{ $json.runId }}'), ...fast }]);
		expect(result.status).toBe('success');
		const [started] = items(result);
		expect(started).toMatchObject({ runId: expect.any(String), status: 'Pending', startedAt: expect.any(String) });

		const [item] = result.output(SECOND);
		expect(item.json).toMatchObject({ runId: started.runId, status: 'Completed', wait: { outcome: 'finished' } });
		expect(item.pairedItem).toEqual({ item: 0 });
		const pdf = binaryBytes(item);
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
		const parsed = await PDFDocument.load(pdf);
		expect(parsed.getPageCount()).toBeGreaterThan(0);

		// Name and type are the server's: compare with what the download endpoint itself sends.
		const download = await fetch(`${ctx.url}/workflows/runs/${String(started.runId)}/files/${steps.agentSummary.render}/download`, {
			headers: { authorization: `Bearer ${(await import('../simulator')).FIXTURE_KEYS.full}` },
		});
		const disposition = download.headers.get('content-disposition') ?? '';
		expect(disposition).toContain(item.binary!.data.fileName!);
		expect(item.binary!.data.fileName).toBe('contract-summary.pdf');
		expect(item.binary!.data.mimeType).toBe(download.headers.get('content-type')?.split(';')[0]);
		expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
	});

	it('a waited run costs the event stream, one record read and the file download', async () => {
		const runId = await startRun(startText(wf.agentSummary));
		ctx.sim.admin.clearRequests();
		const result = await ctx.run({ ...waitFor(runId), ...fast });
		expect(items(result)[0]).toMatchObject({ status: 'Completed' });
		const paths = ctx.sim.admin.requests().map((entry) => `${entry.method} ${entry.path}`);
		expect(paths).toEqual([
			`GET /workflows/runs/${runId}/events`,
			`GET /workflows/runs/${runId}`,
			`GET /workflows/runs/${runId}/files/${steps.agentSummary.render}/download`,
		]);
	});

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
		expect(result.status).toBe('success');
		const types = result.chunks.map((chunk) => chunk.type);
		expect(types[0]).toBe('begin');
		expect(types[types.length - 1]).toBe('end');
		const text = result.chunks.filter((chunk) => chunk.type === 'item').map((chunk) => chunk.content).join('');
		expect(text).toContain('Summary: a two-year supply agreement');
	});

	it('survives the event stream being dropped twice mid-run and still reports Completed', async () => {
		ctx.sim.admin.addFault({ kind: 'drop-stream', afterFrames: 2, path: '^/workflows/runs/[^/]+/events$', times: 2 });
		const runId = await startRun(startText(wf.agentSummary));
		const result = await ctx.run({ ...waitFor(runId), downloadFiles: false, ...fast });
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({ status: 'Completed', wait: { outcome: 'finished', streamConnections: 3 } });
	});

	it('reads the record when the run has already finished (409 run_terminal)', async () => {
		const runId = await startRun(startText(wf.agentSummary));
		await ctx.run({ ...waitFor(runId), downloadFiles: false, ...fast });
		ctx.sim.admin.clearRequests();
		const again = await ctx.run({ ...waitFor(runId), downloadFiles: false, ...fast });
		expect(items(again)[0]).toMatchObject({ status: 'Completed', wait: { streamConnections: 0 } });
		expect(ctx.sim.admin.requests().map((entry) => entry.status)).toEqual([409, 200]);
	});

	it('a failing workflow is reported as Failed with its error', async () => {
		const runId = await startRun(startText(wf.failing));
		const result = await ctx.run({ ...waitFor(runId), ...fast });
		expect(result.status).toBe('success');
		const [record] = items(result);
		expect(record.status).toBe('Failed');
		expect(String((record.wait as IDataObject).error)).toContain('The clause extractor could not parse the document');
		expect(JSON.stringify(record.error)).toContain('step_failed');
	});

	it('parses CRLF event streams', async () => {
		const crlf = new IntegrationContext();
		await crlf.start({ runTimeScale: 0.2, sseLineEnding: '\r\n' });
		try {
			const result = await crlf.runChain([startText(wf.agentSummary), { ...waitFor('={{ $json.runId }}'), downloadFiles: false, ...fast }]);
			expect(items(result, SECOND)[0]).toMatchObject({ status: 'Completed' });
		} finally {
			await crlf.stop();
		}
	});
});

describe('Wait For Run: review pauses, timeouts and cancellation', () => {
	it('reports a paused run at once when asked, then reaches Completed after the admin approval', async () => {
		const runId = await startRun(startText(wf.review));
		const paused = await ctx.run({ ...waitFor(runId), waitOptions: { checkInterval: 1, onPause: 'return' } });
		expect(items(paused)[0]).toMatchObject({ status: 'Running', wait: { outcome: 'paused', pausedForReview: true } });

		runAdmin(ctx.sim).approve(runId);
		const finished = await ctx.run({ ...waitFor(runId), ...fast });
		expect(items(finished)[0]).toMatchObject({ status: 'Completed', wait: { outcome: 'finished' } });
		expect(finished.output(ACTION_NODE)[0].binary?.data.fileName).toBe('board-memo.pdf');
	});

	it('keeps waiting through a review pause by default and finishes after the approval', async () => {
		const runId = await startRun(startText(wf.review));
		const waiting = ctx.run({ ...waitFor(runId), downloadFiles: false, ...fast });
		await waitUntil(() => runAdmin(ctx.sim).runs().some((run) => run.runId === runId && run.condition === 'paused'));
		await new Promise((resolve) => setTimeout(resolve, 1500));
		runAdmin(ctx.sim).approve(runId);
		const result = await waiting;
		expect(items(result)[0]).toMatchObject({ status: 'Completed', wait: { outcome: 'finished', pausedForReview: true } });
		// Heartbeats kept the stream alive through the pause, so the record was read once, at the end.
		const recordReads = ctx.sim.admin.requests().filter((entry) => entry.method === 'GET' && entry.path === `/workflows/runs/${runId}`);
		expect(recordReads).toHaveLength(1);
	});

	it('stops at the timeout with a clear message, or returns the current record when asked', async () => {
		const runId = await startRun(startText(wf.review));
		const timedOut = await ctx.run({ ...waitFor(runId), waitOptions: { timeout: 2, checkInterval: 1 } });
		expect(timedOut.status).toBe('error');
		expect(failure(timedOut).message).toBe(`Run ${runId} did not finish within 2 s (status Running, paused at a review step)`);
		expect(failure(timedOut).description).toMatch(/reviewer must approve/);

		const current = await ctx.run({ ...waitFor(runId), waitOptions: { timeout: 1, checkInterval: 1, onTimeout: 'returnCurrent' } });
		expect(items(current)[0]).toMatchObject({ status: 'Running', wait: { outcome: 'timedOut' } });
	});

	it('stops when the n8n execution is cancelled, closing the stream', async () => {
		const runId = await startRun(startText(wf.review));
		// The run waits for a reviewer and the node for an hour: a node that ignored the cancel would outlast the test.
		const result = await ctx.run({ ...waitFor(runId), waitOptions: { checkInterval: 1, timeout: 3600 } }, 'full', { cancelAfterMs: 800 });
		expect(result.status).toBe('canceled');
		expect(runAdmin(ctx.sim).run(runId)?.status).toBe('Running');
		await waitUntil(() => ctx.sim.admin.requests().every((entry) => entry.durationMs !== null));
	});
});

describe('Run → Start with Wait for Completion: a started run is never reported as "nothing happened"', () => {
	const apiRuns = () => runAdmin(ctx.sim).runs().filter((run) => run.keyId !== null);
	const startAndWait = (workflowId: string, waitOptions: IDataObject) => startText(workflowId, 'Board memo: approve the budget.', { waitForCompletion: true, downloadFiles: false, waitOptions });

	it('a wait that times out throws an error whose own fields carry the run id (context.created)', async () => {
		const result = await ctx.run(startAndWait(wf.review, { timeout: 2, checkInterval: 1 }));
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
		const result = await ctx.run(startAndWait(wf.review, { timeout: 1, checkInterval: 1 }), 'full', { onError: 'continueErrorOutput' });
		const [errorItem] = result.output(ACTION_NODE, 1);
		const [run] = apiRuns();
		expect(errorItem.json).toMatchObject({ error: expect.stringContaining(run.runId), details: { created: { runId: run.runId, workflowId: wf.review } } });
		expect(Object.keys(errorItem.json).sort()).toEqual(['details', 'error']);
	});

	it('a run that fails is output (not thrown) with its run id and its error', async () => {
		const result = await ctx.run(startAndWait(wf.failing, { timeout: 60, checkInterval: 1 }));
		expect(result.status).toBe('success');
		expect(items(result)[0]).toMatchObject({ runId: apiRuns()[0].runId, workflowId: wf.failing, status: 'Failed', wait: { outcome: 'finished', error: expect.any(String) } });
	});

	it('a cancelled execution stops at once and its error still records the run id', async () => {
		const result = await ctx.run(startAndWait(wf.review, { timeout: 60, checkInterval: 1 }), 'full', { cancelAfterMs: 800 });
		expect(result.status).toBe('canceled');
		const [run] = apiRuns();
		const error = (result.nodeError(ACTION_NODE) ?? result.error) as IDataObject | undefined;
		expect((error?.context as IDataObject | undefined)?.created).toEqual({ runId: run.runId, workflowId: wf.review });
		await waitUntil(() => ctx.sim.admin.requests().every((entry) => entry.durationMs !== null));
	});
});

describe('Run → Start with the field mapper (input entry)', () => {
	it('sends the mapped fields, converted to their types, and leaves empty optional fields out', async () => {
		const runId = await startRun(
			startNda({ counterparty: 'Initech', effective_date: '2026-03-01T00:00:00.000Z', term_months: '24', governing_law: '', include_non_solicit: null }),
		);
		expect(runId).toMatch(/^run_/);
		const [body] = startRequests();
		expect(body).toEqual({ workflowId: wf.inputNda, input: { counterparty: 'Initech', effective_date: '2026-03-01', term_months: 24 } });
	});

	it('a missing required field stops the item with an error listing the field, and nothing is sent', async () => {
		const result = await ctx.run(startNda({ effective_date: '2026-03-01', term_months: 12 }));
		expect(result.status).toBe('error');
		expect(failure(result).message).toBe('The input for workflow "NDA drafting" is not complete: Counterparty is required but empty');
		expect(startRequests()).toEqual([]);
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
		expect(startRequests()[0].input).toEqual({ counterparty: 'Initech', effective_date: '2026-03-01' });

		const missing = await ctx.run(auto, 'full', { items: [{ json: { counter_party: 'Initech', effective_date: '2026-03-01' } }] });
		expect(failure(missing).message).toBe('The input for workflow "NDA drafting" is not complete: Counterparty is required but empty');
		expect(failure(missing).description).toMatch(/^Keys of the item that match no field \(Map Automatically ignored them; check their spelling\): counter_party\./);
		expect(startRequests()).toHaveLength(1);
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
		expect(startRequests()[0].input).toMatchObject({ source_document: { documentId: upload.documentId, documentVersionId: upload.documentVersionId } });
		const [item] = result.output(SECOND);
		expect(binaryBytes(item).toString()).toBe('# Source terms\n');
		expect(item.binary?.data).toMatchObject({ fileName: 'source.md', mimeType: 'text/markdown' });
	});

	it('an input document that is not on the run is not found', async () => {
		const runId = await startRun(startText(wf.agentSummary));
		const result = await ctx.run({ resource: 'run', operation: 'downloadInputDocument', runId: byId(runId), documentVersionId: 'dv_not_there' });
		expect(failure(result).httpCode).toBe('404');
	});
});

describe('Run → Cancel', () => {
	it('cancels its own running run (requested), which then ends Cancelled', async () => {
		const runId = await startRun(startText(wf.review));
		await waitUntil(() => runAdmin(ctx.sim).runs().some((run) => run.runId === runId && run.status === 'Running'));
		const result = await ctx.runChain([{ resource: 'run', operation: 'cancel', runId: byId(runId) }, { ...waitFor(runId), ...fast }]);
		expect(items(result)[0]).toMatchObject({ runId, requested: true, alreadyTerminal: false });
		expect(items(result, SECOND)[0]).toMatchObject({ status: 'Cancelled' });
	});

	it('a finished run answers alreadyTerminal', async () => {
		const runId = await startRun(startText(wf.agentSummary, 'text', { waitForCompletion: true, downloadFiles: false, ...fast }));
		const result = await ctx.run({ resource: 'run', operation: 'cancel', runId: byId(runId) });
		expect(items(result)[0]).toMatchObject({ runId, alreadyTerminal: true, requested: false, status: 'Completed' });
	});

	it("a run started with another key is refused, and the refusal says why", async () => {
		const runId = await startRun(startText(wf.review));
		const result = await ctx.run({ resource: 'run', operation: 'cancel', runId: byId(runId) }, 'full2');
		expect(result.status).toBe('error');
		const { message, description, httpCode } = failure(result);
		expect(httpCode).toBe('403');
		expect(message).toContain('another API key');
		expect(description).toContain('Only the API key that started a run can cancel it');
		expect(runAdmin(ctx.sim).run(runId)?.status).not.toBe('Cancelled');
	});

	it('with Continue On Fail, the refusal becomes an error item paired with its input', async () => {
		const runId = await startRun(startText(wf.review));
		const result = await ctx.run({ resource: 'run', operation: 'cancel', runId: byId(runId) }, 'full2', {
			onError: 'continueRegularOutput',
			items: [{ json: { n: 1 } }, { json: { n: 2 } }],
		});
		expect(result.status).toBe('success');
		const output = result.output(ACTION_NODE);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(output[0].json).toMatchObject({ httpCode: '403', itemIndex: 0 });
	});
});

describe('Run → Get Many', () => {
	const list = (filters: IDataObject, key: Parameters<typeof ctx.run>[1] = 'full', limit = 50) =>
		ctx.run({ resource: 'run', operation: 'getAll', limit, filters }, key);

	function seed(): { recent: string[]; old: string[] } {
		const admin = runAdmin(ctx.sim);
		const now = Date.now();
		const recent = admin.seedRuns([
			{ workflowId: wf.agentSummary, keyId: FIXTURE_IDS.keys.full, status: 'Completed', startedAt: new Date(now - 3_600_000).toISOString(), count: 55 },
			{ workflowId: wf.inputNda, keyId: FIXTURE_IDS.keys.full, status: 'Failed', startedAt: new Date(now - 7_200_000).toISOString(), count: 2 },
		]);
		const old = admin.seedRuns([
			{ workflowId: wf.multiDocs, keyId: FIXTURE_IDS.keys.bob, status: 'Cancelled', startedAt: '2026-01-10T10:00:00.000Z', count: 3 },
		]);
		return { recent, old };
	}

	it('returns at most 50, newest first, and never a run started by a person', async () => {
		seed();
		const result = await list({});
		const runs = items(result);
		expect(runs).toHaveLength(50);
		const people = runAdmin(ctx.sim)
			.runs()
			.filter((run) => (run.initiator as IDataObject).type === 'user')
			.map((run) => run.runId);
		expect(people.length).toBeGreaterThan(0);
		for (const run of runs) expect(people).not.toContain(run.id ?? run.runId);
	});

	it('filters by workflow, status, start dates and initiator', async () => {
		seed();
		expect(items(await list({ workflowId: byId(wf.inputNda) })).map((run) => run.workflowId)).toEqual([wf.inputNda, wf.inputNda]);
		expect(items(await list({ status: 'Failed' })).every((run) => run.status === 'Failed')).toBe(true);
		expect(items(await list({ status: 'Failed' }))).toHaveLength(2);
		// Started From reaches past the latest 50; Started To covers its whole day.
		const early = items(await list({ startedFrom: '2026-01-01T00:00:00', startedTo: '2026-01-10T00:00:00' }));
		expect(early).toHaveLength(3);
		expect(early.every((run) => run.workflowId === wf.multiDocs)).toBe(true);
		expect(items(await list({ initiatorUserId: FIXTURE_IDS.users.bob }))).toHaveLength(3);
	});

	it('an allowlisted key sees only the runs of its workflows', async () => {
		seed();
		const runs = items(await list({}, 'allowlisted'));
		expect(runs.length).toBeGreaterThan(0);
		expect(runs.every((run) => run.workflowId === wf.agentSummary)).toBe(true);
	});

	it('sends the filters as the contract names them', async () => {
		await list({ workflowId: byId(wf.inputNda), status: 'Completed', startedFrom: '2026-02-01T08:30:00', startedTo: '2026-02-03T00:00:00', initiatorUserId: 'usr_alice' });
		const [entry] = ctx.sim.admin.requests().filter((request) => request.path === '/workflows/runs');
		expect(entry.query).toEqual({
			workflowId: wf.inputNda,
			status: 'Completed',
			startedFrom: expect.stringMatching(/^2026-02-01T\d\d:30:00\.000Z$/),
			startedTo: '2026-02-03',
			initiatorUserId: 'usr_alice',
		});
	});
});

describe('Run → Get and Download File', () => {
	it('gets the record as the service returns it', async () => {
		const runId = await startRun(startText(wf.agentSummary));
		const result = await ctx.run({ resource: 'run', operation: 'get', runId: byId(runId) });
		expect(items(result)[0]).toMatchObject({ runId, workflowId: wf.agentSummary });
	});

	it('downloads one render step by id, and every rendered file of a run', async () => {
		const runId = await startRun(startText(wf.agentSummary, 'text', { waitForCompletion: true, downloadFiles: false, ...fast }));
		const one = await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId), fileSelection: 'step', stepId: steps.agentSummary.render });
		expect(binaryBytes(one.output(ACTION_NODE)[0]).subarray(0, 5).toString()).toBe('%PDF-');
		const all = await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId), fileSelection: 'all', binaryPropertyName: 'report' });
		const [item] = all.output(ACTION_NODE);
		expect(item.binary?.report).toMatchObject({ fileName: 'contract-summary.pdf', mimeType: 'application/pdf' });
		expect(item.json).toMatchObject({ runId, status: 'Completed', files: [{ binaryProperty: 'report', fileName: 'contract-summary.pdf' }] });
	});

	it('the NDA run renders a DOCX', async () => {
		const result = await ctx.run(startNda({ counterparty: 'Initech', effective_date: '2026-03-01' }, { waitForCompletion: true, ...fast }));
		const [item] = result.output(ACTION_NODE);
		expect(item.binary?.data).toMatchObject({ fileName: 'nda.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
		expect(binaryBytes(item).subarray(0, 2).toString()).toBe('PK');
	});

	it('a run with nothing rendered yet says so', async () => {
		const runId = await startRun(startText(wf.failing));
		await ctx.run({ ...waitFor(runId), ...fast });
		const result = await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId), fileSelection: 'all' });
		expect(failure(result).message).toBe(`Run ${runId} has no rendered files (status Failed)`);
	});
});

describe('A downloadPath on another origin', () => {
	let other: Server;
	let otherUrl: string;
	const hits: string[] = [];

	beforeAll(async () => {
		other = createServer((req, res) => {
			hits.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
			res.end('stolen');
		});
		await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
		otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
	});
	afterAll(async () => new Promise<void>((resolve) => other.close(() => resolve())));

	it('is refused before anything is sent: the other origin receives no request', async () => {
		const runId = await startRun(startText(wf.agentSummary, 'text', { waitForCompletion: true, downloadFiles: false, ...fast }));
		runAdmin(ctx.sim).setDownloadPath(runId, steps.agentSummary.render, `${otherUrl}/files/steal`);

		const viaDownload = await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId), fileSelection: 'all' });
		expect(viaDownload.status).toBe('error');
		expect(failure(viaDownload).message).toBe('Refused to follow a link that points outside the service');
		expect(failure(viaDownload).description).toContain(`${otherUrl}/files/steal`);

		const viaWait = await ctx.run({ ...waitFor(runId), ...fast });
		expect(failure(viaWait).message).toBe('Refused to follow a link that points outside the service');
		expect(hits).toEqual([]);
	});
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error('condition not reached in time');
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}
