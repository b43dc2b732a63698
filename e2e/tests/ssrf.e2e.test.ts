/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
// n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED=true) in a real n8n, with the service on the loopback address
// (127.0.0.1), which n8n blocks by default. Blocked: the node refuses in words that say how to allow the service,
// with the configuration as the failure's cause. Allowed (N8N_SSRF_ALLOWED_IP_RANGES): the essentials pass, a start
// with a wait over the event stream, an upload, a produce and a chat.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { samplePdf } from '../../test/simulator/uploads/testing';
import { essentialWorkflows } from './essential-workflows';
import { E2EContext } from './support';

const files = mkdtempSync(join(tmpdir(), 'dw-e2e-ssrf-'));
const contractPath = join(files, 'supply-agreement.pdf');
const SSRF_ON = { N8N_SSRF_PROTECTION_ENABLED: 'true', N8N_RESTRICT_FILE_ACCESS_TO: files };

async function contextWith(env: Record<string, string>): Promise<E2EContext> {
	const ctx = new E2EContext();
	await ctx.start({ runTimeScale: 0.1, chatChunkDelayMs: 0, ingestionMs: 200 }, env);
	const [full] = await ctx.importCredentials('full');
	await ctx.n8n.importWorkflows(essentialWorkflows(full, contractPath));
	return ctx;
}

beforeAll(async () => writeFileSync(contractPath, await samplePdf(3)));
afterAll(() => rmSync(files, { recursive: true, force: true }));

describe('the service on a loopback address, blocked by n8n', () => {
	let ctx: E2EContext;
	beforeAll(async () => {
		ctx = await contextWith(SSRF_ON);
	});
	afterAll(async () => ctx?.stop());

	it('refuses before anything reaches the service, and says how to allow it', async () => {
		const { value: result, requests } = await ctx.requestsDuring(
			async () => await ctx.execute('dwE2EListWorkflows'),
		);
		expect(result.ok).toBe(false);
		const error = result.error('List Workflows');
		expect(error?.message).toBe(
			"n8n's SSRF protection blocked the request: the service's address (127.0.0.1) is private or local",
		);
		expect(error?.description).toContain('N8N_SSRF_ALLOWED_HOSTNAMES');
		expect(error?.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES');
		expect(error?.failure).toEqual({ cause: 'configuration-invalid' });
		expect(requests).toEqual([]);
	});
});

describe('the service allowed with N8N_SSRF_ALLOWED_IP_RANGES', () => {
	let ctx: E2EContext;
	beforeAll(async () => {
		ctx = await contextWith({ ...SSRF_ON, N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.0/8' });
	});
	afterAll(async () => ctx?.stop());

	it('a start with a wait over the event stream, and its PDF', async () => {
		const { value: result, requests } = await ctx.requestsDuring(async () =>
			(await ctx.execute('dwE2ERunAndDownload')).expectSuccess(),
		);
		const [started] = result.items('Start Contract Summary');
		expect(started.json).toMatchObject({ status: 'Completed', wait: { outcome: 'finished' } });
		expect(requests.some((entry) => /\/events$/.test(entry.path))).toBe(true);
		expect(result.items('Download Rendered PDF')[0].binary?.data).toMatchObject({
			mimeType: 'application/pdf',
		});
	});

	it('an upload, and a run with it', async () => {
		const result = (await ctx.execute('dwE2EUploadAndRun')).expectSuccess();
		expect(result.items('Upload Contract')[0].json).toMatchObject({
			status: 'ready',
			filename: 'supply-agreement.pdf',
		});
		expect(result.items('Start Due Diligence')[0].json).toMatchObject({ status: 'Completed' });
	});

	it('a produce from a template, with its PDF', async () => {
		const result = (await ctx.execute('dwE2EProduceOfferPdf')).expectSuccess();
		const [item] = result.items('Produce Offer Letter');
		expect(item.json).toMatchObject({ status: 'assembled', templateId: 'tpl_offer_letter' });
		expect(item.binary?.data).toMatchObject({ mimeType: 'application/pdf' });
	});

	it('a chat completion', async () => {
		const result = (await ctx.execute('dwE2EChatCompletion')).expectSuccess();
		expect(
			String(
				result.items('Ask the Model')[0].json.content ??
					JSON.stringify(result.items('Ask the Model')[0].json),
			).length,
		).toBeGreaterThan(0);
	});

	it('no key in anything n8n printed', () => {
		expect(E2EContext.leaks(ctx.transcripts)).toEqual([]);
	});
});
