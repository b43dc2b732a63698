import type { IDataObject } from 'n8n-workflow';

import { credentialFor, type RunOptions, type WorkflowJson } from '../../test/harness';
import { FIXTURE_IDS, FIXTURE_KEYS } from '../../test/simulator';
import { runTimed } from '../lib/engine';
import { startMemoryProbe } from '../lib/memory';
import type { SimulatorProcess } from '../lib/simulatorProcess';
import { sleep, summarize, type Summary } from '../lib/stats';
import { connect, httpRequest, manualTrigger, ours, type BenchNode } from '../lib/workflow';

/**
 * Scenario 4, large files: peak memory growth of this process while one node uploads a 50 MB file from a
 * binary field, and while one node downloads a 50 MB rendered file into a binary field, for this package
 * and for the HTTP Request node doing the same (multipart form-data upload; file response). The simulator
 * runs in another process, and binary data lives in n8n's filesystem store as in a default n8n instance,
 * so the figures are the node's own cost. Each measurement is taken after one unmeasured warm-up run.
 */
export interface MemoryRow {
  label: string;
  fileBytes: number;
  ours: Summary;
  httpRequest: Summary;
  errors: string[];
}

const FILE_BYTES = 50 * 1000 * 1000;

function largeFile(sizeBytes: number): BenchNode {
  return { name: 'Large File', type: 'test.largeFile', parameters: { sizeBytes, fileName: 'large-input.pdf', mimeType: 'application/pdf' } };
}

function after(source: BenchNode | undefined, measured: BenchNode): WorkflowJson {
  const nodes = [manualTrigger(), ...(source ? [source] : []), measured];
  const edges = nodes.slice(1).map((node, index) => [nodes[index].name, node.name] as [string, string]);
  return { nodes, connections: connect(edges) };
}

/** Runs a workflow and returns the peak RSS growth while `Measured` executes. */
async function growthOf(workflow: WorkflowJson, credentials: RunOptions['credentials']): Promise<{ growth: number; json?: IDataObject; error?: string }> {
  let probe: ReturnType<typeof startMemoryProbe> | undefined;
  let growth = Number.NaN;
  const run = await runTimed(workflow, {
    credentials,
    configureHooks: (hooks) => {
      hooks.addHandler('nodeExecuteBefore', (node) => {
        if (node === 'Measured') probe = startMemoryProbe();
      });
      hooks.addHandler('nodeExecuteAfter', (node) => {
        if (node === 'Measured' && probe) growth = probe.stop().growthBytes;
      });
    },
  });
  const [item] = run.result.output('Measured');
  let error = run.result.status === 'success' ? undefined : JSON.stringify(run.result.error).slice(0, 300);
  // A download that brought fewer bytes than the file would measure nothing: say so instead.
  const binary = item?.binary?.data;
  if (!error && binary && Number(binary.bytes ?? Buffer.byteLength(binary.data ?? '', 'base64')) < FILE_BYTES * 0.99)
    error = `the binary output holds ${binary.bytes ?? 'unknown'} bytes, not ${FILE_BYTES}`;
  return { growth, json: item?.json, error };
}

async function compare(label: string, repeats: number, workflows: { ours: WorkflowJson; httpRequest: WorkflowJson }, credentials: RunOptions['credentials']): Promise<MemoryRow> {
  const samples = { ours: [] as number[], httpRequest: [] as number[] };
  const errors: string[] = [];
  for (let round = 0; round <= repeats; round++) {
    for (const side of ['ours', 'httpRequest'] as const) {
      const { growth, error } = await growthOf(workflows[side], credentials);
      if (error) errors.push(`${label}, ${side}: ${error}`);
      else if (round > 0) samples[side].push(growth);
    }
  }
  return { label, fileBytes: FILE_BYTES, ours: summarize(samples.ours), httpRequest: summarize(samples.httpRequest), errors };
}

/** A finished run whose render step's download path serves `versionId`'s 50 MB bytes. */
async function runWithLargeRenderedFile(sim: SimulatorProcess, documentId: string, documentVersionId: string): Promise<string> {
  const response = await fetch(`${sim.url}/workflows/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FIXTURE_KEYS.full}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      workflowId: FIXTURE_IDS.workflows.inputNda,
      input: { counterparty: 'Initech Ltd', effective_date: '2026-03-01', source_document: { documentId, documentVersionId } },
    }),
  });
  const { runId } = (await response.json()) as { runId: string };
  for (;;) {
    const runs = await sim.admin<Array<{ runId: string; status: string }>>('GET', '/runs');
    const status = runs.find((run) => run.runId === runId)?.status;
    if (status === 'Completed') break;
    if (status === 'Failed' || status === 'Cancelled') throw new Error(`the download fixture run ended ${status}`);
    await sleep(50);
  }
  // The render step's file is replaced by the 50 MB input document (same origin): Download File with "all
  // rendered files" follows each step's downloadPath, so it fetches those 50 MB as the run's rendered file.
  await sim.admin('PUT', `/runs/${runId}/steps/${FIXTURE_IDS.steps.inputNda.render}/download-path`, {
    downloadPath: `/workflows/runs/${runId}/input-documents/${documentVersionId}/download`,
  });
  return runId;
}

export async function largeFiles(sim: SimulatorProcess, repeats = 3): Promise<MemoryRow[]> {
  const credentials = [credentialFor(sim.url, FIXTURE_KEYS.full)];
  const upload = await compare(
    'Upload 50 MB from a binary field',
    repeats,
    {
      ours: after(largeFile(FILE_BYTES), ours('Measured', { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data', waitUntilReady: false })),
      httpRequest: after(
        largeFile(FILE_BYTES),
        httpRequest('Measured', {
          method: 'POST',
          url: `${sim.url}/workflow-inputs/documents`,
          sendBody: true,
          contentType: 'multipart-form-data',
          bodyParameters: { parameters: [{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' }] },
        }),
      ),
    },
    credentials,
  );

  // One more upload (not measured) provides the 50 MB document the download side serves.
  const seeded = await growthOf(after(largeFile(FILE_BYTES), ours('Measured', { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' })), credentials);
  if (!seeded.json?.documentId) throw new Error(`could not upload the download fixture: ${seeded.error ?? 'no document id'}`);
  const runId = await runWithLargeRenderedFile(sim, String(seeded.json.documentId), String(seeded.json.documentVersionId));
  const download = await compare(
    'Download a 50 MB rendered file',
    repeats,
    {
      ours: after(undefined, ours('Measured', { resource: 'run', operation: 'downloadFile', runId: { __rl: true, mode: 'id', value: runId }, fileSelection: 'all' })),
      httpRequest: after(
        undefined,
        httpRequest('Measured', {
          method: 'GET',
          url: `${sim.url}/workflows/runs/${runId}/input-documents/${String(seeded.json.documentVersionId)}/download`,
          options: { response: { response: { responseFormat: 'file' } } },
        }),
      ),
    },
    credentials,
  );
  return [upload, download];
}
