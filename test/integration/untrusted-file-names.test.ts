import fc from 'fast-check';
import type { IBinaryData, IDataObject } from 'n8n-workflow';

import { filenameFromContentDisposition } from '../../nodes/shared/transport/contentDisposition';
import { MAX_FILE_NAME_BYTES, safeFileName } from '../../nodes/shared/transport/fileName';
import {
	FORBIDDEN_IN_NAMES,
	HOSTILE_NAMES,
	hostileName,
	isBareName,
} from '../expectations/untrusted';
import { ACTION_NODE, type HarnessRun } from '../harness';
import { FIXTURE_IDS, TEMPLATE_IDS, runAdmin } from '../simulator';
import { byId, useIntegrationContext } from './support';
import {
	CONTINUE_ON_FAIL,
	completedRun,
	expectNoCrash,
	triggerAfterRun,
} from './untrusted-support';

/**
 * File names: a name from a Content-Disposition or a run step reaches n8n's binary data as a bare name
 * (n8n-core's prepareBinaryData splits a name on `/` and keeps the front as the binary's `directory`). Every way a
 * name comes in, with Continue On Fail off and on: the download works, and the name is safe.
 */

const ctx = useIntegrationContext({ runTimeScale: 0.1, sseHeartbeatMs: 200 });
const render = FIXTURE_IDS.steps.agentSummary.render;
/** The fixed ways in, and generated names (a fixed seed: the same names every run). */
const headerNames = [...HOSTILE_NAMES, ...fc.sample(hostileName, { numRuns: 30, seed: 27 })];

/** What a binary of the node must be: a bare, bounded name without control characters, and no directory at all. */
function expectSafeBinary(binary: IBinaryData | undefined, expectedName: string): void {
	expect(binary).toBeDefined();
	expect(binary!.fileName).toBe(expectedName);
	expect(binary!.directory).toBeUndefined();
	expect(expectedName).not.toMatch(FORBIDDEN_IN_NAMES);
	expect(isBareName(expectedName)).toBe(true);
	expect(Buffer.byteLength(expectedName)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
	if (/\.pdf$/.test(expectedName)) expect(binary!.fileExtension).toBe('pdf');
}

function succeeded(result: HarnessRun, node = ACTION_NODE): IDataObject[] {
	expectNoCrash(result);
	expect(result.status).toBe('success');
	const output = result.output(node);
	for (const item of output) expect(item.json.error).toBeUndefined();
	return output.map((item) => ({ ...item.json, binary: item.binary }));
}

describe.each(CONTINUE_ON_FAIL)('hostile file names, $label', ({ onError }) => {
	it.each(headerNames.map((name) => [name]))(
		'a step file named %j: Run → Download File gives a bare name (record and Content-Disposition)',
		async (name) => {
			const runId = completedRun(ctx.sim);
			runAdmin(ctx.sim).setFileName(runId, render, name);
			const [item] = succeeded(
				await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId) }, 'full', {
					onError,
				}),
			);
			const expected = safeFileName(name, `${runId}-${render}.pdf`);
			expectSafeBinary((item.binary as Record<string, IBinaryData>).data, expected);
			expect((item.files as IDataObject[])[0].name).toBe(expected);
		},
	);

	it.each(HOSTILE_NAMES.map((name) => [name]))(
		'a step file named %j and no Content-Disposition: the record’s name, made bare',
		async (name) => {
			const runId = completedRun(ctx.sim);
			runAdmin(ctx.sim).setFileName(runId, render, name);
			ctx.sim.admin.addFault({
				kind: 'answer',
				phase: 'after',
				headers: { 'content-disposition': '' },
				path: `/workflows/runs/${runId}/files/${render}/download`,
			});
			const [item] = succeeded(
				await ctx.run({ resource: 'run', operation: 'downloadFile', runId: byId(runId) }, 'full', {
					onError,
				}),
			);
			expectSafeBinary(
				(item.binary as Record<string, IBinaryData>).data,
				safeFileName(name, `${runId}-${render}.pdf`),
			);
		},
	);

	const RAW_HEADERS = [
		'attachment; filename="../../etc/passwd"',
		'attachment; filename=../../etc/passwd',
		"attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd",
		"attachment; filename*=UTF-8''a%0D%0Ab%00c%1B.pdf",
		'attachment; filename="C:\\\\Windows\\\\report.pdf"',
		'attachment; filename="\\\\\\\\server\\\\share\\\\x.pdf"',
		"attachment; filename*=UTF-8''invoice%E2%80%AEfdp.exe",
		"attachment; filename*=UTF-8''%2E%2E",
		'attachment; filename="   "',
		'attachment; filename="a\tb.pdf"',
		`attachment; filename*=UTF-8''${'x'.repeat(400)}.pdf`,
		"attachment; filename*=UTF-8''%E0%A4%A.pdf",
	];
	it.each(RAW_HEADERS.map((header) => [header]))(
		'Content-Disposition %j on Run → Download File (one step)',
		async (header) => {
			const runId = completedRun(ctx.sim);
			ctx.sim.admin.addFault({
				kind: 'answer',
				phase: 'after',
				headers: { 'content-disposition': header },
				path: `/workflows/runs/${runId}/files/${render}/download`,
			});
			const [item] = succeeded(
				await ctx.run(
					{
						resource: 'run',
						operation: 'downloadFile',
						runId: byId(runId),
						fileSelection: 'step',
						stepId: render,
					},
					'full',
					{ onError },
				),
			);
			expectSafeBinary(
				(item.binary as Record<string, IBinaryData>).data,
				safeFileName(filenameFromContentDisposition(header), `${runId}-${render}`),
			);
		},
	);

	it('Start with Wait for Completion and Simplify: the downloaded binary and the compact answer share the bare name', async () => {
		ctx.sim.admin.addFault({
			kind: 'answer',
			phase: 'after',
			headers: { 'content-disposition': "attachment; filename*=UTF-8''Q3%2FQ4%20review%0D%0A.pdf" },
			path: '^/workflows/runs/[^/]+/files/[^/]+/download$',
		});
		const parameters = {
			resource: 'run',
			operation: 'start',
			workflowId: byId(FIXTURE_IDS.workflows.agentSummary),
			inputMode: 'text',
			inputText: 'Summarise.',
			waitForCompletion: true,
			simplify: true,
			waitOptions: { checkInterval: 1, timeout: 60 },
		};
		const [item] = succeeded(await ctx.run(parameters, 'full', { onError }));
		expectSafeBinary((item.binary as Record<string, IBinaryData>).data, 'Q3_Q4 review .pdf');
		expect((item.files as IDataObject[])[0]).toMatchObject({
			name: 'Q3_Q4 review .pdf',
			url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
		});
	});

	it('Produce From Template with Download, the content named "../../../tmp/offer.pdf": a bare name', async () => {
		ctx.sim.admin.addFault({
			kind: 'answer',
			phase: 'after',
			headers: { 'content-disposition': 'attachment; filename="../../../tmp/offer.pdf"' },
			path: '^/documents/[^/]+/content/pdf$',
		});
		const answers = {
			mappingMode: 'defineBelow',
			value: {},
			matchingColumns: [],
			schema: [],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		};
		const [item] = succeeded(
			await ctx.run(
				{
					resource: 'document',
					operation: 'produce',
					templateId: byId(TEMPLATE_IDS.offerLetter),
					answers,
					downloadFormat: 'pdf',
				},
				'full',
				{ onError },
			),
		);
		expectSafeBinary((item.binary as Record<string, IBinaryData>).data, '.._.._.._tmp_offer.pdf');
		expect(item.download).toMatchObject({
			outcome: 'downloaded',
			file: { name: '.._.._.._tmp_offer.pdf' },
		});
	});

	it('Run → Download Input Document of an upload named "..\\\\..\\\\notes\\r\\n.md": a bare name', async () => {
		const upload = runAdmin(ctx.sim).seedInputDocument({
			keyId: FIXTURE_IDS.keys.full,
			filename: '..\\..\\notes\r\n.md',
			contentType: 'text/markdown',
			data: Buffer.from('# Notes\n').toString('base64'),
		});
		const mapper = {
			mappingMode: 'defineBelow',
			value: {
				counterparty: 'Initech',
				effective_date: '2026-03-01',
				source_document: '={{ $json.upload }}',
			},
			matchingColumns: [],
			schema: [],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		};
		const start = {
			resource: 'run',
			operation: 'start',
			workflowId: byId(FIXTURE_IDS.workflows.inputNda),
			inputMode: 'fields',
			inputFields: mapper,
		};
		const download = {
			resource: 'run',
			operation: 'downloadInputDocument',
			runId: byId('={{ $json.runId }}'),
			documentVersionId: upload.documentVersionId,
		};
		const result = await ctx.runChain([start, download], 'full', {
			onError,
			items: [{ json: { upload } }],
		});
		const [item] = succeeded(result, `${ACTION_NODE} 2`);
		expectSafeBinary((item.binary as Record<string, IBinaryData>).data, '.._.._notes .md');
	});
});

it('the trigger’s attached files: a step file named "../../etc/cron.d/x" arrives as a bare name', async () => {
	const { items, error } = await triggerAfterRun(ctx.sim, ctx.url, (runId) =>
		runAdmin(ctx.sim).setFileName(runId, render, '../../etc/cron.d/x'),
	);
	expect(error).toBeUndefined();
	expect(items).toHaveLength(1);
	expectSafeBinary(items![0].binary?.data, '.._.._etc_cron.d_x');
});
