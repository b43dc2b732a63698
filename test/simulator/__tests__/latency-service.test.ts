/**
 * Latency profiles, per endpoint: template production, uploads and their ingestion, run starts and run
 * duration, chat answers (streamed and not). Lower bounds come from the configured times (a timer never fires
 * early); upper bounds only tell parallel from serialized, with a wide margin, or read the simulator's clock.
 */
import { FIXTURE_IDS, FIXTURE_KEYS, runAdmin, TEMPLATE_IDS, type RunRecord } from '../index';
import { postChatCompletion, readChatStream } from '../chat/testing';
import { isTerminalView, waitForRun } from '../runs/testing';
import { uploadJson, waitForUpload } from '../uploads/testing';
import { startTestServer, type TestServer } from './helpers';

const K = FIXTURE_KEYS;
const OFFER = { input: { employee: { name: 'Jane Doe', start_date: '2026-03-01' }, role: 'Associate' } };
const EARLY_MS = 5;

async function produceMany(t: TestServer, count: number): Promise<number> {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, () => t.call(`/document-templates/${TEMPLATE_IDS.offerLetter}/documents`, { method: 'POST', key: K.full, json: OFFER })),
  );
  const elapsed = performance.now() - started;
  expect(answers.map((res) => res.status)).toEqual(Array(count).fill(201));
  await Promise.all(answers.map((res) => res.json()));
  return elapsed;
}

describe('Latency profiles: service time per endpoint', () => {
  let t: TestServer;
  afterEach(() => t.sim.stop());

  test('10 concurrent template productions with a 300 ms render finish together, not one after another (3 s)', async () => {
    t = await startTestServer();
    await produceMany(t, 1); // warms the DOCX and PDF renderers
    // The real rendering of 10 documents, the same for both runs, measured rather than guessed.
    const baseline = await produceMany(t, 10);
    t.sim.admin.setLatency({ produceDocumentMs: 300 });
    t.sim.admin.clearRequests();
    const elapsed = await produceMany(t, 10);
    const durations = t.sim.admin.requests().map((entry) => entry.durationMs ?? 0);
    expect(durations).toHaveLength(10);
    expect(Math.min(...durations)).toBeGreaterThanOrEqual(300 - EARLY_MS);
    expect(elapsed).toBeGreaterThanOrEqual(300 - EARLY_MS);
    // Serialized: baseline + 3000 ms. In parallel: baseline + 300 ms; half the serialized wait leaves room for a busy machine.
    expect(elapsed - baseline).toBeLessThan(1500);
  });

  test('an upload takes its POST time, then stays processing for the profile ingestion time (runTimeScale does not apply)', async () => {
    // runTimeScale 0 would make ingestion instant: the profile's ingestion time must replace it.
    t = await startTestServer({ runTimeScale: 0, latency: { uploadMs: 200, ingestionMs: 300 } });
    const res = await uploadJson(t.url, K.full, { filename: 'brief.md', contentType: 'text/markdown', bytes: Buffer.from('# Brief\n\nTerms.') });
    const answeredAt = performance.now();
    expect(res.status).toBe(202);
    const body = (await res.json()) as { documentId: string; status: string };
    expect(body.status).toBe('processing');
    const entry = t.sim.admin.requests().find((candidate) => candidate.path === '/workflow-inputs/documents');
    expect(entry?.durationMs).toBeGreaterThanOrEqual(200 - EARLY_MS);
    const ready = await waitForUpload(t.url, K.full, body.documentId, (status) => status.status !== 'processing', 5000);
    expect(ready.status).toBe('ready');
    // Ingestion starts as the 202 goes out; 50 ms covers the way of the answer to the client.
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(300 - 50);
  });

  test('a run start takes its POST time; the run then plays for the target duration, on the simulator clock', async () => {
    // runTimeScale 0 would play it at once: the target duration must replace it.
    t = await startTestServer({ runTimeScale: 0, latency: { runStartMs: 150, runDurationMs: 600 } });
    const res = await t.call('/workflows/runs', { method: 'POST', key: K.full, json: { workflowId: FIXTURE_IDS.workflows.agentSummary, input: 'Summarise it.' } });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };
    expect(t.sim.admin.requests()[0].durationMs).toBeGreaterThanOrEqual(150 - EARLY_MS);
    await waitForRun(t.sim, runId, isTerminalView, 10_000);
    const record = (await (await t.call(`/workflows/runs/${runId}`, { key: K.full })).json()) as RunRecord & { timings: { totalMs: number } };
    expect(record.status).toBe('Completed');
    // The record's timings come from the simulator's clock: queue and steps stretched to 600 ms (plus rendering).
    expect(record.timings.totalMs).toBeGreaterThanOrEqual(600 - EARLY_MS);
    expect(record.timings.totalMs).toBeLessThan(600 + 1500);
  });

  test('a run start refused by its checks answers without the POST time', async () => {
    t = await startTestServer({ latency: { runStartMs: 10_000 } });
    const res = await t.call('/workflows/runs', { method: 'POST', key: K.full, json: { workflowId: FIXTURE_IDS.workflows.agentSummary, input: '' } });
    expect(res.status).toBe(400);
    expect(runAdmin(t.sim).runs().filter((run) => run.initiator.type === 'api')).toEqual([]);
  });

  test('a non-streamed chat answer arrives after the answer time', async () => {
    t = await startTestServer({ latency: { chatAnswerMs: 250 } });
    const res = await postChatCompletion(t.url, K.full, { model: 'dw-standard', messages: [{ role: 'user', content: 'What is the term?' }] });
    expect(res.status).toBe(200);
    await res.json();
    expect(t.sim.admin.requests()[0].durationMs).toBeGreaterThanOrEqual(250 - EARLY_MS);
  });

  test('a streamed chat answer comes in pieces spread over the answer time', async () => {
    t = await startTestServer({ latency: { chatAnswerMs: 400 } });
    const res = await postChatCompletion(t.url, K.full, {
      model: 'dw-standard',
      stream: true,
      messages: [{ role: 'user', content: 'Summarise the break clause of the lease in a few words please.' }],
    });
    const stream = await readChatStream(res);
    expect(stream.done).toBe(true);
    const times = stream.messageTimes;
    expect(times.length).toBeGreaterThan(5);
    const span = times[times.length - 1] - times[0];
    // Evenly spread: frame i of n arrives no earlier than i/(n-1) of the answer time after the first.
    expect(span).toBeGreaterThanOrEqual(400 - EARLY_MS);
    const middle = Math.floor(times.length / 2);
    expect(times[middle] - times[0]).toBeGreaterThanOrEqual((400 * middle) / (times.length - 1) - EARLY_MS);
    // Not all at the end: the first content piece arrives well before the answer time is over.
    expect(times[1] - times[0]).toBeLessThan(400 / 2);
    expect(span).toBeLessThan(400 + 1500);
  });
});
