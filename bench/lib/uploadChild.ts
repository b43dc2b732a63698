/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * One side of scenario 4's upload, alone in a fresh process (bench/scenarios/largeFiles.ts starts one per sample).
 * RSS growth is only comparable between processes whose allocator starts from the same state: in one long process,
 * pages freed by an earlier side (glibc keeps them, and raises its mmap threshold after a large free) are reused
 * without growing the resident set, so the same upload read 25 MB in one round and 0.0 MB in another. Here every
 * side runs its own 1 MB warm-up upload, then the 50 MB file is generated into n8n's filesystem store (before the
 * measurement), then the measured node runs while bench/lib/memory.ts samples RSS every millisecond against a
 * baseline taken after a full GC. Prints `UPLOAD_RESULT {…}`.
 *
 * Sides: `idle` does nothing (the noise floor: what the probe reads when nothing is uploaded); `nodeHttp` is Node's
 * own `fs.createReadStream` piped into `http.request` (no n8n); `n8nHelper` hands the store's stream to n8n's request
 * helper (floorNode.ts); `ours` is this package's Upload; `oursCollected` the same with a minor GC every 5 ms (what
 * it holds, without the garbage); `httpRequest` is n8n's HTTP Request node's multipart upload.
 */
import { join } from 'node:path';

import { credentialFor, registerNodeTypes } from '../../test/harness';
import { FIXTURE_KEYS } from '../../test/simulator';
import { HOST_DIR } from '../../e2e/lib/host';
import { runTimed } from './engine';
import { requestFloor } from './floorNode';
import { startMemoryProbe } from './memory';
import { connect, httpRequest, manualTrigger, ours, type BenchNode } from './workflow';

export const UPLOAD_SIDES = [
	'idle',
	'nodeHttp',
	'n8nHelper',
	'ours',
	'oursCollected',
	'httpRequest',
] as const;
export type UploadSide = (typeof UPLOAD_SIDES)[number];

export interface UploadChildResult {
	growthBytes: number;
	buffersGrowthBytes: number;
	error?: string;
}

function measuredNode(side: UploadSide, simUrl: string): BenchNode {
	const url = `${simUrl}/workflow-inputs/documents`;
	switch (side) {
		case 'idle':
			return { name: 'Measured', type: 'n8n-nodes-base.noOp', parameters: {} };
		case 'nodeHttp':
			return requestFloor('Measured', { mode: 'nodeUpload', url });
		case 'n8nHelper':
			return requestFloor('Measured', { mode: 'upload', url });
		case 'httpRequest':
			return httpRequest('Measured', {
				method: 'POST',
				url,
				sendBody: true,
				contentType: 'multipart-form-data',
				bodyParameters: {
					parameters: [
						{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
					],
				},
			});
		default:
			return ours('Measured', {
				resource: 'inputDocument',
				operation: 'upload',
				binaryPropertyName: 'data',
				waitUntilReady: false,
			});
	}
}

function registerHostNodes(): void {
	const base = join(HOST_DIR, 'node_modules', 'n8n-nodes-base', 'dist', 'nodes');
	const load = (path: string, name: string) => {
		const Node = (require(join(base, path)) as Record<string, new () => never>)[name];
		return { type: new Node(), sourcePath: '' };
	};
	registerNodeTypes({
		'n8n-nodes-base.httpRequest': load('HttpRequest/HttpRequest.node.js', 'HttpRequest'),
		'n8n-nodes-base.noOp': load('NoOp/NoOp.node.js', 'NoOp'),
	});
}

async function uploadOnce(
	side: UploadSide,
	simUrl: string,
	sizeBytes: number,
): Promise<UploadChildResult> {
	const nodes = [
		manualTrigger(),
		{
			name: 'Large File',
			type: 'test.largeFile',
			parameters: { sizeBytes, fileName: 'large-input.pdf', mimeType: 'application/pdf' },
		},
		measuredNode(side, simUrl),
	];
	const gc = (globalThis as { gc?: (options?: { type: 'minor' }) => void }).gc;
	let probe: ReturnType<typeof startMemoryProbe> | undefined;
	let minorGc: NodeJS.Timeout | undefined;
	let result: UploadChildResult = { growthBytes: Number.NaN, buffersGrowthBytes: Number.NaN };
	const run = await runTimed(
		{
			nodes,
			connections: connect([
				['Manual Trigger', 'Large File'],
				['Large File', 'Measured'],
			]),
		},
		{
			credentials: [credentialFor(simUrl, FIXTURE_KEYS.full)],
			configureHooks: (hooks) => {
				hooks.addHandler('nodeExecuteBefore', (node) => {
					if (node !== 'Measured') return;
					probe = startMemoryProbe();
					if (side === 'oursCollected' && gc) minorGc = setInterval(() => gc({ type: 'minor' }), 5);
				});
				hooks.addHandler('nodeExecuteAfter', (node) => {
					if (node !== 'Measured' || !probe) return;
					if (minorGc) clearInterval(minorGc);
					const { growthBytes, buffersGrowthBytes } = probe.stop();
					result = { growthBytes, buffersGrowthBytes };
				});
			},
		},
	);
	const json = run.result.output('Measured')[0]?.json ?? {};
	const uploaded = side === 'idle' || typeof json.documentId === 'string' || json.uploaded === true;
	if (run.result.status !== 'success' || !uploaded)
		result.error = JSON.stringify(run.result.error ?? json).slice(0, 300);
	return result;
}

async function main(): Promise<void> {
	const [side, simUrl, size] = process.argv.slice(2) as [UploadSide, string, string];
	registerHostNodes();
	// The side's code paths warmed up in this process first, as a long-running n8n has them.
	await uploadOnce(side, simUrl, 1_000_000);
	const result = await uploadOnce(side, simUrl, Number(size));
	process.stdout.write(`UPLOAD_RESULT ${JSON.stringify(result)}\n`);
}

if (require.main === module)
	main()
		.then(() => process.exit(0))
		.catch((error: unknown) => {
			process.stderr.write(`upload child failed: ${String(error)}\n`);
			process.exit(1);
		});
