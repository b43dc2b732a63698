/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// The action node in a real n8n: workflow JSON files imported and run with `n8n execute`, against the
// simulator, with the package installed from its `npm pack` tarball as a community package.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { FIXTURE_IDS, inputDocumentStore } from '../../test/simulator';
import { samplePdf } from '../../test/simulator/uploads/testing';
import { loadWorkflow, renamed, useCredential } from '../lib/workflows';
import { essentialWorkflows } from './essential-workflows';
import { E2EContext, itPrintsNoKey } from './support';

const ctx = new E2EContext();
const wf = FIXTURE_IDS.workflows;
const MISSING_SCOPE_WORKFLOW = 'dwE2EListNoScope';

/** The PDF the upload workflow reads from disk, in a folder n8n's file access is limited to. */
const files = mkdtempSync(join(tmpdir(), 'dw-e2e-files-'));
const contractPath = join(files, 'supply-agreement.pdf');
let contract: Buffer;

beforeAll(async () => {
	contract = await samplePdf(3);
	writeFileSync(contractPath, contract);
	// Runs play at a tenth of their fixture durations; chat chunks come back to back.
	await ctx.start(
		{ runTimeScale: 0.1, chatChunkDelayMs: 0, ingestionMs: 200 },
		{ N8N_RESTRICT_FILE_ACCESS_TO: files },
	);
	const [full, noWorkflowsRead] = await ctx.importCredentials('full', 'noWorkflowsRead');
	await ctx.n8n.importWorkflows([
		...essentialWorkflows(full, contractPath),
		renamed(useCredential(loadWorkflow('list-workflows'), noWorkflowsRead), MISSING_SCOPE_WORKFLOW),
	]);
});

/** The download paths of a run's rendered files, read from the service's run record. */
async function renderedDownloadPaths(runId: unknown): Promise<string[]> {
	const record = (await (await ctx.api(`/workflows/runs/${String(runId)}`)).json()) as {
		steps: Array<{ renderedArtifact?: { downloadPath: string } }>;
	};
	return record.steps.flatMap((step) =>
		step.renderedArtifact ? [step.renderedArtifact.downloadPath] : [],
	);
}

afterAll(async () => {
	await ctx.stop();
	rmSync(files, { recursive: true, force: true });
});

describe('n8n execute: Drafting Workspace actions from workflow JSON files', () => {
	it('Workflow → Get Many: exactly the fixture workflows the key can see', async () => {
		const result = (await ctx.execute('dwE2EListWorkflows')).expectSuccess();
		const ids = result.items('List Workflows').map((item) => item.json.workflowId);
		expect([...ids].sort()).toEqual(
			[wf.agentSummary, wf.inputNda, wf.multiDocs, wf.review, wf.failing].sort(),
		);
		for (const item of result.items('List Workflows'))
			expect(item.json).toMatchObject({ name: expect.any(String), hasActive: true });
	});

	it('Document → Produce From Template (offer letter, Download PDF): the binary is the PDF the service serves', async () => {
		const result = (await ctx.execute('dwE2EProduceOfferPdf')).expectSuccess();
		const [item] = result.items('Produce Offer Letter');
		expect(item.json).toMatchObject({
			status: 'assembled',
			unresolvedFields: [],
			templateId: 'tpl_offer_letter',
			title: 'Offer for Jordan Lee',
		});
		expect(item.binary?.data).toMatchObject({ mimeType: 'application/pdf', fileExtension: 'pdf' });
		const pdf = ctx.n8n.readBinary(item.binary?.data);
		expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(
			pdf.equals(await ctx.bytes(`/documents/${String(item.json.documentId)}/content/pdf`)),
		).toBe(true);
	});

	it('Chat → Chat Completion (dw-standard): the assistant message the service gives for the conversation', async () => {
		const result = (await ctx.execute('dwE2EChatCompletion')).expectSuccess();
		const [item] = result.items('Ask the Model');
		const direct = (await (
			await ctx.api('/v1/chat/completions', {
				method: 'POST',
				body: JSON.stringify({
					model: 'dw-standard',
					messages: [
						{ role: 'system', content: 'You are a careful legal assistant.' },
						{ role: 'user', content: 'Summarise the termination clause of the supply agreement.' },
					],
				}),
			})
		).json()) as { choices: Array<{ message: { role: string; content: string } }> };
		expect(direct.choices[0].message.role).toBe('assistant');
		expect(item.json).toMatchObject({
			text: direct.choices[0].message.content,
			finishReason: 'stop',
			model: 'dw-standard',
		});
		expect(String(item.json.text).length).toBeGreaterThan(0);
	});

	it('a key without workflows:read: the execution fails with the node’s plain message, and no key is printed', async () => {
		const { value: result, requests } = await ctx.requestsDuring(() =>
			ctx.execute(MISSING_SCOPE_WORKFLOW),
		);
		result.expectRefused();
		const error = result.error('List Workflows');
		expect(error?.message).toBe('The API key lacks the scope workflows:read (missing_scope)');
		// The CLI repeats the message as its last words: what a person running the workflow reads.
		expect(result.stdout).toContain('The API key lacks the scope workflows:read (missing_scope)');
		expect(requests.map((entry) => [entry.method, entry.path, entry.keyId, entry.status])).toEqual([
			['GET', '/workflows', 'key_noWorkflowsRead', 403],
		]);
		expect(E2EContext.leaks([result.stdout, result.stderr])).toEqual([]);
	});

	it('Run → Start (agent entry, Wait for Completion) then Download File: the rendered PDF the service serves', async () => {
		const result = (await ctx.execute('dwE2ERunAndDownload')).expectSuccess();
		const [finished] = result.items('Start Contract Summary');
		expect(finished.json).toMatchObject({
			workflowId: wf.agentSummary,
			status: 'Completed',
			wait: { outcome: 'finished' },
		});
		const [downloaded] = result.items('Download Rendered PDF');
		expect(downloaded.json).toMatchObject({ runId: finished.json.runId, status: 'Completed' });
		expect(downloaded.binary?.data).toMatchObject({ mimeType: 'application/pdf' });
		const pdf = ctx.n8n.readBinary(downloaded.binary?.data);
		expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

		const paths = await renderedDownloadPaths(finished.json.runId);
		expect(paths).toHaveLength(1);
		expect(pdf.equals(await ctx.bytes(paths[0]))).toBe(true);
	});

	it('Input Document → Upload a PDF from disk, Run → Start with it, Wait: the rendered PDF and the same input bytes back', async () => {
		const result = (await ctx.execute('dwE2EUploadAndRun')).expectSuccess();
		const [uploaded] = result.items('Upload Contract');
		expect(uploaded.json).toMatchObject({
			status: 'ready',
			filename: 'supply-agreement.pdf',
			contentType: 'application/pdf',
			pageCount: 3,
			sizeBytes: contract.length,
		});
		// n8n keeps the file in its filesystem store: the node streamed it from there, and the service got the same bytes.
		expect(
			inputDocumentStore(ctx.sim.state)
				.documents.get(String(uploaded.json.documentId))
				?.bytes.equals(contract),
		).toBe(true);

		const [finished] = result.items('Start Due Diligence');
		expect(finished.json).toMatchObject({
			workflowId: wf.multiDocs,
			status: 'Completed',
			wait: { outcome: 'finished' },
		});
		expect(JSON.stringify(finished.json.inputDocuments)).toContain(
			String(uploaded.json.documentVersionId),
		);
		expect(finished.binary?.data).toMatchObject({
			mimeType: 'application/pdf',
			fileName: 'due-diligence-report.pdf',
		});
		const report = ctx.n8n.readBinary(finished.binary?.data);
		expect(report.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		const [downloadPath] = await renderedDownloadPaths(finished.json.runId);
		expect(report.equals(await ctx.bytes(downloadPath))).toBe(true);

		const [original] = result.items('Download Input Back');
		expect(ctx.n8n.readBinary(original.binary?.original).equals(contract)).toBe(true);
	});

	itPrintsNoKey(ctx);
});
