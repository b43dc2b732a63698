/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';

import {
	ACTION_NODE,
	CREDENTIAL_TYPE,
	NODE_TYPE,
	credentialFor,
	registerNodeTypes,
	runWorkflow,
	type HarnessRun,
	type WorkflowJson,
} from '../../harness';
import { HarnessCredentialsHelper } from '../../harness/credentialsHelper';
import { TestItemsNode, itemsOfParameter } from '../../harness/standInNodes';
import { IntegrationContext } from '../../integration/support';
import { FIXTURE_KEYS, encodeGrayJpeg, encodePng, type FixtureKeyName } from '../../simulator';

/**
 * Running the action node for the reliability suite: the integration harness (n8n-core's WorkflowExecute, the
 * package loaded from dist/, the simulator over 127.0.0.1), with an item source that generates files in the
 * node (a 60 MB file is not written into a workflow parameter) and an optional time compression of the node's
 * own request timeouts for the "delayed past the timeout" cells.
 */

// ---- Items ----------------------------------------------------------------------------------------

/** A binary file of a test item: given bytes, or generated in the item source node. */
type BinarySpec = { fileName: string; mimeType: string } & (
	| { base64: string }
	| { generate: 'pdf' | 'text' | 'zeros'; sizeBytes: number }
	| { generate: 'png'; width: number; height: number; padToBytes?: number }
	| { generate: 'jpeg'; width: number; height: number }
);

export interface ItemSpec {
	json?: IDataObject;
	binary?: Record<string, BinarySpec>;
}

function generateBytes(spec: BinarySpec): Buffer {
	if ('base64' in spec) return Buffer.from(spec.base64, 'base64');
	switch (spec.generate) {
		case 'pdf': {
			const bytes = Buffer.alloc(spec.sizeBytes, 0x20);
			bytes.write('%PDF-1.4\n% generated filler\n');
			bytes.write('\n%%EOF\n', Math.max(0, spec.sizeBytes - 7));
			return bytes;
		}
		case 'text':
			return Buffer.alloc(spec.sizeBytes, 'plain text line\n');
		case 'zeros':
			return Buffer.alloc(spec.sizeBytes);
		case 'png': {
			const png = encodePng(spec.width, spec.height);
			// Bytes after IEND: still a PNG by its magic bytes and header, as large as asked.
			return spec.padToBytes && spec.padToBytes > png.length
				? Buffer.concat([png, Buffer.alloc(spec.padToBytes - png.length)])
				: png;
		}
		case 'jpeg':
			return encodeGrayJpeg(spec.width, spec.height);
	}
}

/** Emits the items of its `items` parameter, as the harness's Test Items node does; the files are generated here. */
class ReliabilityItemsNode implements INodeType {
	description = {
		...new TestItemsNode().description,
		displayName: 'Reliability Items',
		name: 'reliabilityItems',
		description: 'Emits test items, generating their files',
		defaults: { name: 'Items' },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await itemsOfParameter<BinarySpec>(this, generateBytes);
	}
}

const ITEMS_TYPE = 'reliability.items';
registerNodeTypes({ [ITEMS_TYPE]: { type: new ReliabilityItemsNode(), sourcePath: '' } });

// ---- Timeouts --------------------------------------------------------------------------------------

interface TimeoutScale {
	method: string;
	path: RegExp;
	factor: number;
}

let timeoutScale: TimeoutScale | undefined;
let patched = false;

/**
 * The node's per-request timeouts are 60 s (JSON), 120 s (event stream, chat) and 300 s (upload). To try "a
 * response delayed past the timeout" on every operation in seconds, the harness's credential helper (the part
 * of n8n that applies `authenticate` right before the request is sent) multiplies the timeout the node set by
 * `factor`, for requests matching `method` and `path` only. The node's code, its retry decisions and its error
 * messages are untouched; one cell of the suite waits the real 60 s.
 */
export function compressTimeouts(scale: TimeoutScale | undefined): void {
	if (!patched) {
		patched = true;
		const original = HarnessCredentialsHelper.prototype.authenticate;
		HarnessCredentialsHelper.prototype.authenticate = async function (
			this: HarnessCredentialsHelper,
			...args: Parameters<typeof original>
		) {
			const options = (await original.apply(this, args)) as IHttpRequestOptions;
			const rule = timeoutScale;
			if (
				rule &&
				typeof options.timeout === 'number' &&
				(options.method ?? 'GET').toUpperCase() === rule.method &&
				rule.path.test(new URL(String(options.url)).pathname)
			)
				// A copy: the node's own request options (and the timeout it reports) stay as the node set them.
				return { ...options, timeout: Math.max(1, Math.round(options.timeout * rule.factor)) };
			return options;
		};
	}
	timeoutScale = scale;
}

// ---- Running the node --------------------------------------------------------------------------------

export interface RunSpec {
	parameters: IDataObject;
	key?: FixtureKeyName | { literal: string };
	items?: ItemSpec[];
	continueOnFail?: boolean;
	baseUrl?: string;
	streaming?: boolean;
}

function workflowFor(
	parameters: IDataObject,
	items: ItemSpec[] | undefined,
	continueOnFail: boolean,
): WorkflowJson {
	const nodes: WorkflowJson['nodes'] = [
		{ name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', parameters: {} },
	];
	const connections: WorkflowJson['connections'] = {};
	let previous = 'Manual Trigger';
	if (items) {
		nodes.push({ name: 'Items', type: ITEMS_TYPE, parameters: { items: JSON.stringify(items) } });
		connections[previous] = { main: [[{ node: 'Items', type: 'main', index: 0 }]] };
		previous = 'Items';
	}
	nodes.push({
		name: ACTION_NODE,
		type: NODE_TYPE,
		parameters: parameters as WorkflowJson['nodes'][number]['parameters'],
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Drafting Workspace account' } },
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	});
	connections[previous] = { main: [[{ node: ACTION_NODE, type: 'main', index: 0 }]] };
	return { nodes, connections };
}

/** Runs the action node once; everything it produced is recorded for the secret scan. */
export async function runNode(ctx: IntegrationContext, spec: RunSpec): Promise<HarnessRun> {
	const key = spec.key ?? 'full';
	const apiKey = typeof key === 'string' ? FIXTURE_KEYS[key] : key.literal;
	const result = await runWorkflow(
		workflowFor(spec.parameters, spec.items, spec.continueOnFail === true),
		{
			credentials: [credentialFor(spec.baseUrl ?? ctx.url, apiKey)],
			streaming: spec.streaming,
		},
	);
	ctx.record(result);
	return result;
}

// ---- Reading outcomes ----------------------------------------------------------------------------------

export interface ThrownError {
	errorClass: string;
	message: string;
	description: string;
	itemIndex: number | undefined;
	httpCode?: string;
}

/** The error that stopped the node (Continue On Fail off): class, message and the item it names. */
export function thrownError(result: HarnessRun): ThrownError | undefined {
	const error = (result.nodeError(ACTION_NODE) ?? result.error) as
		| (Error & { description?: string; context?: IDataObject; httpCode?: string })
		| undefined;
	if (!error) return undefined;
	// n8n keeps the node's error in the run data as it was thrown, or serialised (then `name` holds the class).
	const errorClass =
		error instanceof NodeApiError
			? 'NodeApiError'
			: error instanceof NodeOperationError
				? 'NodeOperationError'
				: typeof error.name === 'string'
					? error.name
					: typeof error;
	const index = error.context?.itemIndex;
	return {
		errorClass,
		message: String(error.message ?? ''),
		description: String(error.description ?? ''),
		itemIndex: typeof index === 'number' ? index : undefined,
		httpCode:
			error.httpCode === undefined || error.httpCode === null ? undefined : String(error.httpCode),
	};
}

export interface ItemOutcome {
	index: number;
	pairedItem: unknown;
	ok: boolean;
	message?: string;
	json: IDataObject;
}

/** Each output item of a Continue On Fail run: succeeded, or its error item. */
export function itemOutcomes(result: HarnessRun): ItemOutcome[] {
	return result.output(ACTION_NODE).map((item, index) => ({
		index,
		pairedItem: item.pairedItem,
		ok: typeof item.json.error !== 'string',
		message: typeof item.json.error === 'string' ? item.json.error : undefined,
		json: item.json,
	}));
}

/**
 * A message a user can act on: one plain sentence, no stack trace, no serialised objects, no "undefined".
 * The expected wording of each case is asserted by the tables themselves; this is the common floor.
 */
export function plainMessageProblem(message: string | undefined): string | undefined {
	if (!message || !message.trim()) return 'empty message';
	if (message.length > 600) return `message of ${message.length} characters`;
	if (/\n\s+at |\bat [\w.<>]+ \(.*:\d+:\d+\)/.test(message)) return 'stack trace in the message';
	if (/\[object Object\]|\bundefined\b|\bNaN\b/.test(message))
		return 'serialisation artefact in the message';
	if (/^(Error|TypeError|RangeError|AxiosError)\b/.test(message)) return 'raw JavaScript error';
	if (/^(socket hang up|read ECONNRESET|timeout of \d+ms exceeded|aborted)$/i.test(message.trim()))
		return 'raw network error';
	return undefined;
}
