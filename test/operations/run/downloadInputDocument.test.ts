// Run → Download Input Document through n8n's engine against the simulator: the run's documents to pick from, the file in the one shape.
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, NODE_TYPE } from '../../harness';
import { listSearch, type EditorRequest } from '../../harness/loadOptions';
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin } from '../../simulator';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';
import { mapper, seedSourceDocument, startRun, startText, wf } from '../support';

const ctx = useIntegrationContext({ runTimeScale: 0.2 });
const editor = (parameters: IDataObject): EditorRequest => ({
	nodeType: NODE_TYPE,
	parameters: parameters as EditorRequest['parameters'],
	credential: { baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full },
});
const start = (workflowId: string, inputFields: IDataObject) => ({
	resource: 'run',
	operation: 'start',
	workflowId: byId(workflowId),
	inputFields,
});

describe('the file', () => {
	it('the document in the one file shape; Input Document By ID or as a plain ID (a workflow’s expression)', async () => {
		const upload = seedSourceDocument(ctx);
		const runId = await startRun(ctx, {
			resource: 'run',
			operation: 'start',
			workflowId: byId(wf.inputNda),
			inputMode: 'json',
			inputJson: JSON.stringify({
				counterparty: 'Initech',
				effective_date: '2026-03-01',
				source_document: upload,
			}),
		});
		for (const documentVersionId of [byId(upload.documentVersionId), upload.documentVersionId]) {
			const [item] = items(
				await ctx.run({
					resource: 'run',
					operation: 'downloadInputDocument',
					runId: byId(runId),
					documentVersionId,
				}),
			);
			expect(item).toEqual({
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

	it('an input document that is not on the run is not found', async () => {
		const runId = await startRun(ctx, startText(wf.agentSummary));
		const result = await ctx.run({
			resource: 'run',
			operation: 'downloadInputDocument',
			runId: byId(runId),
			documentVersionId: 'dv_not_there',
		});
		expect(failure(result).httpCode).toBe('404');
	});
});

describe('the run’s documents to pick from', () => {
	async function runWithDocument(): Promise<{ runId: string; documentVersionId: string }> {
		const upload = runAdmin(ctx.sim).seedInputDocument({
			keyId: FIXTURE_IDS.keys.full,
			filename: 'nda-source.md',
			contentType: 'text/markdown',
			data: Buffer.from('# Terms\n').toString('base64'),
		});
		const started = await ctx.run(
			start(
				wf.inputNda,
				mapper({
					counterparty: 'Initech',
					effective_date: '2026-03-01',
					source_document: JSON.stringify(upload),
				}),
			),
		);
		expect(started.status).toBe('success');
		return { runId: String(items(started)[0].runId), documentVersionId: upload.documentVersionId };
	}

	it('From list names each document, its field and its version; the picked one downloads', async () => {
		const { runId, documentVersionId } = await runWithDocument();
		const parameters = { resource: 'run', operation: 'downloadInputDocument', runId: byId(runId) };
		const { results } = await listSearch(editor(parameters), 'searchRunInputDocuments');
		expect(results).toEqual([
			{
				name: `nda-source.md · input field source_document · ${documentVersionId}`,
				value: documentVersionId,
			},
		]);
		expect(
			(await listSearch(editor(parameters), 'searchRunInputDocuments', 'no such')).results,
		).toEqual([]);

		const picked = await ctx.run({
			...parameters,
			documentVersionId: { __rl: true, mode: 'list', value: results[0].value },
		});
		expect(picked.status).toBe('success');
		expect(
			Buffer.from(picked.output(ACTION_NODE)[0].binary?.data.data ?? '', 'base64').toString(),
		).toBe('# Terms\n');
	});

	it('no run chosen yet, or one only an expression gives: an empty list, and no request', async () => {
		ctx.sim.admin.clearRequests();
		for (const runId of [byId(''), byId('={{ $json.runId }}')]) {
			const { results } = await listSearch(
				editor({ resource: 'run', operation: 'downloadInputDocument', runId }),
				'searchRunInputDocuments',
			);
			expect(results).toEqual([]);
		}
		expect(ctx.sim.admin.requests()).toEqual([]);
	});

	it('an Input Document that resolves to nothing says what to do', async () => {
		const documentVersionId = byId('={{ $json.missing }}');
		const result = await ctx.run({
			resource: 'run',
			operation: 'downloadInputDocument',
			runId: byId('run_x'),
			documentVersionId,
		});
		expect(failure(result).message).toBe('Input Document is empty');
	});
});
