import { credentialFor } from '../../test/harness';
import { FIXTURE_IDS, FIXTURE_KEYS } from '../../test/simulator';
import { runTimed } from '../lib/engine';
import type { SimulatorProcess } from '../lib/simulatorProcess';
import { summarize, type Summary } from '../lib/stats';
import { connect, httpRequest, manualTrigger, ours, type BenchNode } from '../lib/workflow';

/**
 * Scenario 5, per-item overhead: N items of a cheap JSON read (Workflow → Get) through this package and
 * through the HTTP Request node with the same credential (predefined credential type). Only the measured
 * node's own time counts (engine hooks); the item source is outside it.
 */
export interface OverheadResult {
  items: number;
  ours: Summary;
  httpRequest: Summary;
  failures: { ours: number; httpRequest: number };
}

function itemsSource(count: number): BenchNode {
  const items = Array.from({ length: count }, (_, index) => ({ json: { index, workflowId: FIXTURE_IDS.workflows.agentSummary } }));
  return { name: 'Items', type: 'test.testItems', parameters: { items: JSON.stringify(items) } };
}

function workflowWith(measured: BenchNode, count: number) {
  return { nodes: [manualTrigger(), itemsSource(count), measured], connections: connect([['Manual Trigger', 'Items'], ['Items', measured.name]]) };
}

export async function perItemOverhead(sim: SimulatorProcess, count = 1000, repeats = 5): Promise<OverheadResult> {
  const credentials = [credentialFor(sim.url, FIXTURE_KEYS.full)];
  const oursNode = ours('Measured', { resource: 'workflow', operation: 'get', workflowId: { __rl: true, mode: 'id', value: '={{ $json.workflowId }}' } });
  const httpNode = httpRequest('Measured', { method: 'GET', url: `=${sim.url}/workflows/{{ $json.workflowId }}` });
  const times = { ours: [] as number[], httpRequest: [] as number[] };
  const failures = { ours: 0, httpRequest: 0 };
  // Alternate the two sides so drift (JIT, GC, the machine) spreads evenly; the first round warms up.
  for (let round = 0; round <= repeats; round++) {
    for (const [side, node] of [['ours', oursNode], ['httpRequest', httpNode]] as const) {
      const run = await runTimed(workflowWith(node, count), { credentials });
      const output = run.result.output('Measured');
      const failed = run.result.status !== 'success' ? count : output.filter((item) => item.json.error !== undefined).length;
      if (round === 0) continue;
      failures[side] += failed;
      times[side].push((run.finishedAt.get('Measured') ?? Number.NaN) - (run.startedAt.get('Measured') ?? Number.NaN));
    }
  }
  return { items: count, ours: summarize(times.ours), httpRequest: summarize(times.httpRequest), failures };
}
