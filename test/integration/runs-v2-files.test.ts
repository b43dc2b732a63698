// Issue 26, item 5, through n8n's engine against the simulator: in node version 2 every file a run operation
// describes has one shape, { name, format, mimeType, size (bytes), url (absolute), binaryProperty?, stepId? }, and
// Simplify keeps the run's result text. The same workflows at version 1 keep their output exactly.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { ACTION_NODE } from '../harness';
import { FIXTURE_IDS, runAdmin } from '../simulator';
import { IntegrationContext, items } from './support';

const ctx = new IntegrationContext();
const wf = FIXTURE_IDS.workflows;
const steps = FIXTURE_IDS.steps;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const fast = { waitOptions: { checkInterval: 1, timeout: 60 } };
const SUMMARY = 'Summary: a two-year supply agreement with a 90-day termination notice.';

const startAndWait = (extra: IDataObject = {}) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(wf.agentSummary),
	inputMode: 'text',
	inputText: 'Supply agreement between Acme and Initech…',
	waitForCompletion: true,
	...fast,
	...extra,
});

function bytesOf(item: INodeExecutionData, property = 'data'): number {
	return Buffer.from(item.binary?.[property]?.data ?? '', 'base64').length;
}

/** The rendered PDF of a Contract summary run in the one file shape. */
function summaryPdf(runId: string, size: number, downloaded = true): IDataObject {
	return {
		name: 'contract-summary.pdf',
		format: 'pdf',
		mimeType: 'application/pdf',
		size,
		url: `${ctx.url}/workflows/runs/${runId}/files/${steps.agentSummary.render}/download`,
		...(downloaded ? { binaryProperty: 'data' } : {}),
		stepId: steps.agentSummary.render,
	};
}

async function run(parameters: IDataObject, typeVersion: number): Promise<INodeExecutionData> {
	const result = await ctx.run(parameters, 'full', { typeVersion });
	expect(result.status).toBe('success');
	return result.output(ACTION_NODE)[0];
}

beforeAll(async () => ctx.start({ runTimeScale: 0.2, sseHeartbeatMs: 200 }));
afterAll(async () => ctx.stop());
beforeEach(() => ctx.sim.admin.reset());
afterEach(() => expect(ctx.leaks()).toEqual([]));

describe('Start + Wait: the full record’s files', () => {
	it('version 1 keeps { stepId, binaryProperty, fileName, mimeType, fileSize }; version 2 gives the one shape, size in bytes, absolute link', async () => {
		const v1 = await run(startAndWait(), 1);
		expect(v1.json.files).toEqual([{ stepId: steps.agentSummary.render, binaryProperty: 'data', fileName: 'contract-summary.pdf', mimeType: 'application/pdf', fileSize: expect.stringMatching(/kB|B$/) }]);
		expect(v1.json.id).toBeUndefined();

		const v2 = await run(startAndWait(), 2);
		const runId = String(v2.json.runId);
		expect(v2.json.files).toEqual([summaryPdf(runId, bytesOf(v2))]);
		expect(bytesOf(v2)).toBeGreaterThan(100);
		// Not downloaded: described all the same, without a binary field.
		const undownloaded = await run(startAndWait({ downloadFiles: false }), 2);
		expect(undownloaded.binary).toBeUndefined();
		expect(undownloaded.json.files).toEqual([summaryPdf(String(undownloaded.json.runId), expect.any(Number) as unknown as number, false)]);
	});
});

describe('Simplify: the compact answer', () => {
	it('version 1: files { name, format, mimeType, size, url }, no result text; version 2: the result text and the one file shape', async () => {
		const v1 = await run(startAndWait({ simplify: true }), 1);
		expect(v1.json.output).toBeUndefined();
		expect((v1.json.files as IDataObject[])[0]).toEqual({ name: 'contract-summary.pdf', format: 'pdf', mimeType: 'application/pdf', size: expect.any(Number), url: expect.any(String) });

		const v2 = await run(startAndWait({ simplify: true }), 2);
		const runId = String(v2.json.runId);
		expect(v2.json).toEqual({
			runId,
			workflowId: wf.agentSummary,
			workflowName: 'Contract summary',
			status: 'Completed',
			finished: true,
			pausedForReview: false,
			output: SUMMARY,
			files: [summaryPdf(runId, bytesOf(v2))],
		});
	});

	it('Run → Get with Simplify: the result text and the file (not downloaded) in version 2', async () => {
		const started = await run(startAndWait({ downloadFiles: false }), 1);
		const runId = String(started.json.runId);
		const v1 = await run({ resource: 'run', operation: 'get', runId: byId(runId), simplify: true }, 1);
		expect(Object.keys(v1.json)).not.toContain('output');
		const v2 = await run({ resource: 'run', operation: 'get', runId: byId(runId), simplify: true }, 2);
		expect(v2.json).toMatchObject({ runId, output: SUMMARY, files: [summaryPdf(runId, expect.any(Number) as unknown as number, false)] });
		// The size the record declares is the file's size: the download says the same.
		const download = await run({ resource: 'run', operation: 'downloadFile', runId: byId(runId) }, 2);
		expect((v2.json.files as IDataObject[])[0].size).toBe(bytesOf(download));
	});

	it('a run not finished yet: output null, no files', async () => {
		const v2 = await run({ resource: 'run', operation: 'start', workflowId: byId(wf.agentSummary), inputMode: 'text', inputText: 'x', simplify: true }, 2);
		expect(v2.json).toMatchObject({ status: 'Pending', finished: false, output: null, files: [] });
	});
});

describe('Run → Get (full record)', () => {
	it('version 1: the record as the service sends it; version 2: with its files in the one shape', async () => {
		const started = await run(startAndWait({ downloadFiles: false }), 1);
		const runId = String(started.json.runId);
		const v1 = await run({ resource: 'run', operation: 'get', runId: byId(runId) }, 1);
		expect(v1.json).toMatchObject({ runId, steps: expect.any(Array) });
		expect(v1.json.files).toBeUndefined();
		const v2 = await run({ resource: 'run', operation: 'get', runId: byId(runId) }, 2);
		expect(v2.json).toEqual({ ...v1.json, files: [summaryPdf(runId, expect.any(Number) as unknown as number, false)] });
	});
});

describe('Download File and Download Input Document', () => {
	it('Download File: version 1 n8n’s binary facts, version 2 the one shape (all files, and one step)', async () => {
		const started = await run(startAndWait({ downloadFiles: false }), 1);
		const runId = String(started.json.runId);
		const all = { resource: 'run', operation: 'downloadFile', runId: byId(runId) };
		const v1 = await run(all, 1);
		expect(v1.json.files).toEqual([{ stepId: steps.agentSummary.render, binaryProperty: 'data', fileName: 'contract-summary.pdf', mimeType: 'application/pdf', fileSize: expect.any(String) }]);
		const v2 = await run(all, 2);
		expect(v2.json).toEqual({ runId, status: 'Completed', files: [summaryPdf(runId, bytesOf(v2))] });

		const one = await run({ ...all, fileSelection: 'step', stepId: steps.agentSummary.render, binaryPropertyName: 'pdf' }, 2);
		expect(one.json.files).toEqual([{ ...summaryPdf(runId, bytesOf(one, 'pdf')), binaryProperty: 'pdf' }]);
	});

	it('Download Input Document: version 1 fileName/fileSize, version 2 file in the one shape', async () => {
		const upload = runAdmin(ctx.sim).seedInputDocument({
			keyId: FIXTURE_IDS.keys.full,
			filename: 'source.md',
			contentType: 'text/markdown',
			data: Buffer.from('# Source terms\n').toString('base64'),
		});
		const started = await run(
			{
				resource: 'run',
				operation: 'start',
				workflowId: byId(wf.inputNda),
				inputMode: 'json',
				inputJson: JSON.stringify({ counterparty: 'Initech', effective_date: '2026-03-01', source_document: upload }),
			},
			1,
		);
		const runId = String(started.json.runId);
		const download = { resource: 'run', operation: 'downloadInputDocument', runId: byId(runId), documentVersionId: upload.documentVersionId };
		const v1 = await run(download, 1);
		expect(v1.json).toEqual({ runId, documentVersionId: upload.documentVersionId, fileName: 'source.md', mimeType: 'text/markdown', fileSize: expect.any(String) });
		// Version 2's field is a resource locator; a plain ID (a workflow's expression) is read the same.
		for (const documentVersionId of [{ __rl: true, mode: 'id', value: upload.documentVersionId }, upload.documentVersionId]) {
			const v2 = await run({ ...download, documentVersionId }, 2);
			expect(v2.json).toEqual({
				runId,
				documentVersionId: upload.documentVersionId,
				file: {
					name: 'source.md',
					format: 'markdown',
					mimeType: 'text/markdown',
					size: 15,
					url: `${ctx.url}/workflows/runs/${runId}/input-documents/${upload.documentVersionId}/download`,
					binaryProperty: 'data',
				},
			});
		}
	});
});

test('a run picked up from Get Many (version 2) goes straight into Get', async () => {
	const started = await run(startAndWait({ downloadFiles: false }), 1);
	const result = await ctx.runChain([{ resource: 'run', operation: 'getAll', limit: 1 }, { resource: 'run', operation: 'get', runId: byId('={{ $json.runId }}'), simplify: true }], 'full', { typeVersion: 2 });
	expect(result.status).toBe('success');
	expect(items(result, `${ACTION_NODE} 2`)[0]).toMatchObject({ runId: started.json.runId, output: SUMMARY });
});
