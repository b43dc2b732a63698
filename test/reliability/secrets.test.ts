/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../harness/poll';
import { FIXTURE_IDS, FIXTURE_KEYS } from '../simulator';
import { byId, callService } from '../integration/support';
import { itemOutcomes, runNode, thrownError } from './support/harness';
import { ReliabilityContext, writeResults } from './support/results';
import { seedRunWithDownloadPath } from './support/downloadPath';
import { ForeignOrigin, RewritingProxy } from './support/servers';

/**
 * Secrets: the key never leaves its origin and is never written anywhere.
 *   - every server-given path or link (a run's downloadPath, a produced document's links, an upload's
 *     Location, a redirect) that points at another origin is refused, in every spelling tried, and that origin
 *     receives nothing;
 *   - the transport logs its retries without the key;
 *   - everything every execution of this file produced (outputs, errors, log lines), the simulator's request
 *     log and the foreign origin's log are scanned for every key, its base64 and its Bearer header's base64.
 */

const ctx = new ReliabilityContext();
const foreign = new ForeignOrigin();
const proxy = new RewritingProxy(() => ctx.url);
const wf = FIXTURE_IDS.workflows;

interface LinkResult {
	via: string;
	link: string;
	outcome: string;
	foreignHits: number;
}
const links: LinkResult[] = [];
const checks: Array<{ check: string; result: string }> = [];

beforeAll(async () => {
	await ctx.start({
		runTimeScale: 0.1,
		ingestionMs: 20,
		sseHeartbeatMs: 200,
		chatChunkDelayMs: 0,
		defaultRateLimitPerMinute: 100_000,
	});
	await foreign.start();
	await proxy.start();
});
afterAll(async () => {
	await proxy.stop();
	await ctx.stop();
	await foreign.stop();
	const scan = ctx.scan(foreign.hits);
	writeResults('secrets', { links, checks, scan, foreignHits: foreign.hits.length });
	expect(scan.leaks).toEqual([]);
	expect(foreign.hits).toEqual([]);
});
beforeEach(() => {
	ctx.reset();
	proxy.rewrites = [];
});

/** Spellings of "somewhere else" a server could hand back; `{foreign}` and `{service}` are host:port. */
const CRAFTED = [
	'http://{foreign}/files/steal.pdf',
	'HTTP://{foreign}/files/steal.pdf',
	'//{foreign}/files/steal.pdf',
	'\\\\{foreign}\\files\\steal.pdf',
	'/\\{foreign}/files/steal.pdf',
	'http:\\\\{foreign}\\files\\steal.pdf',
	'http://{service}@{foreign}/files/steal.pdf',
	'http://{foreign}#@{service}/files/steal.pdf',
	'  http://{foreign}/files/steal.pdf',
	'https://{service}/files/steal.pdf',
	'http://localhost:{foreignPort}/files/steal.pdf',
	'ftp://{foreign}/files/steal.pdf',
	'javascript:alert(document.cookie)',
	'data:application/pdf;base64,JVBERi0=',
];

function spell(template: string): string {
	const service = new URL(ctx.url).host;
	const other = new URL(foreign.url);
	return template
		.replaceAll('{foreign}', other.host)
		.replaceAll('{foreignPort}', other.port)
		.replaceAll('{service}', service);
}

describe('a server-given link on another origin is refused, and that origin receives nothing', () => {
	it.each(CRAFTED)(
		'downloadPath %s (Run → Download File, Wait For Run, the trigger)',
		async (template) => {
			const link = spell(template);
			const runId = seedRunWithDownloadPath(ctx.sim, link);

			const download = await runNode(ctx, {
				parameters: {
					resource: 'run',
					operation: 'downloadFile',
					runId: byId(runId),
					fileSelection: 'all',
				},
			});
			const wait = await runNode(ctx, {
				parameters: {
					resource: 'run',
					operation: 'wait',
					runId: byId(runId),
					waitOptions: { checkInterval: 1, timeout: 10 },
				},
			});
			for (const [via, result] of [
				['Run → Download File', download],
				['Run → Wait For Run', wait],
			] as const) {
				const error = thrownError(result);
				links.push({
					via: `downloadPath / ${via}`,
					link: template,
					outcome: error ? error.message : 'downloaded',
					foreignHits: foreign.hits.length,
				});
				expect(error?.message).toBe('Refused to follow a link that points outside the service');
			}

			// The trigger: activated, then a run finishes with that downloadPath; Attach Rendered Files refuses it.
			ctx.reset();
			const trigger = await PollHarness.create(
				{ events: ['Completed'], options: { attachFiles: true } },
				{ baseUrl: ctx.url, apiKey: FIXTURE_KEYS.full },
			);
			await trigger.poll();
			seedRunWithDownloadPath(ctx.sim, link, { startedAt: new Date().toISOString() });
			const polled = await trigger.poll();
			ctx.transcripts.push(
				JSON.stringify(polled.items ?? null),
				JSON.stringify(polled.error ?? null),
				polled.log.join('\n'),
			);
			links.push({
				via: 'downloadPath / Trigger (Attach Rendered Files)',
				link: template,
				outcome: (polled.error as Error | undefined)?.message ?? 'fired',
				foreignHits: foreign.hits.length,
			});
			expect((polled.error as Error | undefined)?.message).toBe(
				'Refused to follow a link that points outside the service',
			);
			expect(foreign.hits).toEqual([]);
		},
	);

	it.each(CRAFTED)('document link %s (Document → Download)', async (template) => {
		const link = spell(template);
		// The links as a Produce From Template item carries them (the service's answer), read by Document Link's default.
		const result = await runNode(ctx, {
			parameters: { resource: 'document', operation: 'download', format: 'pdf' },
			items: [{ json: { links: { pdf: link } } }],
		});
		const error = thrownError(result);
		links.push({
			via: 'document link / Document → Download',
			link: template,
			outcome: error ? error.message : 'downloaded',
			foreignHits: foreign.hits.length,
		});
		expect(error?.message).toBe('Refused to follow a link that points outside the service');
		expect(foreign.hits).toEqual([]);
	});

	it('document links rewritten by the service’s answer (Produce with Download = PDF)', async () => {
		proxy.rewrites.push({
			method: 'POST',
			path: /^\/document-templates\/[^/]+\/documents$/,
			rewrite: (body) => {
				const produced = body as IDataObject;
				const linksBlock = produced.links as IDataObject;
				return {
					body: {
						...produced,
						links: { ...linksBlock, pdf: `${foreign.url}${String(linksBlock.pdf)}` },
					},
				};
			},
		});
		const result = await runNode(ctx, {
			baseUrl: proxy.url,
			parameters: {
				resource: 'document',
				operation: 'produce',
				templateId: byId('tpl_offer_letter'),
				answers: {
					mappingMode: 'defineBelow',
					value: { 'employee.name': 'A', 'employee.start_date': '2026-03-01', role: 'Counsel' },
					matchingColumns: [],
					schema: [],
				},
				downloadFormat: 'pdf',
			},
		});
		const error = thrownError(result);
		links.push({
			via: 'document links in the Produce answer',
			link: 'http://{foreign}/documents/…/content/pdf',
			outcome: error?.message ?? 'downloaded',
			foreignHits: foreign.hits.length,
		});
		// The document was produced before the link was refused: the message says so first.
		expect(error?.message).toMatch(
			/^Document tdoc_[0-9a-f]+ was produced, but downloading its pdf failed: Refused to follow a link that points outside the service$/,
		);
		expect(foreign.hits).toEqual([]);
	});

	it('an upload answer with no documentId and a Location: followed on the service, refused elsewhere', async () => {
		const dropId = (location: (original: string) => string) => ({
			method: 'POST',
			path: /^\/workflow-inputs\/documents$/,
			rewrite: (body: unknown, headers: Record<string, string | string[] | undefined>) => {
				const { documentId: _dropped, ...rest } = body as IDataObject;
				return { body: rest, headers: { location: location(String(headers.location)) } };
			},
		});
		const upload = { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' };
		const items = [
			{
				json: {},
				binary: {
					data: {
						fileName: 'notes.txt',
						mimeType: 'text/plain',
						base64: Buffer.from('notes').toString('base64'),
					},
				},
			},
		];

		// Control: the service's own Location (its path, on the proxy's origin) is followed to the status.
		proxy.rewrites = [dropId((original) => new URL(original).pathname)];
		const same = await runNode(ctx, { baseUrl: proxy.url, parameters: upload, items });
		expect(itemOutcomes(same)[0].json).toMatchObject({ status: 'ready', filename: 'notes.txt' });

		proxy.rewrites = [dropId((original) => `${foreign.url}${new URL(original).pathname}`)];
		const other = await runNode(ctx, { baseUrl: proxy.url, parameters: upload, items });
		const error = thrownError(other);
		links.push({
			via: 'Location of an upload (Wait Until Ready)',
			link: 'http://{foreign}/workflow-inputs/documents/…',
			outcome: error?.message ?? 'followed',
			foreignHits: foreign.hits.length,
		});
		checks.push({
			check: 'an upload’s same-origin Location is followed (control)',
			result: String(itemOutcomes(same)[0].json.status),
		});
		// The upload was accepted before its Location was refused: the message says so first.
		expect(error?.message).toBe(
			'"notes.txt" was uploaded, but waiting for it to be ready failed: Refused to follow a link that points outside the service',
		);
		expect(foreign.hits).toEqual([]);
	});

	it('a redirect to another origin is not followed', async () => {
		proxy.rewrites.push({
			method: 'GET',
			path: /^\/workflows$/,
			rewrite: () => ({ status: 302, body: '', headers: { location: `${foreign.url}/workflows` } }),
		});
		const result = await runNode(ctx, {
			baseUrl: proxy.url,
			parameters: { resource: 'workflow', operation: 'getAll', returnAll: true },
		});
		const error = thrownError(result);
		links.push({
			via: 'a 302 answer (Workflow → Get Many)',
			link: 'Location: http://{foreign}/workflows',
			outcome: error?.message ?? 'followed',
			foreignHits: foreign.hits.length,
		});
		expect(error?.message).toBe(
			'The service answered with a redirect (302), which the node does not follow',
		);
		expect(foreign.hits).toEqual([]);
	});

	it('a base URL carrying credentials or another scheme is refused before anything is sent', async () => {
		for (const baseUrl of [
			`http://user:${FIXTURE_KEYS.full}@${new URL(ctx.url).host}`,
			`ftp://${new URL(ctx.url).host}`,
			'not a url',
		]) {
			const result = await runNode(ctx, {
				baseUrl,
				parameters: { resource: 'workflow', operation: 'getAll', returnAll: true },
			});
			const error = thrownError(result);
			checks.push({
				check: `base URL ${baseUrl.includes('@') ? 'http://user:<key>@host' : baseUrl}`,
				result: error?.message ?? 'accepted',
			});
			expect(error?.message).toBe("The credential's Base URL is not a valid http(s) address");
		}
		expect(ctx.sim.admin.requests()).toEqual([]);
	});
});

describe('the transport never logs the key', () => {
	it('retries (429, 423, a dropped GET) are logged without the key, its base64 or a Bearer header', async () => {
		const logger = (
			await runNode(ctx, {
				parameters: { resource: 'workflow', operation: 'getAll', returnAll: true },
			})
		).logger;
		const from = logger.lines.length;
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 429,
			retryAfterSeconds: 1,
			method: 'GET',
			path: '/workflows',
			times: 1,
		});
		ctx.sim.admin.addFault({
			kind: 'status',
			status: 423,
			method: 'GET',
			path: '/workflows',
			times: 1,
		});
		ctx.sim.admin.addFault({ kind: 'reset', method: 'GET', path: '/workflows', times: 1 });
		const result = await runNode(ctx, {
			parameters: { resource: 'workflow', operation: 'getAll', returnAll: true },
		});
		expect(result.status).toBe('success');
		const lines = logger.lines.slice(from);
		const retries = lines.filter((line) => /retrying in \d+ ms/.test(line));
		checks.push({
			check: 'transport log lines during three retried answers',
			result: `${retries.length} retry lines, ${lines.length} lines in all, none with the key`,
		});
		expect(retries).toHaveLength(3);
		const all = lines.join('\n');
		expect(all).not.toMatch(/Bearer\s/);
		for (const secret of ReliabilityContext.secrets()) expect(all).not.toContain(secret);
	});

	it('a failing request’s error (message, description, stored error object) carries no key', async () => {
		ctx.sim.admin.addFault({
			kind: 'reset',
			phase: 'after',
			method: 'POST',
			path: '/workflows/runs',
			times: 1,
		});
		const result = await runNode(ctx, {
			parameters: {
				resource: 'run',
				operation: 'start',
				workflowId: byId(wf.agentSummary),
				inputMode: 'text',
				inputText: 'x',
			},
		});
		const stored = JSON.stringify(result.run.data.resultData);
		expect(stored).toContain('ECONNRESET');
		expect(stored).not.toMatch(/authorization|Bearer\s/i);
		for (const secret of ReliabilityContext.secrets()) expect(stored).not.toContain(secret);
		checks.push({
			check: 'stored error of a reset POST (with n8n’s wrapped request error)',
			result: 'no authorization header, no key',
		});
	});

	it('the simulator saw the key only where it belongs: in the Authorization header of requests to its own origin', async () => {
		const started = await callService(ctx.url, 'POST', '/workflows/runs', {
			workflowId: wf.agentSummary,
			input: 'x',
		});
		expect(typeof started.runId).toBe('string');
		expect(JSON.stringify(ctx.sim.admin.requests())).not.toContain(FIXTURE_KEYS.full);
	});
});
