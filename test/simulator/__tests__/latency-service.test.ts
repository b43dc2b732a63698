/**
 * Latency profiles, per endpoint: template production, uploads and their ingestion, run starts and run
 * duration, chat answers (streamed and not). Every wait is read from the simulator's own account of time (the
 * timers it sets, in order, beside the moments the client got its answers: timer-trace.ts), never from the
 * wall clock, so a busy machine that fires timers late cannot fail these tests.
 */
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin, TEMPLATE_IDS, type RunRecord } from '../index';
import { postChatCompletion, readChatStream } from '../chat/testing';
import { isTerminalView, waitForRun } from '../runs/testing';
import { uploadJson, waitForUpload } from '../uploads/testing';
import { startTestServer, type TestServer } from './helpers';
import { traceTimers } from '../timer-trace';

const K = FIXTURE_KEYS;
const OFFER = {
	input: { employee: { name: 'Jane Doe', start_date: '2026-03-01' }, role: 'Associate' },
};

async function produceMany(t: TestServer, count: number): Promise<void> {
	const answers = await Promise.all(
		Array.from({ length: count }, () =>
			t.call(`/document-templates/${TEMPLATE_IDS.offerLetter}/documents`, {
				method: 'POST',
				key: K.full,
				json: OFFER,
			}),
		),
	);
	expect(answers.map((res) => res.status)).toEqual(Array(count).fill(201));
	await Promise.all(answers.map((res) => res.json()));
}

describe('Latency profiles: service time per endpoint', () => {
	let t: TestServer;
	afterEach(() => t.sim.stop());

	test('10 concurrent template productions with a 300 ms render wait side by side, not one after another', async () => {
		t = await startTestServer({ latency: { produceDocumentMs: 300 } });
		const trace = traceTimers(t.sim);
		await produceMany(t, 10);
		trace.mark('all answered');
		// Served in parallel, all ten waits are set before the first runs out; one after another would alternate.
		expect(trace.only('wait 300', 'waited 300', 'all answered')).toEqual([
			...Array(10).fill('wait 300'),
			...Array(10).fill('waited 300'),
			'all answered',
		]);
	});

	test('an upload takes its POST time, then stays processing for the profile ingestion time (runTimeScale does not apply)', async () => {
		// runTimeScale 0 would make ingestion instant: the profile's ingestion time must replace it.
		t = await startTestServer({ runTimeScale: 0, latency: { uploadMs: 200, ingestionMs: 300 } });
		const trace = traceTimers(t.sim);
		const res = await uploadJson(t.url, K.full, {
			filename: 'brief.md',
			contentType: 'text/markdown',
			bytes: Buffer.from('# Brief\n\nTerms.'),
		});
		trace.mark('answered');
		expect(res.status).toBe(202);
		const body = (await res.json()) as { documentId: string; status: string };
		expect(body.status).toBe('processing');
		const ready = await waitForUpload(
			t.url,
			K.full,
			body.documentId,
			(status) => status.status !== 'processing',
			5000,
		);
		trace.mark('ready');
		expect(ready.status).toBe('ready');
		// The POST time runs out before the answer; ingestion (300 ms, not 0) is set as the upload is accepted and
		// runs out before the document is ready.
		expect(trace.only('wait 200', 'waited 200', 'answered', 'waited 300', 'ready')).toEqual([
			'wait 200',
			'waited 200',
			'answered',
			'waited 300',
			'ready',
		]);
		expect(trace.indexOf('wait 300')).toBeGreaterThan(trace.indexOf('waited 200'));
		expect(trace.indexOf('wait 300')).toBeLessThan(trace.indexOf('waited 300'));
	});

	test('a run start takes its POST time; the run then plays for the target duration, on the simulator timers', async () => {
		// runTimeScale 0 would play it at once: the target duration must replace it.
		t = await startTestServer({
			runTimeScale: 0,
			latency: { runStartMs: 150, runDurationMs: 600 },
		});
		const trace = traceTimers(t.sim);
		const res = await t.call('/workflows/runs', {
			method: 'POST',
			key: K.full,
			json: { workflowId: FIXTURE_IDS.workflows.agentSummary, input: 'Summarise it.' },
		});
		trace.mark('answered');
		expect(res.status).toBe(202);
		const { runId } = (await res.json()) as { runId: string };
		await waitForRun(t.sim, runId, isTerminalView, 10_000);
		const record = (await (
			await t.call(`/workflows/runs/${runId}`, { key: K.full })
		).json()) as RunRecord;
		expect(record.status).toBe('Completed');
		expect(trace.only('wait 150', 'waited 150', 'answered')).toEqual([
			'wait 150',
			'waited 150',
			'answered',
		]);
		// Queue and steps, stretched to 600 ms: the run's waits (all but the POST time) add up to it.
		const runWaits = trace.waits(1).slice(1);
		expect(runWaits.length).toBeGreaterThan(2);
		expect(runWaits.reduce((sum, ms) => sum + ms, 0)).toBeCloseTo(600, 6);
	});

	test('a run start refused by its checks answers without the POST time', async () => {
		t = await startTestServer({ latency: { runStartMs: 10_000 } });
		const trace = traceTimers(t.sim);
		const res = await t.call('/workflows/runs', {
			method: 'POST',
			key: K.full,
			json: { workflowId: FIXTURE_IDS.workflows.agentSummary, input: '' },
		});
		expect(res.status).toBe(400);
		expect(trace.waits(1)).toEqual([]);
		expect(
			runAdmin(t.sim)
				.runs()
				.filter((run) => run.initiator.type === 'api'),
		).toEqual([]);
	});

	test('a non-streamed chat answer arrives after the answer time', async () => {
		t = await startTestServer({ latency: { chatAnswerMs: 250 } });
		const trace = traceTimers(t.sim);
		const res = await postChatCompletion(t.url, K.full, {
			model: 'dw-standard',
			messages: [{ role: 'user', content: 'What is the term?' }],
		});
		trace.mark('answered');
		expect(res.status).toBe(200);
		await res.json();
		expect(trace.events).toEqual(['wait 250', 'waited 250', 'answered']);
	});

	test('a streamed chat answer comes in pieces spread over the answer time', async () => {
		t = await startTestServer({ latency: { chatAnswerMs: 400 } });
		const trace = traceTimers(t.sim);
		trace.markWrites();
		const res = await postChatCompletion(t.url, K.full, {
			model: 'dw-standard',
			stream: true,
			messages: [
				{ role: 'user', content: 'Summarise the break clause of the lease in a few words please.' },
			],
		});
		const stream = await readChatStream(res);
		expect(stream.done).toBe(true);
		const frames = stream.messages.length;
		expect(frames).toBeGreaterThan(5);
		// Evenly spread: the first frame at once, then one equal wait before each of the others, 400 ms in all.
		const gapMs = 400 / (frames - 1);
		const gap = (): string[] => [`wait ${gapMs}`, `waited ${gapMs}`, 'write'];
		expect(trace.events).toEqual(['write', ...Array.from({ length: frames - 1 }, gap).flat()]);
		expect(trace.waits().reduce((sum, ms) => sum + ms, 0)).toBeCloseTo(400, 6);
	});
});
