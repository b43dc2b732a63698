/**
 * Scenario 8's operations ("At the service's pace"): for each, the items, this package's node, and the
 * HTTP Request nodes a user would put in its place with this package's credential. Service times are the
 * simulator's realistic profile (test/simulator/latency-profiles.ts); `itemMs` is what the service spends on one
 * item (its requests' round trips and service times, plus the wait an item asks for), the base of the bound.
 */
import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS } from '../../test/simulator';
import { LATENCY_PROFILES } from '../../test/simulator/latency-profiles';
import type { SimulatorProcess } from './simulatorProcess';
import { httpRequest, ours, type BenchNode } from './workflow';

const PACE = LATENCY_PROFILES.realistic;
const TRIP = PACE.roundTripMs;
/** The workflow Run → Start starts (scenarios 8 and 10). */
export const SUMMARY = FIXTURE_IDS.workflows.agentSummary;
const RENDER_STEP = FIXTURE_IDS.steps.agentSummary.render;
/** The loop's Wait, as in scenarios 1 and 6. */
const LOOP_INTERVAL_S = 5;
/** The upload loop's Wait: a user who knows ingestion takes seconds reads every second. */
const UPLOAD_LOOP_INTERVAL_S = 1;
/** N = 50 and N = 200 for every operation (the benchmark's sizes). */
export const PACE_SIZES = [50, 200];

type Edge = [from: string, to: string, outputIndex?: number];

/** The measured nodes of one side: timed from `first` starting to `last` finishing. */
export interface Chain {
	nodes: BenchNode[];
	edges: Edge[];
	first: string;
	last: string;
	/** A loop: an item counts as done when it reaches `last` with this status (else its errors are counted). */
	doneStatus?: string;
}

export interface PaceCase {
	key: string;
	label: string;
	itemMs: number;
	/** Requests the service needs per item at the least (what the key's rate limit counts). */
	requestsPerItem: number;
	/** Requests this package's node makes once per execution besides its items' (the key's limit counts them too). */
	requestsPerExecution?: number;
	items(sim: SimulatorProcess, count: number): Promise<IDataObject[]>;
	ours(batchSize?: number): Chain;
	http(url: string, batching: boolean): Chain;
}

/** Every request this package's node makes for `count` items: what the key's rate limit counts. */
export const requestsOf = (testCase: PaceCase, count: number): number =>
	count * testCase.requestsPerItem + (testCase.requestsPerExecution ?? 0);

/** HTTP Request's Batching option as a careful user sets it for 300 requests a minute: 5 items, then 1 s. */
const BATCHING = { batching: { batch: { batchSize: 5, batchInterval: 1000 } } };

/** This package's node alone, at Auto or at a fixed Batch Size. */
export function oursChain(name: string, parameters: IDataObject, batchSize?: number): Chain {
	const node = ours(name, { ...parameters, ...(batchSize ? { batching: { batchSize } } : {}) });
	return { nodes: [node], edges: [], first: name, last: name };
}

function http(name: string, batching: boolean, parameters: IDataObject): BenchNode {
	const options = {
		...((parameters.options as IDataObject | undefined) ?? {}),
		...(batching ? BATCHING : {}),
	};
	return httpRequest(name, { ...parameters, options });
}

const postJson = (name: string, batching: boolean, url: string, body: string): BenchNode =>
	http(name, batching, {
		method: 'POST',
		url,
		sendBody: true,
		specifyBody: 'json',
		jsonBody: body,
	});

const single = (node: BenchNode): Chain => ({
	nodes: [node],
	edges: [],
	first: node.name,
	last: node.name,
});
const numbered = (count: number, make: (index: number) => IDataObject) =>
	Array.from({ length: count }, (_, index) => ({ json: make(index) }));
const textItems = async (_sim: SimulatorProcess, count: number) =>
	numbered(count, (index) => ({ text: `Contract ${index + 1}: summarise it.` }));

const ANSWERS = { employee: { name: 'Jordan Lee', start_date: '2026-03-01' }, role: 'Counsel' };
/** Produce From Template's parameters: the same answers for every item unless `answers` maps them (scenario 10). */
export const produceParameters = (
	pdf: boolean,
	answers: IDataObject = {
		'employee.name': 'Jordan Lee',
		'employee.start_date': '2026-03-01',
		role: 'Counsel',
	},
): IDataObject => ({
	resource: 'document',
	operation: 'produce',
	templateId: { __rl: true, mode: 'id', value: 'tpl_offer_letter' },
	title: '={{ $json.title }}',
	answers: { mappingMode: 'defineBelow', value: answers, matchingColumns: [], schema: [] },
	...(pdf ? { downloadFormat: 'pdf' } : {}),
});

/** HTTP Request's Produce (a POST of `body`), then, with `pdf`, its download of the PDF link as a file. */
export function produceHttp(url: string, batching: boolean, body: string, pdf: boolean): Chain {
	const produce = postJson(
		'Produce',
		batching,
		`${url}/document-templates/tpl_offer_letter/documents`,
		body,
	);
	if (!pdf) return single(produce);
	const download = http('Download PDF', batching, {
		method: 'GET',
		url: `=${url}{{ $json.links.pdf }}`,
		options: { response: { response: { responseFormat: 'file' } } },
	});
	return {
		nodes: [produce, download],
		edges: [['Produce', 'Download PDF']],
		first: 'Produce',
		last: 'Download PDF',
	};
}

function produceCase(pdf: boolean): PaceCase {
	return {
		key: pdf ? 'producePdf' : 'produce',
		label: pdf
			? 'Produce From Template + Download PDF (1 s render, 300 ms download)'
			: 'Produce From Template (1 s render)',
		itemMs: TRIP + PACE.produceDocumentMs + (pdf ? TRIP + PACE.documentContentMs : 0),
		requestsPerItem: pdf ? 2 : 1,
		// The template, read before the first document to check the answers against its live schema.
		requestsPerExecution: 1,
		items: async (_sim, count) =>
			numbered(count, (index) => ({ title: `Offer letter ${index + 1}` })),
		ours: (batchSize) => oursChain('Produce', produceParameters(pdf), batchSize),
		http: (url, batching) =>
			produceHttp(
				url,
				batching,
				`={{ JSON.stringify({ input: ${JSON.stringify(ANSWERS)}, title: $json.title }) }}`,
				pdf,
			),
	};
}

const chatCase: PaceCase = {
	key: 'chat',
	label: 'Chat → Chat Completion (2 s answer)',
	itemMs: TRIP + PACE.chatAnswerMs,
	requestsPerItem: 1,
	items: async (_sim, count) =>
		numbered(count, (index) => ({ question: `Question ${index + 1}: what is a break clause?` })),
	ours: (batchSize) =>
		oursChain(
			'Chat',
			{
				resource: 'chat',
				operation: 'complete',
				model: 'dw-standard',
				messages: { values: [{ role: 'user', content: '={{ $json.question }}' }] },
			},
			batchSize,
		),
	http: (url, batching) =>
		single(
			postJson(
				'Chat',
				batching,
				`${url}/v1/chat/completions`,
				`={{ JSON.stringify({ model: 'dw-standard', messages: [{ role: 'user', content: $json.question }] }) }}`,
			),
		),
};

const startParameters = (wait: boolean): IDataObject => ({
	resource: 'run',
	operation: 'start',
	workflowId: { __rl: true, mode: 'id', value: SUMMARY },
	inputMode: 'text',
	inputText: '={{ $json.text }}',
	waitForCompletion: wait,
	downloadFiles: false,
	waitOptions: { timeout: 600 },
});
const startBody = `={{ JSON.stringify({ workflowId: '${SUMMARY}', input: $json.text }) }}`;

const startCase: PaceCase = {
	key: 'start',
	label: 'Run → Start, no wait (300 ms)',
	itemMs: TRIP + PACE.runStartMs,
	requestsPerItem: 1,
	items: textItems,
	ours: (batchSize) => oursChain('Start', startParameters(false), batchSize),
	http: (url, batching) => single(postJson('Start', batching, `${url}/workflows/runs`, startBody)),
};

/** Finished runs with a render step, seeded (not played), so each item is one 300 ms download. */
async function seededRuns(sim: SimulatorProcess, count: number): Promise<IDataObject[]> {
	const startedAt = new Date(Date.now() - 3_600_000).toISOString();
	const spec = {
		workflowId: SUMMARY,
		keyId: FIXTURE_IDS.keys.full,
		status: 'Completed',
		startedAt,
		count,
		spacingMs: 1000,
	};
	const { runIds } = await sim.admin<{ runIds: string[] }>('POST', '/runs/seed', { runs: [spec] });
	return runIds.map((runId) => ({ json: { runId, stepId: RENDER_STEP } }));
}

const downloadCase: PaceCase = {
	key: 'download',
	label: 'Run → Download File, finished runs (300 ms each)',
	itemMs: TRIP + PACE.runFileMs,
	requestsPerItem: 1,
	items: seededRuns,
	ours: (batchSize) =>
		oursChain(
			'Download',
			{
				resource: 'run',
				operation: 'downloadFile',
				runId: { __rl: true, mode: 'id', value: '={{ $json.runId }}' },
				fileSelection: 'step',
				stepId: '={{ $json.stepId }}',
			},
			batchSize,
		),
	http: (url, batching) =>
		single(
			http('Download', batching, {
				method: 'GET',
				url: `=${url}/workflows/runs/{{ $json.runId }}/files/{{ $json.stepId }}/download`,
				options: { response: { response: { responseFormat: 'file' } } },
			}),
		),
};

const REQUEST_FAILED = 'request-failed';

interface PollLoop {
	/** The creating POST. */
	create: BenchNode;
	/** The id the POST answers with; an item without it (a refused POST) leaves the loop as failed. */
	idField: string;
	/** The status read, by the id the POST returned. */
	readUrl: string;
	/** Statuses that end the loop; the first is the one that counts as done. */
	endStatuses: string[];
	intervalSeconds: number;
}

/** The loop an n8n user builds: create every item, read its status, If it ended, else Wait and read again. */
function pollLoop(batching: boolean, loop: PollLoop): Chain {
	// An item whose request failed reads as REQUEST_FAILED, which ends the loop whatever the statuses' spelling.
	const endPattern = `^(${[...loop.endStatuses, REQUEST_FAILED].join('|')})$`;
	const nodes: BenchNode[] = [
		loop.create,
		http('Read', batching, { method: 'GET', url: loop.readUrl }),
		{
			name: 'Ended?',
			type: 'n8n-nodes-base.if',
			typeVersion: 1,
			// A failed request (a 429) leaves the loop as failed: its item has no id to read again (reading the collection
			// instead would loop for ever: GET /workflow-inputs/documents/ is a 405).
			parameters: {
				conditions: {
					string: [
						{
							value1: `={{ $json.error || !$json.${loop.idField} ? '${REQUEST_FAILED}' : $json.status }}`,
							operation: 'regex',
							value2: endPattern,
						},
					],
				},
			},
		},
		{
			name: 'Wait',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			parameters: { resume: 'timeInterval', amount: loop.intervalSeconds, unit: 'seconds' },
		},
		{ name: 'Done', type: 'n8n-nodes-base.noOp', parameters: {} },
	];
	const edges: Edge[] = [
		[loop.create.name, 'Read'],
		['Read', 'Ended?'],
		['Ended?', 'Done', 0],
		['Ended?', 'Wait', 1],
		['Wait', 'Read'],
	];
	return { nodes, edges, first: loop.create.name, last: 'Done', doneStatus: loop.endStatuses[0] };
}

/** Scenario 6's loop: start every item, get, If finished, else Wait 5 s and get again. */
const startAndWaitLoop = (url: string, batching: boolean): Chain =>
	pollLoop(batching, {
		create: postJson('Start Run', batching, `${url}/workflows/runs`, startBody),
		idField: 'runId',
		readUrl: `=${url}/workflows/runs/{{ $json.runId }}`,
		endStatuses: ['Completed', 'Failed', 'Cancelled'],
		intervalSeconds: LOOP_INTERVAL_S,
	});

/** Upload every file (multipart, as scenario 4's HTTP Request side), read its status, If ended, else Wait 1 s. */
const uploadAndWaitLoop = (url: string, batching: boolean): Chain =>
	pollLoop(batching, {
		create: http('Upload', batching, {
			method: 'POST',
			url: `${url}/workflow-inputs/documents`,
			sendBody: true,
			contentType: 'multipart-form-data',
			bodyParameters: {
				parameters: [{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' }],
			},
		}),
		idField: 'documentId',
		readUrl: `=${url}/workflow-inputs/documents/{{ $json.documentId }}`,
		endStatuses: ['ready', 'failed'],
		intervalSeconds: UPLOAD_LOOP_INTERVAL_S,
	});

const startWaitCase: PaceCase = {
	key: 'startWait',
	label: 'Run → Start + Wait for Completion (10 s runs, 300 ms starts)',
	itemMs: TRIP + PACE.runStartMs + (PACE.runDurationMs ?? 0),
	requestsPerItem: 2,
	items: textItems,
	ours: (batchSize) => oursChain('Start', startParameters(true), batchSize),
	http: startAndWaitLoop,
};

const note = (index: number) => ({
	base64: Buffer.from(`Notes ${index}: the supplier delivers monthly.\n`).toString('base64'),
	fileName: `note-${index}.txt`,
	mimeType: 'text/plain',
});

const uploadWaitCase: PaceCase = {
	key: 'uploadWait',
	label: 'Input Document → Upload + Wait Until Ready (2 s ingestion, 300 ms uploads)',
	itemMs: TRIP + PACE.uploadMs + (PACE.ingestionMs ?? 0),
	requestsPerItem: 2,
	items: async (_sim, count) =>
		Array.from({ length: count }, (_, index) => ({ json: {}, binary: { data: note(index) } })),
	ours: (batchSize) =>
		oursChain(
			'Upload',
			{
				resource: 'inputDocument',
				operation: 'upload',
				binaryPropertyName: 'data',
				waitUntilReady: true,
			},
			batchSize,
		),
	http: uploadAndWaitLoop,
};

export const PACE_CASES: PaceCase[] = [
	produceCase(false),
	produceCase(true),
	chatCase,
	startCase,
	downloadCase,
	startWaitCase,
	uploadWaitCase,
];
