import { PDFDocument } from 'pdf-lib';
import {
	FIXTURE_IDS,
	FIXTURE_KEYS,
	KNOWLEDGE_BASE_IDS,
	PERSON_RUN_IDS,
	runAdmin,
	type RunRecord,
} from '../index';
import { contentDisposition } from '../runs/downloads';
import { isTerminalView, waitForRun } from '../runs/testing';
import { base64Envelope, startRun, useTestServer } from './helpers';

const W = FIXTURE_IDS.workflows;
const S = FIXTURE_IDS.steps;
const K = FIXTURE_IDS.keys;

describe('Run downloads', () => {
	// Every test reads the runs and documents seeded once below: no reset between tests.
	const t = useTestServer({ runTimeScale: 0.1 }, { resetBeforeEach: false });
	let summaryRun: string;
	let ddRun: string;
	let doc: { documentId: string; documentVersionId: string };
	let otherDoc: { documentId: string; documentVersionId: string };
	const docBytes = Buffer.from('%PDF-1.4\n% share purchase agreement\n');

	const fileOf = (runId: string, stepId: string, query = '') =>
		`/workflows/runs/${runId}/files/${stepId}/download${query}`;
	const inputDocOf = (runId: string, versionId: string) =>
		`/workflows/runs/${runId}/input-documents/${versionId}/download`;
	const get = (path: string, key = FIXTURE_KEYS.full) => t.call(path, { key });

	beforeAll(async () => {
		doc = runAdmin(t.sim).seedInputDocument({
			keyId: K.full,
			filename: 'Übernahmevertrag "SPA".pdf',
			contentType: 'application/pdf',
			data: docBytes.toString('base64'),
		});
		otherDoc = runAdmin(t.sim).seedInputDocument({
			keyId: K.full,
			filename: 'other.md',
			contentType: 'text/markdown',
			data: Buffer.from('# other'),
		});
		summaryRun = await startRun(t, W.agentSummary, 'Summarise it.');
		ddRun = await startRun(t, W.multiDocs, { documents: [doc] });
		await waitForRun(t.sim, summaryRun, isTerminalView);
		await waitForRun(t.sim, ddRun, isTerminalView);
	});

	test('Download parameters: binary (the default) answers the bytes with content type, Content-Disposition filename and exact length', async () => {
		const record = (await (await get(`/workflows/runs/${summaryRun}`)).json()) as RunRecord;
		const artifact = record.steps[2].renderedArtifact!;
		for (const query of ['', '?encoding=binary']) {
			const res = await get(fileOf(summaryRun, S.agentSummary.render, query));
			expect(res.status).toBe(200);
			const bytes = Buffer.from(await res.arrayBuffer());
			expect(res.headers.get('content-type')).toBe('application/pdf');
			expect(res.headers.get('content-disposition')).toBe(
				`attachment; filename="contract-summary.pdf"; filename*=UTF-8''contract-summary.pdf`,
			);
			expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
			expect(bytes.length).toBe(artifact.sizeBytes);
			expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		}
	});

	test('Resources (base64 envelope): { filename, contentType, format, sizeBytes, data } with sizeBytes = decoded length', async () => {
		const binary = Buffer.from(
			await (await get(fileOf(summaryRun, S.agentSummary.render))).arrayBuffer(),
		);
		const envelope = await base64Envelope(
			await get(fileOf(summaryRun, S.agentSummary.render, '?encoding=base64')),
			binary,
		);
		expect(envelope).toMatchObject({
			filename: 'contract-summary.pdf',
			contentType: 'application/pdf',
			format: 'pdf',
			sizeBytes: binary.length,
		});
	});

	test('Download parameters: any other encoding is 400 invalid_encoding, checked before the run is even looked up', async () => {
		for (const path of [
			fileOf(summaryRun, S.agentSummary.render, '?encoding=hex'),
			fileOf(summaryRun, S.agentSummary.render, '?encoding=BASE64'),
			fileOf(summaryRun, S.agentSummary.render, '?encoding='),
			fileOf('run_unknown', 'stp_unknown', '?encoding=utf8'),
		]) {
			const res = await get(path);
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({ error: 'invalid_encoding' });
		}
	});

	test('Download parameters: "404 when the run, step or artifact does not exist" (and for invisible runs)', async () => {
		const failed = runAdmin(t.sim).seedRuns([
			{ workflowId: W.failing, keyId: K.full, status: 'Failed', startedAt: '2026-01-10T10:00:00Z' },
		])[0];
		const cases: [string, string][] = [
			[fileOf('run_0000000000000000', S.agentSummary.render), FIXTURE_KEYS.full],
			[fileOf(summaryRun, 'stp_unknown'), FIXTURE_KEYS.full],
			[fileOf(summaryRun, S.agentSummary.agent), FIXTURE_KEYS.full], // not a render step
			[fileOf(failed, S.failing.failing), FIXTURE_KEYS.full],
			[fileOf(PERSON_RUN_IDS.summaryRecent, S.agentSummary.render), FIXTURE_KEYS.full],
			[fileOf(summaryRun, S.agentSummary.render), FIXTURE_KEYS.otherTenant],
			[fileOf(ddRun, S.multiDocs.render), FIXTURE_KEYS.allowlisted],
		];
		for (const [path, key] of cases) {
			const res = await get(path, key);
			expect([path, res.status]).toEqual([path, 404]);
			expect(await res.json()).toMatchObject({ error: 'not_found' });
		}
	});

	test('Download parameters: a render step not rendered yet (run paused before it) has no file: 404', async () => {
		const runId = await startRun(t, W.review, 'Topic');
		await waitForRun(t.sim, runId, (run) => run.condition === 'paused');
		expect((await get(fileOf(runId, S.review.render))).status).toBe(404);
		runAdmin(t.sim).approve(runId);
		await waitForRun(t.sim, runId, isTerminalView);
		expect((await get(fileOf(runId, S.review.render))).status).toBe(200);
	});

	test('Seeded Completed runs render their files on first read: a real PDF with the run id', async () => {
		const [runId] = runAdmin(t.sim).seedRuns([
			{
				workflowId: W.agentSummary,
				keyId: K.full,
				status: 'Completed',
				startedAt: '2026-01-10T10:00:00Z',
			},
		]);
		const res = await get(fileOf(runId, S.agentSummary.render));
		expect(res.status).toBe(200);
		const pdf = await PDFDocument.load(Buffer.from(await res.arrayBuffer()));
		expect(pdf.getSubject()).toBe(`Run ${runId}`);
		const record = (await (await get(`/workflows/runs/${runId}`)).json()) as RunRecord;
		expect(record.steps[2].renderedArtifact?.sizeBytes).toEqual(expect.any(Number));
	});

	test('Admin setDownloadPath: the record carries the overwritten downloadPath verbatim (e.g. another origin)', async () => {
		const runId = await startRun(t, W.agentSummary, 'x');
		await waitForRun(t.sim, runId, isTerminalView);
		runAdmin(t.sim).setDownloadPath(runId, S.agentSummary.render, 'https://evil.example/steal');
		const record = (await (await get(`/workflows/runs/${runId}`)).json()) as RunRecord;
		expect(record.steps[2].renderedArtifact?.downloadPath).toBe('https://evil.example/steal');
	});

	test('Admin setFileName: the record and the Content-Disposition carry any name, a path or control characters included', async () => {
		const runId = await startRun(t, W.agentSummary, 'x');
		await waitForRun(t.sim, runId, isTerminalView);
		const hostile = '../../etc/pass\r\nwd';
		runAdmin(t.sim).setFileName(runId, S.agentSummary.render, hostile);
		const record = (await (await get(`/workflows/runs/${runId}`)).json()) as RunRecord;
		expect(record.steps[2].renderedArtifact?.filename).toBe(hostile);
		const res = await get(fileOf(runId, S.agentSummary.render));
		expect(res.headers.get('content-disposition')).toBe(contentDisposition(hostile));
		expect(res.headers.get('content-disposition')).toContain(
			"filename*=UTF-8''..%2F..%2Fetc%2Fpass%0D%0Awd",
		);
		expect(() => runAdmin(t.sim).setFileName(runId, S.agentSummary.agent, 'x')).toThrow(
			/has no rendered file/,
		);
	});

	test("Endpoints: an input document on the run's list downloads with its original bytes, stored content type and filename", async () => {
		const res = await get(inputDocOf(ddRun, doc.documentVersionId));
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/pdf');
		expect(res.headers.get('content-disposition')).toBe(
			contentDisposition('Übernahmevertrag "SPA".pdf'),
		);
		expect(res.headers.get('content-disposition')).toBe(
			`attachment; filename="_bernahmevertrag _SPA_.pdf"; filename*=UTF-8''%C3%9Cbernahmevertrag%20%22SPA%22.pdf`,
		);
		expect(Buffer.from(await res.arrayBuffer()).equals(docBytes)).toBe(true);
	});

	test('Endpoints: the knowledge-base coverage of the run downloads too (markdown fixture of wf_due_diligence)', async () => {
		const res = await get(inputDocOf(ddRun, KNOWLEDGE_BASE_IDS.ddPlaybook.documentVersionId));
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/markdown');
		expect(await res.text()).toMatch(/^# Due diligence playbook/);
	});

	test('Endpoints: "404 unless the version is on the run\'s own input or knowledge-base coverage lists"', async () => {
		const cases: [string, string][] = [
			[inputDocOf(ddRun, otherDoc.documentVersionId), FIXTURE_KEYS.full], // exists, not on this run
			[inputDocOf(summaryRun, doc.documentVersionId), FIXTURE_KEYS.full], // on another run
			[inputDocOf(summaryRun, KNOWLEDGE_BASE_IDS.ddPlaybook.documentVersionId), FIXTURE_KEYS.full], // not this workflow's coverage
			[inputDocOf(ddRun, 'docv_unknown'), FIXTURE_KEYS.full],
			[inputDocOf(ddRun, doc.documentVersionId), FIXTURE_KEYS.otherTenant], // run invisible
			[inputDocOf(PERSON_RUN_IDS.ndaRecent, doc.documentVersionId), FIXTURE_KEYS.full],
		];
		for (const [path, key] of cases) {
			const res = await get(path, key);
			expect([path, res.status]).toEqual([path, 404]);
		}
		const noScope = await get(
			inputDocOf(ddRun, doc.documentVersionId),
			FIXTURE_KEYS.noWorkflowsRead,
		);
		expect(noScope.status).toBe(403);
	});
});
