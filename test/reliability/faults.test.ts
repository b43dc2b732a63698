import { initFilesystemBinaryData } from '../setup/filesystemBinaryMode';

import type { IDataObject } from 'n8n-workflow';

import { FIXTURE_IDS, runAdmin, templatesAdmin, type FaultRuleInput, type RequestLogEntry } from '../simulator';
import { uploadsAdmin } from '../simulator/uploads';
import { byId } from '../integration/support';
import { compressTimeouts, itemOutcomes, plainMessageProblem, runNode, type ItemOutcome, type ItemSpec } from './support/harness';
import { ReliabilityContext, writeResults, type Fault } from './support/results';

/**
 * The fault matrix: Start Run + Wait, Upload, Produce and Chat, each through n8n's engine against
 * the simulator's fault injection. Every cell runs two items with Continue On Fail, the fault aimed at the
 * first; it asserts the outcome (success, or a failure with a plain message), that nothing was done twice
 * (runs per input, uploads per file, documents per title, completions per question), and that nothing was
 * dropped silently (one output per input, paired, each a result or an error that says what happened).
 *
 * "Delayed past the node's timeout": the node's timeouts are 60 s (JSON), 120 s (event stream and chat) and
 * 300 s (upload). These cells compress the timeout of the faulted request to 2 s in the harness's credential
 * helper (support/harness.ts) and delay the answer past it; timeout-real.test.ts waits the real 60 s once.
 */

const ctx = new ReliabilityContext();
const wf = FIXTURE_IDS.workflows;

type Operation = 'Start Run + Wait' | 'Wait: event stream' | 'Upload' | 'Produce' | 'Chat';

interface Target {
	method: 'GET' | 'POST';
	/** The simulator's fault selector. */
	path: string;
	/** The same requests, for reading the log and compressing the timeout. */
	pattern: RegExp;
	/** The node's own timeout for this request, in seconds. */
	timeoutS: number;
}

const TARGETS: Record<Operation, Target> = {
	'Start Run + Wait': { method: 'POST', path: '/workflows/runs', pattern: /^\/workflows\/runs$/, timeoutS: 60 },
	'Wait: event stream': { method: 'GET', path: '^/workflows/runs/[^/]+/events$', pattern: /^\/workflows\/runs\/[^/]+\/events$/, timeoutS: 120 },
	Upload: { method: 'POST', path: '/workflow-inputs/documents', pattern: /^\/workflow-inputs\/documents$/, timeoutS: 300 },
	Produce: { method: 'POST', path: '^/document-templates/[^/]+/documents$', pattern: /^\/document-templates\/[^/]+\/documents$/, timeoutS: 60 },
	Chat: { method: 'POST', path: '/v1/chat/completions', pattern: /^\/v1\/chat\/completions$/, timeoutS: 120 },
};
const EVENTS = TARGETS['Wait: event stream'];

/** What the cell must end with: both items succeed, or the first fails with this message (the second succeeds). */
type Expected = { outcome: 'success'; attempts?: number; minRetryGapMs?: number } | { outcome: 'first fails'; message: RegExp; description?: RegExp; attempts: number };

interface Cell {
	operation: Operation;
	fault: Fault;
	rules: FaultRuleInput[];
	compress?: boolean;
	expected: Expected;
	/** At most this many event-stream connections per item (a stream cut on every connection must back off). */
	maxStreamConnections?: number;
}

/** The faulted request's timeout in the "delayed past timeout" cells (item 1's request must still fit in it). */
const COMPRESSED_TIMEOUT_MS = 2000;

const MAY_HAVE_REACHED = /may have reached the service, so it was not sent again/;
const MAY_HAVE_HAPPENED = /may have reached the service|was started, but/;

function cellsFor(operation: Operation): Cell[] {
	const target = TARGETS[operation];
	const on = { method: target.method, path: target.path };
	const stream = operation === 'Chat' ? { path: target.path } : operation === 'Start Run + Wait' ? { path: EVENTS.path } : undefined;
	const isPost = target.method === 'POST';
	const cells: Cell[] = [];
	if (stream && operation === 'Start Run + Wait') {
		// Every connection of the run's stream is cut: the wait must reconnect (with backoff) and still finish.
		for (const [fault, afterFrames] of [['drop after 0 frames', 0], ['drop after 1 frame', 1], ['drop after 5 frames', 5]] as const)
			cells.push({ operation, fault, rules: [{ kind: 'drop-stream', afterFrames, ...stream, times: Infinity }], expected: { outcome: 'success' }, maxStreamConnections: 12 });
	}
	if (stream && operation === 'Chat') {
		// The completion was answered (and counted) when the stream broke: the node must say so, not re-ask.
		for (const [fault, afterFrames] of [['drop after 0 frames', 0], ['drop after 1 frame', 1], ['drop after 5 frames', 5]] as const)
			cells.push({
				operation,
				fault,
				rules: [{ kind: 'drop-stream', afterFrames, ...stream, times: 1 }],
				expected: { outcome: 'first fails', message: /^The answer stream ended before the answer was complete$/, description: /connection may have been cut/, attempts: 1 },
			});
	}
	cells.push(
		{ operation, fault: '423 burst', rules: [{ kind: 'status', status: 423, ...on, times: 3 }], expected: { outcome: 'success', attempts: 4 } },
		{
			operation,
			fault: '429 burst + Retry-After',
			rules: [{ kind: 'status', status: 429, retryAfterSeconds: 1, ...on, times: 2 }],
			expected: { outcome: 'success', attempts: 3, minRetryGapMs: 1000 },
		},
		{
			operation,
			fault: '503 feature_disabled',
			rules: [{ kind: 'status', status: 503, ...on, times: 1 }],
			expected: {
				outcome: 'first fails',
				// Refused while following a run that did start: the message must say the run exists.
				message:
					operation === 'Wait: event stream'
						? /^Run run_[0-9a-f]+ was started, but following it failed: API keys are disabled on this deployment of the service \(feature_disabled\)$/
						: /^API keys are disabled on this deployment of the service \(feature_disabled\)$/,
				description: operation === 'Wait: event stream' ? /do not start it again[^]*Retrying will not help/ : /Retrying will not help/,
				attempts: 1,
			},
		},
		{
			operation,
			fault: 'delayed past timeout',
			// A POST's answer is held after the handler ran (its effect exists); a GET is held before it is processed.
			rules: [{ kind: 'delay', phase: isPost ? 'after' : 'before', ms: COMPRESSED_TIMEOUT_MS + 1000, ...on, times: 1 }],
			compress: true,
			expected: isPost
				? { outcome: 'first fails', message: new RegExp(`^The service did not answer within ${target.timeoutS} s \\(ECONNABORTED\\)$`), description: MAY_HAVE_REACHED, attempts: 1 }
				: { outcome: 'success', attempts: 2 },
		},
		{
			operation,
			fault: 'reset after receipt',
			rules: [{ kind: 'reset', phase: isPost ? 'after' : 'before', ...on, times: 1 }],
			expected: isPost
				? { outcome: 'first fails', message: /^The connection to the service broke before it answered \(ECONNRESET\)$/, description: MAY_HAVE_REACHED, attempts: 1 }
				: { outcome: 'success', attempts: 2 },
		},
	);
	return cells;
}

const OPERATIONS: Operation[] = ['Start Run + Wait', 'Wait: event stream', 'Upload', 'Produce', 'Chat'];
const CELLS = OPERATIONS.flatMap(cellsFor);

// ---- The operations, two items each -------------------------------------------------------------------

/** Different sizes, so a refused upload (logged by its byte count only) is still attributed to its item. */
const UPLOAD_SIZES = [64 * 1024, 80 * 1024];

const cellTag = (cell: Cell) => `${cell.operation} / ${cell.fault}`.replace(/[^A-Za-z0-9]+/g, '-');

function itemsFor(cell: Cell): ItemSpec[] {
	const tag = cellTag(cell);
	return [0, 1].map((index) => ({
		json: {
			text: `Fault matrix ${tag}, item ${index}: summarise the supply agreement.`,
			title: `${tag} item ${index}`,
			question: `Fault matrix ${tag} item ${index}: what does the termination clause of the supply agreement say about notice?`,
		},
		binary:
			cell.operation === 'Upload'
				? { data: { fileName: `${tag}-${index}.pdf`, mimeType: 'application/pdf', generate: 'pdf', sizeBytes: UPLOAD_SIZES[index] } }
				: undefined,
	}));
}

/**
 * Each cell looks at how one request meets its faults, so its items run one at a time (Batch Size 1): the matrix
 * also shows that a Batch Size of 1 behaves as the node did before it had one.
 */
function parametersFor(operation: Operation): IDataObject {
	return { ...operationParameters(operation), batching: { batchSize: 1 } };
}

function operationParameters(operation: Operation): IDataObject {
	switch (operation) {
		case 'Start Run + Wait':
		case 'Wait: event stream':
			return {
				resource: 'run',
				operation: 'start',
				workflowId: byId(wf.agentSummary),
				inputMode: 'text',
				inputText: '={{ $json.text }}',
				waitForCompletion: true,
				downloadFiles: false,
				waitOptions: { checkInterval: 1, timeout: 60 },
			};
		case 'Upload':
			return { resource: 'inputDocument', operation: 'upload', binaryPropertyName: 'data' };
		case 'Produce':
			return {
				resource: 'document',
				operation: 'produce',
				templateId: byId('tpl_offer_letter'),
				title: '={{ $json.title }}',
				answers: {
					mappingMode: 'defineBelow',
					value: { 'employee.name': 'Jordan Lee', 'employee.start_date': '2026-03-01', role: 'Counsel' },
					matchingColumns: [],
					schema: [],
				},
			};
		case 'Chat':
			return { resource: 'chat', operation: 'complete', model: 'dw-standard', messages: { values: [{ role: 'user', content: '={{ $json.question }}' }] } };
	}
}

/** How many times the service acted on each item's input (runs started, uploads stored, documents produced, completions answered). */
function effectsPerItem(cell: Cell, items: ItemSpec[], log: RequestLogEntry[]): number[] {
	switch (cell.operation) {
		case 'Start Run + Wait':
		case 'Wait: event stream': {
			const runs = runAdmin(ctx.sim).runs().filter((run) => run.keyId !== null);
			return items.map((item) => runs.filter((run) => run.input === item.json?.text).length);
		}
		case 'Upload': {
			const uploads = uploadsAdmin(ctx.sim).uploads();
			return items.map((item) => uploads.filter((upload) => upload.filename === item.binary?.data.fileName).length);
		}
		case 'Produce': {
			const documents = templatesAdmin(ctx.sim).documents().filter((document) => document.origin === 'api');
			return items.map((item) => documents.filter((document) => document.title === item.json?.title).length);
		}
		case 'Chat':
			// A completion is answered (and counted) once the handler ran: a 200, or an answer held or cut after it.
			return items.map(
				(item) =>
					log.filter(
						(entry) =>
							TARGETS.Chat.pattern.test(entry.path) &&
							JSON.stringify(entry.requestBody).includes(String(item.json?.question)) &&
							(entry.status === 200 || entry.faults.some((fault) => /delay-after|reset-after/.test(fault))),
					).length,
			);
	}
}

function resultOf(cell: Cell, outcome: ItemOutcome): string | undefined {
	const json = outcome.json;
	switch (cell.operation) {
		case 'Start Run + Wait':
		case 'Wait: event stream':
			return json.status === 'Completed' ? String(json.runId) : undefined;
		case 'Upload':
			return json.status === 'ready' ? String(json.documentId) : undefined;
		case 'Produce':
			return typeof json.documentId === 'string' ? json.documentId : undefined;
		case 'Chat':
			return typeof json.text === 'string' && json.text.length > 0 ? json.text : undefined;
	}
}

// ---- Running the matrix -----------------------------------------------------------------------------

interface CellResult {
	operation: Operation;
	fault: Fault;
	target: string;
	rules: string[];
	outcome: string;
	items: Array<{ ok: boolean; message?: string; effects: number; streamConnections?: number; saysItMayHaveHappened?: boolean }>;
	attempts: number[];
	duplicates: number;
	silentlyDropped: number;
	/** Failed items whose request the service did act on: the message must say it may have. */
	actedOnButFailed: number;
	wallMs: number;
}

const results: CellResult[] = [];

beforeAll(async () => {
	await initFilesystemBinaryData();
	await ctx.start({ runTimeScale: 1, sseHeartbeatMs: 250, ingestionMs: 50, chatChunkDelayMs: 2, defaultRateLimitPerMinute: 100_000 });
});
afterAll(async () => {
	await ctx.stop();
	const scan = ctx.scan();
	writeResults('faults', { cells: results, scan });
	expect(scan.leaks).toEqual([]);
});

describe('fault matrix', () => {
	it.each(CELLS.map((cell) => [`${cell.operation} × ${cell.fault}`, cell] as const))('%s', async (_name, cell) => {
		ctx.reset();
		for (const rule of cell.rules) ctx.sim.admin.addFault(rule);
		const target = TARGETS[cell.operation];
		const items = itemsFor(cell);
		const started = Date.now();
		compressTimeouts(cell.compress ? { method: target.method, path: target.pattern, factor: COMPRESSED_TIMEOUT_MS / (target.timeoutS * 1000) } : undefined);
		let outcomes: ItemOutcome[];
		try {
			outcomes = itemOutcomes(await runNode(ctx, { parameters: parametersFor(cell.operation), items, continueOnFail: true }));
		} finally {
			compressTimeouts(undefined);
		}
		const wallMs = Date.now() - started;
		const log = ctx.sim.admin.requests();
		const effects = effectsPerItem(cell, items, log);

		// Attempts of the faulted request, per item: the entries for an item lie between its first attempt and the next item's.
		const targeted = log.filter((entry) => entry.method === target.method && target.pattern.test(entry.path));
		const byItem = splitByItem(cell, targeted, items);
		const result: CellResult = {
			operation: cell.operation,
			fault: cell.fault,
			target: cell.rules[0].path === target.path ? `${target.method} ${target.path}` : `GET ${String(cell.rules[0].path)}`,
			rules: cell.rules.map((rule) => `${rule.kind}${'status' in rule ? ` ${rule.status}` : ''}${'afterFrames' in rule ? ` after ${rule.afterFrames}` : ''}${'phase' in rule && rule.phase ? ` (${rule.phase})` : ''} × ${rule.times === Infinity ? 'every' : rule.times}`),
			outcome: describeOutcome(outcomes),
			items: outcomes.map((outcome, index) => ({
				ok: outcome.ok,
				message: outcome.message,
				effects: effects[index],
				streamConnections: ((outcome.json.wait ?? {}) as IDataObject).streamConnections as number | undefined,
				saysItMayHaveHappened: outcome.ok ? undefined : MAY_HAVE_HAPPENED.test(`${outcome.message ?? ''}\n${String(outcome.json.description ?? '')}`),
			})),
			attempts: byItem.map((entries) => entries.length),
			duplicates: effects.filter((count) => count > 1).length,
			silentlyDropped: 0,
			actedOnButFailed: outcomes.filter((outcome, index) => !outcome.ok && effects[index] > 0).length,
			wallMs,
		};
		// Nothing silently dropped: one output per input, paired; a success has its result and exactly one effect.
		const dropped = items.length - outcomes.length + outcomes.filter((outcome, index) => outcome.ok && (!resultOf(cell, outcome) || effects[index] !== 1)).length;
		result.silentlyDropped = dropped;
		results.push(result);

		expect(outcomes.map((outcome) => outcome.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// A failed item whose request the service acted on (a run started, an upload stored, a document made) says so.
		if (cell.operation !== 'Chat')
			for (const item of result.items.filter((candidate) => !candidate.ok && candidate.effects > 0)) expect(item).toMatchObject({ saysItMayHaveHappened: true });
		expect(result.duplicates).toBe(0);
		expect(dropped).toBe(0);
		for (const outcome of outcomes.filter((candidate) => !candidate.ok)) expect({ message: outcome.message, problem: plainMessageProblem(outcome.message) }).toEqual({ message: outcome.message, problem: undefined });

		const expected = cell.expected;
		if (expected.outcome === 'success') {
			expect(outcomes.map((outcome) => [outcome.ok, outcome.message])).toEqual([
				[true, undefined],
				[true, undefined],
			]);
			// Waits of a batch run side by side: both items' streams meet the burst, so its attempts are
			// counted over both items (less the other item's one success); sends stay one item after the other.
			const burstAttempts = cell.operation === 'Wait: event stream' ? result.attempts[0] + result.attempts[1] - 1 : result.attempts[0];
			if (expected.attempts !== undefined) expect(burstAttempts).toBe(expected.attempts);
			if (expected.minRetryGapMs !== undefined) {
				const times = byItem[0].map((entry) => Date.parse(entry.at));
				for (let index = 1; index < times.length; index++) expect(times[index] - times[index - 1]).toBeGreaterThanOrEqual(expected.minRetryGapMs);
			}
		} else {
			expect(outcomes[0].ok).toBe(false);
			expect(outcomes[0].message).toMatch(expected.message);
			if (expected.description) expect(String(outcomes[0].json.description)).toMatch(expected.description);
			expect(outcomes[0].json.itemIndex).toBe(0);
			expect(result.attempts[0]).toBe(expected.attempts);
			expect(outcomes[1].ok).toBe(true);
		}
		if (cell.maxStreamConnections !== undefined)
			for (const item of result.items) expect(item.streamConnections ?? 0).toBeLessThanOrEqual(cell.maxStreamConnections);
	});
});

/** The targeted requests of each item. Items run one after the other, so the log splits where item 1 begins. */
function splitByItem(cell: Cell, entries: RequestLogEntry[], items: ItemSpec[]): RequestLogEntry[][] {
	const belongsTo = (entry: RequestLogEntry, index: number): boolean => {
		const json = items[index].json ?? {};
		const body = JSON.stringify(entry.requestBody ?? null);
		switch (cell.operation) {
			case 'Start Run + Wait':
				return body.includes(String(json.text));
			case 'Produce':
				return body.includes(String(json.title));
			case 'Chat':
				return body.includes(String(json.question));
			case 'Upload': {
				const bytes = (entry.requestBody as { bytes?: unknown } | undefined)?.bytes;
				return body.includes(String(items[index].binary?.data.fileName)) || (typeof bytes === 'number' && Math.abs(bytes - UPLOAD_SIZES[index]) < 2048);
			}
			case 'Wait: event stream': {
				const run = runAdmin(ctx.sim).runs().find((candidate) => candidate.input === json.text);
				return !!run && entry.path.includes(run.runId);
			}
		}
	};
	return [0, 1].map((index) => entries.filter((entry) => belongsTo(entry, index)));
}

function describeOutcome(outcomes: ItemOutcome[]): string {
	if (outcomes.every((outcome) => outcome.ok)) return 'both items succeeded';
	return outcomes.map((outcome) => (outcome.ok ? `item ${outcome.index} succeeded` : `item ${outcome.index} failed: ${outcome.message}`)).join('; ');
}
