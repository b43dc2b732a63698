import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import {
	FIXTURE_IDS,
	FIXTURE_KEYS,
	KNOWLEDGE_BASE_IDS,
	QUEUE_MS,
	runAdmin,
	type RunRecord,
} from '../index';
import { isTerminalView, waitForRun } from '../runs/testing';
import { FakeTime, sleep, startRun, startTestServer, useTestServer } from './helpers';
import { traceTimers } from '../timer-trace';

const W = FIXTURE_IDS.workflows;
const S = FIXTURE_IDS.steps;

describe('Run engine', () => {
	const t = useTestServer({ runTimeScale: 0.1 });

	const record = async (runId: string): Promise<RunRecord> =>
		(await (
			await t.call(`/workflows/runs/${runId}`, { key: FIXTURE_KEYS.full })
		).json()) as RunRecord;
	const download = async (path: string): Promise<Buffer> => {
		const res = await t.call(path, { key: FIXTURE_KEYS.full });
		expect(res.status).toBe(200);
		return Buffer.from(await res.arrayBuffer());
	};
	const finished = (runId: string) => waitForRun(t.sim, runId, isTerminalView);

	test('States: an agent-entry run goes Pending (queued) -> Running -> Completed; its render step yields a real PDF', async () => {
		const input = 'Summarise the attached supply agreement please';
		const runId = await startRun(t, W.agentSummary, input);
		const running = await waitForRun(t.sim, runId, (run) => run.status === 'Running');
		expect(running.condition).toBeNull();
		await finished(runId);

		const run = await record(runId);
		expect(run).toMatchObject({ status: 'Completed', condition: null, error: null });
		expect(run.steps.map((step) => [step.stepId, step.status])).toEqual([
			[S.agentSummary.entry, 'completed'],
			[S.agentSummary.agent, 'completed'],
			[S.agentSummary.render, 'completed'],
		]);
		expect(run.steps[1].output).toBe(
			'Summary: a two-year supply agreement with a 90-day termination notice.',
		);
		const artifact = run.steps[2].renderedArtifact!;
		expect(artifact).toEqual({
			format: 'pdf',
			filename: 'contract-summary.pdf',
			contentType: 'application/pdf',
			sizeBytes: expect.any(Number),
			downloadPath: `/workflows/runs/${runId}/files/${S.agentSummary.render}/download`,
		});
		const bytes = await download(artifact.downloadPath);
		expect(bytes.length).toBe(artifact.sizeBytes);
		expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		const pdf = await PDFDocument.load(bytes);
		expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
		expect(pdf.getTitle()).toBe('Contract summary');
		expect(pdf.getSubject()).toBe(`Run ${runId}`);
	});

	test('Token totals: output = words of the deltas, input = words of the input per agent step, total = sum', async () => {
		const runId = await startRun(t, W.agentSummary, 'five words of input here');
		await finished(runId);
		const { tokens } = await record(runId);
		// Deltas: "Reading the contract. Found 14 clauses. " (6) + "Summary: a two-year supply agreement with a 90-day termination notice." (10).
		expect(tokens).toEqual({ input: 5 * 2, output: 16, total: 26 });
	});

	test('Resources: the NDA run (input entry) renders a DOCX: a zip with word/document.xml holding the title, run id and draft', async () => {
		const runId = await startRun(t, W.inputNda, {
			counterparty: 'Beta Ltd',
			effective_date: '2026-02-01',
			governing_law: 'Delaware',
		});
		await finished(runId);
		const run = await record(runId);
		expect(run.status).toBe('Completed');
		expect(run.steps[0]).toMatchObject({
			kind: 'input',
			status: 'completed',
			output: 'Received 3 fields: counterparty, effective_date, governing_law.',
		});
		const artifact = run.steps[2].renderedArtifact!;
		expect(artifact).toMatchObject({
			format: 'docx',
			filename: 'nda.docx',
			contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		});
		const bytes = await download(artifact.downloadPath);
		expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
		const zip = await JSZip.loadAsync(bytes);
		const xml = await zip.file('word/document.xml')!.async('string');
		for (const text of ['NDA drafting', `Run ${runId}`, 'Drafting clause 1.'])
			expect(xml).toContain(text);
	});

	test('Resources: a due diligence run lists its input documents and the knowledge-base coverage of the workflow', async () => {
		const doc = runAdmin(t.sim).seedInputDocument({
			keyId: FIXTURE_IDS.keys.full,
			filename: 'spa.pdf',
			contentType: 'application/pdf',
			data: Buffer.from('%PDF-1.4'),
		});
		const runId = await startRun(t, W.multiDocs, { documents: [doc] });
		await finished(runId);
		const run = await record(runId);
		expect(run.status).toBe('Completed');
		expect(run.steps[0].output).toBe('Received 1 field: documents; 1 document attached.');
		expect(run.inputDocuments).toEqual([{ field: 'documents', ...doc, filename: 'spa.pdf' }]);
		expect(run.knowledgeBaseCoverage).toEqual([
			{ ...KNOWLEDGE_BASE_IDS.ddPlaybook, filename: 'due-diligence-playbook.md' },
		]);
		const other = await record(await startRun(t, W.agentSummary, 'x'));
		expect(other.knowledgeBaseCoverage).toEqual([]);
	});

	test('States: a failing step emits its deltas, completes failed; the run is Failed with error { code, message, stepId }', async () => {
		const runId = await startRun(t, W.failing, 'Extract the clauses.');
		await finished(runId);
		const run = await record(runId);
		expect(run.status).toBe('Failed');
		expect(run.error).toEqual({
			code: 'step_failed',
			message: 'The clause extractor could not parse the document.',
			stepId: S.failing.failing,
		});
		expect(run.steps[0].status).toBe('completed');
		expect(run.steps[1]).toMatchObject({
			status: 'failed',
			output: 'Extracting ',
			error: { code: 'step_failed', message: 'The clause extractor could not parse the document.' },
		});
		expect(run.steps[1].renderedArtifact).toBeUndefined();
		expect(run.completedAt).not.toBeNull();
	});

	test('States: a review step pauses the run (status Running, condition paused) until the reviewer approves; then it completes', async () => {
		const runId = await startRun(t, W.review, 'Quarterly results');
		const paused = await waitForRun(t.sim, runId, (run) => run.condition === 'paused');
		expect(paused.status).toBe('Running');
		expect(paused.steps.map((step) => step.status)).toEqual([
			'completed',
			'completed',
			'awaiting_review',
			'pending',
		]);
		await sleep(60);
		expect(runAdmin(t.sim).run(runId)).toMatchObject({ status: 'Running', condition: 'paused' });

		const approved = runAdmin(t.sim).approve(runId);
		expect(approved.condition).toBeNull();
		expect(approved.steps[2].status).toBe('completed');
		await finished(runId);
		const run = await record(runId);
		expect(run.status).toBe('Completed');
		expect(run.steps[3].renderedArtifact?.filename).toBe('board-memo.pdf');
	});

	test("Record: timings add up (queuedMs + runningMs = totalMs) and count the run's waits; timestamps are ordered", async () => {
		// The simulator's clock moves only by the waits it plays: the timings are exact, however busy the machine.
		const time = new FakeTime();
		const own = await startTestServer({ runTimeScale: 0.1, clock: time.source });
		try {
			const trace = traceTimers(own.sim, { drive: time });
			const runId = await startRun(own, W.agentSummary);
			await waitForRun(own.sim, runId, isTerminalView);
			const run = (await (
				await own.call(`/workflows/runs/${runId}`, { key: FIXTURE_KEYS.full })
			).json()) as RunRecord;
			expect(run.timings.queuedMs).toBe(QUEUE_MS * 0.1);
			expect(run.timings.queuedMs + run.timings.runningMs).toBe(run.timings.totalMs);
			expect(run.timings.totalMs).toBeCloseTo(
				trace.waits().reduce((sum, ms) => sum + ms, 0),
				-1,
			);
			for (const step of run.steps) {
				expect(Date.parse(step.startedAt!)).toBeLessThanOrEqual(Date.parse(step.completedAt!));
				expect(Date.parse(step.startedAt!)).toBeGreaterThanOrEqual(Date.parse(run.startedAt));
			}
			expect(run.updatedAt).toBe(run.completedAt);
		} finally {
			await own.sim.stop();
		}
	});

	test('reset() stops every played run (the slice disposes its timers) and brings the fixtures back', async () => {
		const runId = await startRun(t, W.agentSummary, 'x');
		await waitForRun(t.sim, runId, (run) => run.status === 'Running');
		t.sim.reset();
		expect(runAdmin(t.sim).run(runId)).toBeUndefined();
		expect(
			runAdmin(t.sim)
				.runs()
				.map((run) => run.initiator.type),
		).toEqual(['user', 'user', 'user', 'user']);
		await sleep(100);
		expect(runAdmin(t.sim).runs()).toHaveLength(4);
	});
});
