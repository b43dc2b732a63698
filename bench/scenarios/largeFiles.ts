/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { execFile } from 'node:child_process';
import { request, type IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

import type { IDataObject } from 'n8n-workflow';

import { credentialFor, type RunOptions, type WorkflowJson } from '../../test/harness';
import { FIXTURE_IDS, FIXTURE_KEYS } from '../../test/simulator';
import { runTimed } from '../lib/engine';
import { requestFloor } from '../lib/floorNode';
import { startMemoryProbe } from '../lib/memory';
import { UPLOAD_SIDES, type UploadChildResult, type UploadSide } from '../lib/uploadChild';
import { mb } from '../lib/report';
import type { SimulatorProcess } from '../lib/simulatorProcess';
import { sleep, summarize, type Summary } from '../lib/stats';
import { connect, httpRequest, manualTrigger, ours, type BenchNode } from '../lib/workflow';

/**
 * Scenario 4, large files: peak memory growth of this process while one node uploads a 50 MB file from a
 * binary field, and while one node downloads a 50 MB rendered file into a binary field, for this package
 * and for the HTTP Request node doing the same (multipart form-data upload; file response). The simulator
 * runs in another process, and binary data lives in n8n's filesystem store as in a default n8n instance,
 * so the figures are the node's own cost. Each measurement is taken after one unmeasured warm-up run.
 *
 * The download also measures its floors in the same rounds: Node's own `http.get` written to a file (no
 * n8n), n8n's request helper handing the stream to `prepareBinaryData` (no node logic), and this package's
 * node with a minor GC every 5 ms. Every 64 KB socket read is a new Buffer that lives until V8 collects it,
 * so a download's peak is mostly garbage not yet collected; whether that garbage shows as resident memory
 * depends on what the process's allocator kept from earlier work. The label carries the floors (run.ts
 * prints it as the row's metric).
 */
export interface MemoryRow {
	label: string;
	fileBytes: number;
	ours: Summary;
	httpRequest: Summary;
	/** The download's floors, measured in the same rounds (bench/README.md, scenario 4). */
	floors?: Record<string, Summary>;
	/** Peak growth of V8's ArrayBuffer memory per side (bench/lib/memory.ts): the same in any process state. */
	buffers?: Record<string, Summary>;
	errors: string[];
}

const execFileAsync = promisify(execFile);

type Measure = () => Promise<{ growth: number; buffers?: number; error?: string }>;

const FILE_BYTES = 50 * 1000 * 1000;

function largeFile(sizeBytes: number): BenchNode {
	return {
		name: 'Large File',
		type: 'test.largeFile',
		parameters: { sizeBytes, fileName: 'large-input.pdf', mimeType: 'application/pdf' },
	};
}

function after(source: BenchNode | undefined, measured: BenchNode): WorkflowJson {
	const nodes = [manualTrigger(), ...(source ? [source] : []), measured];
	const edges = nodes
		.slice(1)
		.map((node, index) => [nodes[index].name, node.name] as [string, string]);
	return { nodes, connections: connect(edges) };
}

/** Runs a workflow and returns the peak RSS growth while `Measured` executes. */
async function growthOf(
	workflow: WorkflowJson,
	credentials: RunOptions['credentials'],
): Promise<{ growth: number; buffers: number; json?: IDataObject; error?: string }> {
	let probe: ReturnType<typeof startMemoryProbe> | undefined;
	let growth = Number.NaN;
	let buffers = Number.NaN;
	const run = await runTimed(workflow, {
		credentials,
		configureHooks: (hooks) => {
			hooks.addHandler('nodeExecuteBefore', (node) => {
				if (node === 'Measured') probe = startMemoryProbe();
			});
			hooks.addHandler('nodeExecuteAfter', (node) => {
				if (node === 'Measured' && probe)
					({ growthBytes: growth, buffersGrowthBytes: buffers } = probe.stop());
			});
		},
	});
	const [item] = run.result.output('Measured');
	let error =
		run.result.status === 'success' ? undefined : JSON.stringify(run.result.error).slice(0, 300);
	// A download that brought fewer bytes than the file would measure nothing: say so instead.
	const binary = item?.binary?.data;
	if (
		!error &&
		binary &&
		Number(binary.bytes ?? Buffer.byteLength(binary.data ?? '', 'base64')) < FILE_BYTES * 0.99
	)
		error = `the binary output holds ${binary.bytes ?? 'unknown'} bytes, not ${FILE_BYTES}`;
	return { growth, buffers, json: item?.json, error };
}

async function compare(
	label: string,
	repeats: number,
	sides: Record<string, Measure>,
): Promise<{
	samples: Record<string, Summary>;
	buffers: Record<string, Summary>;
	errors: string[];
}> {
	const values: Record<string, number[]> = Object.fromEntries(
		Object.keys(sides).map((side) => [side, []]),
	);
	const buffers: Record<string, number[]> = Object.fromEntries(
		Object.keys(sides).map((side) => [side, []]),
	);
	const errors: string[] = [];
	for (let round = 0; round <= repeats; round++) {
		// Which side goes first alternates, so what the allocator kept from the previous side spreads evenly.
		const order = round % 2 ? Object.keys(sides).reverse() : Object.keys(sides);
		for (const side of order) {
			const { growth, buffers: bufferGrowth, error } = await sides[side]();
			if (error) errors.push(`${label}, ${side}: ${error}`);
			else if (round > 0) {
				values[side].push(growth);
				buffers[side].push(bufferGrowth ?? Number.NaN);
			}
		}
	}
	const summaries = (lists: Record<string, number[]>) =>
		Object.fromEntries(Object.entries(lists).map(([side, list]) => [side, summarize(list)]));
	return { samples: summaries(values), buffers: summaries(buffers), errors };
}

/** A measured workflow as one side of a comparison. */
function workflowSide(workflow: WorkflowJson, credentials: RunOptions['credentials']): Measure {
	return async () => await growthOf(workflow, credentials);
}

/** Node's own HTTP client, the response written to a file as n8n's store does (`fs.writeFile` of the stream). */
function rawDownload(url: string): Measure {
	return async () => {
		const file = join(
			process.env.N8N_USER_FOLDER ?? tmpdir(),
			`floor-${process.pid}-${Date.now()}.bin`,
		);
		const probe = startMemoryProbe();
		try {
			const response = await new Promise<IncomingMessage>((resolve, reject) =>
				request(url, { headers: { authorization: `Bearer ${FIXTURE_KEYS.full}` } }, resolve)
					.on('error', reject)
					.end(),
			);
			await writeFile(file, response);
			const { growthBytes: growth, buffersGrowthBytes: buffers } = probe.stop();
			const { size } = await stat(file);
			return size === FILE_BYTES && response.statusCode === 200
				? { growth, buffers }
				: { growth, error: `HTTP ${response.statusCode}, ${size} bytes` };
		} catch (error) {
			probe.stop();
			return { growth: Number.NaN, error: String(error) };
		} finally {
			await rm(file, { force: true });
		}
	};
}

/** `measure` with a minor GC every 5 ms: what is left is what the side holds, not garbage awaiting collection. */
function collected(measure: Measure): Measure {
	return async () => {
		const gc = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
		if (!gc) return { growth: Number.NaN, error: 'needs --expose-gc' };
		const timer = setInterval(() => gc({ type: 'minor' }), 5);
		try {
			return await measure();
		} finally {
			clearInterval(timer);
		}
	};
}

/** One upload sample of `side` in a fresh process (bench/lib/uploadChild.ts), with the bench's own flags. */
function uploadInChild(side: UploadSide, simUrl: string): Measure {
	return async () => {
		const child = join(__dirname, '..', 'lib', 'uploadChild.ts');
		const { stdout } = await execFileAsync(
			process.execPath,
			['--expose-gc', '--require', 'tsx/cjs', child, side, simUrl, String(FILE_BYTES)],
			{ encoding: 'utf8', maxBuffer: 16 * 2 ** 20 },
		);
		const line = stdout.split('\n').find((text) => text.startsWith('UPLOAD_RESULT '));
		if (!line) return { growth: Number.NaN, error: 'the upload child printed no result' };
		const result = JSON.parse(line.slice('UPLOAD_RESULT '.length)) as UploadChildResult;
		return { growth: result.growthBytes, buffers: result.buffersGrowthBytes, error: result.error };
	};
}

const times = (summary: Summary): string =>
	`${mb(summary.median)} = ${(summary.median / FILE_BYTES).toFixed(2)}×`;

/** A finished run whose render step's download path serves `versionId`'s 50 MB bytes. */
async function runWithLargeRenderedFile(
	sim: SimulatorProcess,
	documentId: string,
	documentVersionId: string,
): Promise<string> {
	const response = await fetch(`${sim.url}/workflows/runs`, {
		method: 'POST',
		headers: { authorization: `Bearer ${FIXTURE_KEYS.full}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			workflowId: FIXTURE_IDS.workflows.inputNda,
			input: {
				counterparty: 'Initech Ltd',
				effective_date: '2026-03-01',
				source_document: { documentId, documentVersionId },
			},
		}),
	});
	const { runId } = (await response.json()) as { runId: string };
	for (;;) {
		const runs = await sim.admin<Array<{ runId: string; status: string }>>('GET', '/runs');
		const status = runs.find((run) => run.runId === runId)?.status;
		if (status === 'Completed') break;
		if (status === 'Failed' || status === 'Cancelled')
			throw new Error(`the download fixture run ended ${status}`);
		await sleep(50);
	}
	// The render step's file is replaced by the 50 MB input document (same origin): Download File with "all
	// rendered files" follows each step's downloadPath, so it fetches those 50 MB as the run's rendered file.
	await sim.admin(
		'PUT',
		`/runs/${runId}/steps/${FIXTURE_IDS.steps.inputNda.render}/download-path`,
		{
			downloadPath: `/workflows/runs/${runId}/input-documents/${documentVersionId}/download`,
		},
	);
	return runId;
}

export async function largeFiles(sim: SimulatorProcess, repeats = 5): Promise<MemoryRow[]> {
	const credentials = [credentialFor(sim.url, FIXTURE_KEYS.full)];
	const uploadLabel = 'Upload 50 MB from a binary field';
	// Each sample in a fresh process (bench/lib/uploadChild.ts): the same allocator state for every side.
	// Three measured rounds: six sides of a fresh process each take about as long as the five in-process rounds did.
	const upload = await compare(
		uploadLabel,
		Math.min(repeats, 3),
		Object.fromEntries(UPLOAD_SIDES.map((side) => [side, uploadInChild(side, sim.url)])),
	);
	const { ours: oursUp, httpRequest: httpUp, ...uploadFloors } = upload.samples;
	const uploadRow =
		`${uploadLabel}, each sample a fresh process (noise floor, the same workflow with nothing uploaded: ${times(uploadFloors.idle)}; ` +
		`Node's fs stream piped to http.request ${times(uploadFloors.nodeHttp)}, n8n's request helper with the store's stream ${times(uploadFloors.n8nHelper)}; ` +
		`this package with a minor GC every 5 ms ${times(uploadFloors.oursCollected)}; V8 buffers at peak, garbage included: this package ${mb(upload.buffers.ours.median)}, ` +
		`Node's ${mb(upload.buffers.nodeHttp.median)}, n8n's helper ${mb(upload.buffers.n8nHelper.median)})`;

	// One more upload (not measured) provides the 50 MB document the download side serves.
	const seeded = await growthOf(
		after(
			largeFile(FILE_BYTES),
			ours('Measured', {
				resource: 'inputDocument',
				operation: 'upload',
				binaryPropertyName: 'data',
			}),
		),
		credentials,
	);
	if (!seeded.json?.documentId)
		throw new Error(`could not upload the download fixture: ${seeded.error ?? 'no document id'}`);
	const runId = await runWithLargeRenderedFile(
		sim,
		String(seeded.json.documentId),
		String(seeded.json.documentVersionId),
	);
	const fileUrl = `${sim.url}/workflows/runs/${runId}/input-documents/${String(seeded.json.documentVersionId)}/download`;
	const oursDownload = workflowSide(
		after(
			undefined,
			ours('Measured', {
				resource: 'run',
				operation: 'downloadFile',
				runId: { __rl: true, mode: 'id', value: runId },
				fileSelection: 'all',
			}),
		),
		credentials,
	);
	const download = await compare('Download a 50 MB rendered file', repeats, {
		ours: oursDownload,
		httpRequest: workflowSide(
			after(
				undefined,
				httpRequest('Measured', {
					method: 'GET',
					url: fileUrl,
					options: { response: { response: { responseFormat: 'file' } } },
				}),
			),
			credentials,
		),
		nodeHttp: rawDownload(`${fileUrl}?encoding=binary`),
		n8nHelper: workflowSide(
			after(
				undefined,
				requestFloor('Measured', { mode: 'file', url: `${fileUrl}?encoding=binary` }),
			),
			credentials,
		),
		oursCollected: collected(oursDownload),
	});
	const { ours: oursDown, httpRequest: httpDown, ...floors } = download.samples;
	const label =
		`Download a 50 MB rendered file (floor in the same rounds: Node's http.get to a file ${times(floors.nodeHttp)}, ` +
		`n8n's request helper to prepareBinaryData ${times(floors.n8nHelper)}; this package with a minor GC every 5 ms ${times(floors.oursCollected)}; ` +
		`V8 buffers at peak, garbage included: this package ${mb(download.buffers.ours.median)}, Node's http.get ${mb(download.buffers.nodeHttp.median)})`;
	return [
		{
			label: uploadRow,
			fileBytes: FILE_BYTES,
			ours: oursUp,
			httpRequest: httpUp,
			floors: uploadFloors,
			buffers: upload.buffers,
			errors: upload.errors,
		},
		{
			label,
			fileBytes: FILE_BYTES,
			ours: oursDown,
			httpRequest: httpDown,
			floors,
			buffers: download.buffers,
			errors: download.errors,
		},
	];
}
