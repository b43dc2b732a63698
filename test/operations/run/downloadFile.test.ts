/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// Run → Download File through n8n's engine against the simulator: every rendered file or one step's, the one file shape, links that leave the service.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ACTION_NODE, TOOL_NODE_TYPE } from '../../harness';
import { byId, failure, items, useIntegrationContext } from '../../integration/support';
import {
	binaryBytes,
	fast,
	startRun,
	startText,
	steps,
	summaryPdf,
	waitFor,
	wf,
	finishedRun as finishedRunOf,
} from '../support';
import { runAdmin } from '../../simulator';

const ctx = useIntegrationContext({ runTimeScale: 0.2, sseHeartbeatMs: 200 });
const finishedRun = () => finishedRunOf(ctx);
const downloadFile = (runId: string) => ({
	resource: 'run',
	operation: 'downloadFile',
	runId: byId(runId),
});

describe('the files', () => {
	it('downloads one render step by id, and every rendered file of a run', async () => {
		const runId = await finishedRun();
		const one = await ctx.run({
			...downloadFile(runId),
			fileSelection: 'step',
			stepId: steps.agentSummary.render,
		});
		expect(binaryBytes(one.output(ACTION_NODE)[0]).subarray(0, 5).toString()).toBe('%PDF-');
		const all = await ctx.run({
			...downloadFile(runId),
			fileSelection: 'all',
			binaryPropertyName: 'report',
		});
		const [item] = all.output(ACTION_NODE);
		expect(item.binary?.report).toMatchObject({
			fileName: 'contract-summary.pdf',
			mimeType: 'application/pdf',
		});
		expect(item.json).toEqual({
			runId,
			status: 'Completed',
			files: [
				{ ...summaryPdf(ctx, runId, binaryBytes(item, 'report').length), binaryProperty: 'report' },
			],
		});
	});

	it('tells the files in the one shape (all files, and one step)', async () => {
		const runId = await finishedRun();
		const all = (await ctx.run(downloadFile(runId))).output(ACTION_NODE)[0];
		expect(all.json).toEqual({
			runId,
			status: 'Completed',
			files: [summaryPdf(ctx, runId, binaryBytes(all).length)],
		});
		const one = (
			await ctx.run({
				...downloadFile(runId),
				fileSelection: 'step',
				stepId: steps.agentSummary.render,
				binaryPropertyName: 'pdf',
			})
		).output(ACTION_NODE)[0];
		expect(one.json.files).toEqual([
			{ ...summaryPdf(ctx, runId, binaryBytes(one, 'pdf').length), binaryProperty: 'pdf' },
		]);
	});

	it('a run with nothing rendered yet says so', async () => {
		const runId = await startRun(ctx, startText(wf.failing));
		await ctx.run({ ...waitFor(runId), failWhenRunFails: false, ...fast });
		const result = await ctx.run({ ...downloadFile(runId), fileSelection: 'all' });
		expect(failure(result).message).toBe(`Run ${runId} has no rendered files (status Failed)`);
	});

	it('as an AI tool: the same JSON, which tells each file (n8n drops the binary from a tool’s answer)', async () => {
		const runId = await finishedRun();
		const [answer] = items(
			await ctx.run(downloadFile(runId), 'full', { nodeType: TOOL_NODE_TYPE }),
		);
		expect(answer).toEqual({
			runId,
			status: 'Completed',
			files: [summaryPdf(ctx, runId, expect.any(Number) as unknown as number)],
		});
		expect(answer).toEqual(items(await ctx.run(downloadFile(runId)))[0]);
	});
});

describe('a downloadPath on another origin', () => {
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
		const runId = await finishedRun();
		runAdmin(ctx.sim).setDownloadPath(runId, steps.agentSummary.render, `${otherUrl}/files/steal`);

		const viaDownload = await ctx.run({
			resource: 'run',
			operation: 'downloadFile',
			runId: byId(runId),
			fileSelection: 'all',
		});
		expect(viaDownload.status).toBe('error');
		expect(failure(viaDownload).message).toBe(
			'Refused to follow a link that points outside the service',
		);
		expect(failure(viaDownload).description).toContain(`${otherUrl}/files/steal`);

		const viaWait = await ctx.run({ ...waitFor(runId), ...fast });
		expect(failure(viaWait).message).toBe(
			'Refused to follow a link that points outside the service',
		);
		expect(hits).toEqual([]);
	});
});
