// Batches (issue 20): each item's run starts once and each output is its own item's run, under random batches.
/**
 * Batches (issue 20), attacked by random batches (fast-check) through n8n's engine against the simulator:
 * Start Run with Wait for Completion over 1–10 items, some of which name a workflow that does not exist, with
 * 429s (Retry-After) on the starts and on the event streams, Follow at Most 1–4, with and without Continue On
 * Fail. The oracle reads the simulator's ground truth:
 * - each good item's run was started exactly once (one run with its text), and no POST was accepted twice;
 * - with Continue On Fail: every item has one output, paired with it; a good item's output is its own run,
 *   finished; a failing item's output is its error;
 * - without it: the thrown error is the first failing item's, nothing after it was sent, and createdInBatch
 *   lists exactly the runs that were started, each with its own item.
 * `sleep` is instant (Retry-After costs nothing); runs play at once (runTimeScale 0).
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE } from '../harness';
import { FIXTURE_IDS, runAdmin } from '../simulator';
import { IntegrationContext } from '../integration/support';

jest.mock('n8n-workflow', () => {
  const actual = jest.requireActual<typeof import('n8n-workflow')>('n8n-workflow');
  return {
    ...actual,
    sleep: async (_ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
    },
  };
});

const ctx = new IntegrationContext();
beforeAll(async () => ctx.start({ runTimeScale: 0, sseHeartbeatMs: 200, defaultRateLimitPerMinute: 1_000_000 }));
afterAll(async () => ctx.stop());

const batch = fc.record({
  failing: fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }),
  startFaults: fc.integer({ min: 0, max: 4 }),
  streamFaults: fc.integer({ min: 0, max: 4 }),
  followAtMost: fc.integer({ min: 1, max: 4 }),
  continueOnFail: fc.boolean(),
});

it('each item’s run starts exactly once and each output item is its own item’s run', async () => {
  await fc.assert(
    fc.asyncProperty(batch, async ({ failing, startFaults, streamFaults, followAtMost, continueOnFail }) => {
      ctx.sim.admin.reset();
      if (startFaults) ctx.sim.admin.addFault({ kind: 'status', status: 429, method: 'POST', path: '/workflows/runs', retryAfterSeconds: 1, times: startFaults });
      if (streamFaults) ctx.sim.admin.addFault({ kind: 'status', status: 429, method: 'GET', path: '^/workflows/runs/[^/]+/events$', retryAfterSeconds: 1, times: streamFaults });
      const texts = failing.map((_, index) => `Batch item ${index}`);
      const result = await ctx.run(
        {
          resource: 'run',
          operation: 'start',
          workflowId: { __rl: true, mode: 'id', value: '={{ $json.workflowId }}' },
          inputMode: 'text',
          inputText: '={{ $json.text }}',
          waitForCompletion: true,
          downloadFiles: false,
          waitOptions: { checkInterval: 1, timeout: 60, followAtMost },
        },
        'full',
        {
          items: texts.map((text, index) => ({ json: { text, workflowId: failing[index] ? 'wf_missing' : FIXTURE_IDS.workflows.agentSummary } })),
          ...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
        },
      );
      const runs = runAdmin(ctx.sim).runs().filter((run) => run.keyId !== null);
      const runOf = new Map<string, string>();
      for (const run of runs) {
        expect(runOf.has(String(run.input))).toBe(false); // never started twice
        runOf.set(String(run.input), run.runId);
      }
      const firstFailing = failing.indexOf(true);
      if (continueOnFail || firstFailing < 0) {
        expect(result.status).toBe('success');
        expect(runs).toHaveLength(failing.filter((bad) => !bad).length);
        const out = result.output(ACTION_NODE);
        expect(out).toHaveLength(texts.length);
        out.forEach((item, index) => {
          expect(item.pairedItem).toEqual({ item: index });
          if (failing[index]) expect(item.json.error).toEqual(expect.any(String));
          else expect(item.json).toMatchObject({ runId: runOf.get(texts[index]), status: 'Completed' });
        });
      } else {
        expect(result.status).toBe('error');
        // Items before the first failing one were started; nothing after it was sent.
        expect([...runOf.keys()].sort()).toEqual(texts.slice(0, firstFailing).sort());
        const error = (result.nodeError(ACTION_NODE) ?? result.error) as IDataObject;
        const context = error.context as IDataObject;
        expect(context.itemIndex).toBe(firstFailing);
        const listed = ((context.createdInBatch as IDataObject[] | undefined) ?? []).map((entry) => [entry.itemIndex, entry.runId]);
        expect(listed).toEqual(texts.slice(0, firstFailing).map((text, index) => [index, runOf.get(text)]));
      }
    }),
    { numRuns: 8 },
  );
}, 240_000);
